// A listening socket held by the test, as systemd holds one for a service (socket activation), and
// handed to each instance it starts on that port as descriptor 3 (LISTEN_FDS=1). The socket outlives
// the instance: a connection nginx opens while the instance restarts waits in the socket's queue for
// the next one, instead of being refused, or reset when the instance closes its listener with
// connections still queued (ADR 37).
//
// The test's own process must hold the socket without ever taking a connection from it, which
// `net.Server` cannot do (it accepts as soon as it listens). Node's cluster module holds sockets
// for its workers in exactly this way, with `net._createServerHandle`: a bound socket that the
// instances put into the listening state, and that this process never polls.
import net from 'node:net';

interface ServerHandle {
  readonly fd: number;
  close(callback?: () => void): void;
}

type CreateServerHandle = (
  address: string,
  port: number,
  addressType: 4 | 6,
  fd?: number,
  flags?: number,
) => ServerHandle | number;

export interface HeldSocket {
  /** The descriptor, in this process, to hand to an instance as its descriptor 3. */
  readonly fd: number;
  readonly open: boolean;
  /** Closes it, as a machine lost takes its socket with it: connections still queued are reset. */
  close(): Promise<void>;
}

/** Binds 127.0.0.1:port and keeps the socket until `close`. */
export function holdSocket(port: number): HeldSocket {
  const create = (net as unknown as { _createServerHandle?: CreateServerHandle })._createServerHandle;
  if (typeof create !== 'function')
    throw new Error('this Node.js has no net._createServerHandle to hold a socket with');
  const handle = create('127.0.0.1', port, 4);
  if (typeof handle === 'number') throw new Error(`binding 127.0.0.1:${port} failed (errno ${handle})`);
  let open = true;
  return {
    fd: handle.fd,
    get open() {
      return open;
    },
    close() {
      if (!open) return Promise.resolve();
      open = false;
      return new Promise((resolve) => handle.close(() => resolve()));
    },
  };
}
