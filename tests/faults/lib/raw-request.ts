// A request on a connection of its own (no pooling), whose body can be sent in parts: a learner on a
// slow line whose request is in flight for seconds, or one who stops sending half-way.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface RawAnswer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** Set when the exchange failed without a whole answer. */
  error?: string;
  answeredAt: number;
}

export interface SlowRequest {
  /** Sends the rest of the body and ends the request. */
  finish(): void;
  answer: Promise<RawAnswer>;
}

/**
 * Starts a request and sends its headers and the first `sentPart` (0 to 1) of the body at once; the
 * rest goes when finish() is called (never, for a client that stalls).
 */
export function slowRequest(
  url: string,
  options: { method: string; headers: Record<string, string>; body: string; sentPart: number },
): SlowRequest {
  const body = Buffer.from(options.body);
  const split = Math.floor(body.length * options.sentPart);
  const request = http.request(url, {
    method: options.method,
    agent: false,
    headers: body.length
      ? { ...options.headers, 'content-type': 'application/json', 'content-length': String(body.length) }
      : options.headers,
  });
  const answer = new Promise<RawAnswer>((resolve) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          headers: response.headers,
          answeredAt: performance.now(),
        }),
      );
      response.on('error', (error) =>
        resolve({
          status: response.statusCode ?? 0,
          body: '',
          headers: response.headers,
          error: `truncated: ${error.message}`,
          answeredAt: performance.now(),
        }),
      );
    });
    request.on('error', (error) =>
      resolve({
        status: 0,
        body: '',
        headers: {},
        error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`.trim(),
        answeredAt: performance.now(),
      }),
    );
  });
  request.flushHeaders();
  if (split > 0) request.write(body.subarray(0, split));
  return {
    finish() {
      if (!request.destroyed) request.end(body.subarray(split));
    },
    answer,
  };
}

/** One GET on a new connection: how the server answers a newcomer (refused, 503, ...). */
export function newConnectionGet(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 5000,
): Promise<RawAnswer> {
  const request = slowRequest(url, { method: 'GET', headers, body: '', sentPart: 0 });
  request.finish();
  return Promise.race([
    request.answer,
    new Promise<RawAnswer>((resolve) =>
      setTimeout(
        () => resolve({ status: 0, body: '', headers: {}, error: 'timeout', answeredAt: performance.now() }),
        timeoutMs,
      ).unref(),
    ),
  ]);
}
