// Stopping under load: a request in flight is finished, a request that arrives on an open connection
// after the stop began is answered 503 serviceUnavailable with Retry-After and the connection closed,
// a new connection is refused, and a client that never finishes its request cannot hold the stop
// beyond the grace period. (tests/faults/graceful-shutdown.ts does the same to the whole server under
// load.)
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { messageBody } from '../../contract/messages';
import { createTestApp, type TestApp } from '../test/test-app';
import { signInAs } from '../test/sign-in';
import { createCourseFixture } from '../test/course-fixture';
import { stopGracefully } from './stopping';

/** A raw HTTP/1.1 connection: what is written goes as is; `received` is everything the server sent until it closed. */
function connection(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  let text = '';
  socket.on('data', (chunk) => (text += chunk));
  const received = new Promise<{ text: string; error?: string }>((resolve) => {
    socket.on('close', () => resolve({ text }));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ text, error: error.code }));
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, received, connected };
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
  it('finishes a request in flight, answers one begun after the stop 503 and refuses new connections', async () => {
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
    await Promise.all([inFlight.connected, late.connected]);
    await tick(100);

    const stopped = stopGracefully(app, 5000);
    await tick(100);
    const newcomer = connection(port);
    expect((await newcomer.received).error).toBe('ECONNREFUSED');

    late.socket.write('Host: localhost\r\n\r\n');
    const refused = parse((await late.received).text);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual(messageBody('serviceUnavailable'));
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers.connection).toBe('close');

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
