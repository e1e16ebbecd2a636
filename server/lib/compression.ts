// How answers are compressed: which encodings, from what size, and Brotli at a quality fast enough
// per request. The compression plugin (plugins/compression.ts) compresses answers as they are sent;
// answers kept finished (lib/cached-json.ts, the pages of modules/pages) keep their compressed bytes
// too, made once per answer: sendFinished.
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** Smaller answers are sent as they are. */
export const COMPRESS_THRESHOLD = 1024;
export const BROTLI_QUALITY = 5;

/**
 * The encoding of ours that an Accept-Encoding header accepts with the highest weight (ours in order
 * on a tie; `*` stands for any other); undefined for none.
 */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim() === 'x-gzip' ? 'gzip' : name.trim(), q === undefined ? 1 : Number(q));
  }
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

export function compressAs(encoding: Encoding, body: Buffer): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body);
}

/** An answer kept ready to send: its bytes, and its bytes in each encoding a client has asked for. */
export type Finished = { body: Buffer } & Partial<Record<Encoding, Buffer>>;

/**
 * Sends a kept answer (its Content-Type already set) in the encoding the request accepts, compressing
 * it the first time that encoding is asked for and keeping the result on `finished`.
 */
export function sendFinished(request: FastifyRequest, reply: FastifyReply, finished: Finished): FastifyReply {
  if (finished.body.length < COMPRESS_THRESHOLD) return reply.send(finished.body);
  // Whether the answer is compressed depends on the request's Accept-Encoding: shared caches must know.
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(finished.body);
  // Sent with its Content-Encoding, the compression plugin leaves it as it is.
  finished[encoding] ??= compressAs(encoding, finished.body);
  return reply.header('content-encoding', encoding).send(finished[encoding]);
}
