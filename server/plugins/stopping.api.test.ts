// Stopping under load: a request in flight is finished, a request that arrives on an open connection
// after the stop began is answered as usual and its connection closed, an idle keep-alive connection
// is left for its client (a balancer) to use once more or close, a new connection is refused, and a
// client that never finishes its request cannot hold the stop beyond the grace period.
// (tests/faults/graceful-shutdown.ts does the same to the whole server under load, and
// tests/cluster/ to instances behind nginx in a rolling restart.)
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { signInAs } from '../test/sign-in';
import { createCourseFixture } from '../test/course-fixture';
import { stopGracefully } from './stopping';

/** A raw HTTP/1.1 connection: what is written goes as is; `received` is everything the server sent until it closed. */
function connection(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  const state = { text: '' };
  socket.on('data', (chunk) => (state.text += chunk));
  const received = new Promise<{ text: string; error?: string }>((resolve) => {
    socket.on('close', () => resolve({ text: state.text }));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ text: state.text, error: error.code }));
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    socket,
    received,
    connected,
    /** What arrived so far; set to '' to read the next answer alone. */
    get text() {
      return state.text;
    },
    set text(value: string) {
      state.text = value;
    },
  };
}

/** Waits until a whole answer (headers and the Content-Length of body) has arrived on a connection that stays open. */
async function waitForText(c: ReturnType<typeof connection>): Promise<{ text: string }> {
  for (let i = 0; i < 200; i++) {
    const [head, body = ''] = c.text.split('\r\n\r\n');
    const length = /content-length: (\d+)/i.exec(head ?? '')?.[1];
    if (length !== undefined && Buffer.byteLength(body) >= Number(length)) return { text: c.text };
    await tick(25);
  }
  throw new Error(`no whole answer: ${c.text.slice(0, 200)}`);
}

function parse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let test: TestApp | undefined;
afterEach(async () => {
  await test?.app.close();
  await test?.database.close();
  test = undefined;
});

describe('stopping the server', () => {
  it('finishes a request in flight, answers one begun after the stop, keeps an idle connection for one more, and refuses new connections', async () => {
    test = await createTestApp();
    const { app } = test;
    const {
      headers: { cookie },
    } = await signInAs(app);
    const { courseId: course } = await createCourseFixture(app.db);
    expect(
      (await app.inject({ method: 'POST', url: `/api/progress/en/${course}`, headers: { cookie } })).statusCode,
    ).toBe(201);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    // A journal entry whose headers and half its body have arrived...
    const body = JSON.stringify({ text: 'Save a little every week.' });
    const inFlight = connection(port);
    inFlight.socket.write(
      `PUT /api/progress/en/${course}/journal HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    // ...and a request of which only the first line has arrived when the stop begins.
    const late = connection(port);
    late.socket.write('GET /api/course/public?lang=en HTTP/1.1\r\n');
    // A balancer's idle keep-alive connection: one answer, then nothing under way.
    const idle = connection(port);
    idle.socket.write('GET /api/course/public?lang=en HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await Promise.all([inFlight.connected, late.connected, idle.connected]);
    await tick(100);
    expect(parse((await waitForText(idle)).text).status).toBe(200);

    const stopped = stopGracefully(app, 5000);
    await tick(100);
    const newcomer = connection(port);
    expect((await newcomer.received).error).toBe('ECONNREFUSED');

    late.socket.write('Host: localhost\r\n\r\n');
    const answered = parse((await late.received).text);
    expect(answered.status).toBe(200);
    expect(answered.headers.connection).toBe('close');

    // The idle connection is still open: a request the balancer sends on it now is answered, and
    // the connection closed after it.
    idle.text = '';
    idle.socket.write('GET /api/course/public?lang=en HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const onIdle = parse((await idle.received).text);
    expect(onIdle.status).toBe(200);
    expect(onIdle.headers.connection).toBe('close');

    inFlight.socket.write(body.slice(10));
    const finished = parse((await inFlight.received).text);
    expect(finished.status).toBe(200);
    expect(finished.headers.connection).toBe('close');
    await stopped;
    const { database } = test;
    const saved = await database.db.query.journalEntries.findFirst();
    expect(saved?.text).toBe('Save a little every week.');
  });

  it('closes a connection whose request never completes once the grace period is over', async () => {
    test = await createTestApp();
    const { app } = test;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const stalled = connection(port);
    stalled.socket.write(
      'POST /api/user/send-otp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"mo',
    );
    await stalled.connected;
    await tick(100);

    const start = Date.now();
    await stopGracefully(app, 300);
    const took = Date.now() - start;
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(5000);
    const { text } = await stalled.received;
    expect(text).toBe('');
  });
});
