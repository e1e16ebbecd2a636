// The server as an operator meets it: it starts on an empty data folder, refuses a second server on
// the same folder, stops cleanly on SIGINT and SIGTERM, and finds its data again after a restart.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-lifecycle-'));
const running = new Set<ChildProcessWithoutNullStreams>();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    // No load shedding: the first import after the start keeps the event loop busy on a CI
    // machine, and this test is about starting and stopping (shedding has its own test).
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMS_PROVIDER: 'console',
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    },
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function waitHealthy(server: Server) {
  for (let i = 0; i < 240; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start: ${server.output()}`);
}

/** The console SMS provider's log line; it may reach the pipe a moment after the HTTP answer. */
async function codeFromLog(server: Server, mobile: string): Promise<string | undefined> {
  for (let i = 0; i < 50; i++) {
    const code = server.output().match(new RegExp(`${mobile}\\D+(\\d{6})`))?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server lifecycle on the embedded database', () => {
  const mobile = '919812345670';

  it('starts on an empty folder, imports the sample content, and refuses a second server there', async () => {
    const first = await startServer();
    await waitHealthy(first);
    const blogs = await (await fetch(`${first.url}/api/blog/public?offset=0&limit=4`)).json();
    expect(blogs.response.count).toBeGreaterThan(0);

    // A learner signs up, so there is something to find after a restart.
    expect((await post(`${first.url}/api/user/send-otp`, { mobile })).status).toBe(404);
    const code = await codeFromLog(first, mobile);
    expect(code).toMatch(/^\d{6}$/);
    expect((await post(`${first.url}/api/user/register`, { mobile, otp: code, name: 'Lakshmi Devi' })).status).toBe(
      200,
    );

    const second = await startServer();
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`Another server (process ${first.child.pid}) is using the data folder`);

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('finds its data again after a restart and stops on SIGTERM', async () => {
    const again = await startServer();
    await waitHealthy(again);
    // Registered before the restart: the number is known (200), not new (404).
    expect((await post(`${again.url}/api/user/send-otp`, { mobile })).status).toBe(200);
    // The sample content was not imported a second time.
    expect(again.output()).not.toMatch(/importing the sample content/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
