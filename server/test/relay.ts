// A TCP relay to PostgreSQL or Redis that tests cut and restore, as a restart or a network fault
// would: every connection through it breaks at once, and none can be made until it is up again.
// With replyDelayMs it also holds every answer that long, as a loaded machine or a slow link does.
import net from 'node:net';
import { freePort } from './ports';

export async function relayTo(target: { host: string; port: number }, options: { replyDelayMs?: number } = {}) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const up = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream);
      if (options.replyDelayMs)
        upstream.on('data', (chunk: Buffer) => setTimeout(() => client.write(chunk), options.replyDelayMs));
      else upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  };
  const down = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
  };
  await up();
  return { port, up, down };
}
