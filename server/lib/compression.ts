// How answers are compressed: which encodings, from what size, and Brotli at a quality fast enough
// per request. The compression plugin (plugins/compression.ts) compresses answers as they are sent;
// answers kept finished (lib/cached-json.ts) keep their compressed bytes too, made once per answer.
import zlib from 'node:zlib';

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
