// The real server (server/main.ts: configuration, data-folder lock, migrations, sample content,
// signals) in a child process on 127.0.0.1, run from source through tsx so no build is needed. It
// serves the API alone (WEB_DIR names a folder without a web build): the faults are the API's.
// tests/cluster/ runs the built one instead, as `npm start` does.
// Its JSON log is kept in memory, so a script can read one-time passwords (the console SMS
// provider writes them there) and check what the server said about a fault.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { freePort, waitFor } from '../../../server/test/ports';

export const root = path.resolve(import.meta.dirname, '../../..');

export interface LogLine {
  level?: number;
  msg?: string;
  [field: string]: unknown;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Every line the server wrote, parsed (a line that is not JSON is kept as its msg). */
  log: LogLine[];
  exited: Promise<Exit>;
  /** Resolves when /health/ready answers 200; throws if the server exits or the time runs out. */
  waitReady(timeoutMs?: number): Promise<number>;
  /** The next one-time password the server logs for the number (each is handed out once). */
  otpFor(mobile: string, timeoutMs?: number): Promise<string>;
  /** The one-time password logged for the number and not yet handed out, handed out now; or undefined. */
  takeOtp(mobile: string): string | undefined;
  /** Log lines whose message matches. */
  logged(pattern: RegExp): LogLine[];
  /** Sends the signal and waits for the exit (SIGKILL after `timeoutMs`). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
}

/**
 * Settings every script's server shares: the console SMS provider (codes in the log), no wait
 * between codes, and the script's client as the one trusted proxy, so each simulated learner
 * comes from an address of its own (X-Forwarded-For) as behind a load balancer, under the
 * server's ordinary per-address limits. No load shedding: these scripts look at what faults do to
 * acknowledged writes, and a request shed on a busy CI machine would say nothing about them
 * (shedding has its own test, server/plugins/load-shedding.test.ts).
 */
export const BASE_ENV: Record<string, string> = {
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  SMS_PROVIDER: 'console',
  TRUST_PROXY: 'loopback',
  OTP_RESEND_COOLDOWN_SECONDS: '0',
  LOG_LEVEL: 'info',
  DATABASE_URL: '',
  REDIS_URL: '',
  METRICS_TOKEN: '',
  LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
};

/**
 * Starts the server with these settings on top of BASE_ENV; on `port` (to come back where learners
 * know it) or a free one. From source, serving the API alone; `built` runs it as `npm start` does
 * (dist/server/main.js, with the web app), which the caller has built. `socketFd` hands it a
 * listening socket on that port as descriptor 3 (LISTEN_FDS=1), as systemd's socket activation does.
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
  options: { built?: boolean; socketFd?: number } = {},
): Promise<ServerProcess> {
  port ??= await freePort();
  const args = options.built ? ['--enable-source-maps', 'dist/server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...BASE_ENV,
      ...(options.built ? {} : { WEB_DIR: path.join(root, 'tests/faults/no-web-build') }),
      PORT: String(port),
      ...(options.socketFd === undefined ? {} : { LISTEN_FDS: '1' }),
      ...env,
    },
    stdio: options.socketFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe', options.socketFd],
  });
  const log: LogLine[] = [];
  // The latest one-time password per number, as the lines arrive (hundreds of learners wait for theirs at once).
  const codes = new Map<string, string>();
  const otpLine = /One-time password for (\d+): (\d+)/;
  const read = (stream: NodeJS.ReadableStream) => {
    let buffer = '';
    stream.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (!line.trim()) continue;
        let parsed: LogLine;
        try {
          parsed = JSON.parse(line) as LogLine;
        } catch {
          parsed = { msg: line };
        }
        log.push(parsed);
        const otp = parsed.msg?.includes('One-time password') ? otpLine.exec(parsed.msg) : null;
        if (otp) codes.set(otp[1]!, otp[2]!);
      }
    });
  };
  read(child.stdout!);
  read(child.stderr!);
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;

  const server: ServerProcess = {
    url,
    pid: child.pid!,
    child,
    log,
    exited,
    async waitReady(timeoutMs = 60_000) {
      const start = Date.now();
      let exitedEarly = false;
      void exited.then(() => (exitedEarly = true));
      await waitFor(
        async () => {
          if (exitedEarly) throw new Error(`the server exited before it was ready:\n${tail(log)}`);
          return (await probe(`${url}/health/ready`)) === 200;
        },
        timeoutMs,
        'the server to be ready',
      );
      return Date.now() - start;
    },
    takeOtp(mobile) {
      const code = codes.get(mobile);
      // Used once: a later sign-in of the number waits for its new code.
      codes.delete(mobile);
      return code;
    },
    async otpFor(mobile, timeoutMs = 10_000) {
      let code: string | undefined;
      await waitFor(
        () => (code = server.takeOtp(mobile)) !== undefined,
        timeoutMs,
        `the one-time password for ${mobile} in the log`,
      );
      return code!;
    },
    logged: (pattern) => log.filter((line) => pattern.test(line.msg ?? '')),
    async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        const exit = await exited;
        clearTimeout(timer);
        return exit;
      }
      return exited;
    },
  };
  return server;
}

/**
 * The status of a GET on a connection of its own, closed after it (or 0 when there is no answer): a
 * health probe must not keep an idle connection open, which a stopping server would wait for.
 */
function probe(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 2000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/** The last lines of a log, for a message about a server that stopped unexpectedly. */
export function tail(log: LogLine[], lines = 15): string {
  return log
    .slice(-lines)
    .map((line) => `    ${line.msg ?? JSON.stringify(line)}`)
    .join('\n');
}
