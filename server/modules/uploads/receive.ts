// Takes in an upload's bytes, counting and hashing them as they come, and stops at the limit
// without reading the rest: an oversized upload costs the server its limit, not its size.
// Images are held in memory (their limit is small, and they are decoded or cleaned whole);
// documents and videos, stored as uploaded, are written to a scratch file on disk, so 200 MB never
// sits in memory.
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { SNIFF_BYTES } from './sniff';

export type UploadSource = Uint8Array | AsyncIterable<Uint8Array>;

export interface Received {
  size: number;
  /** SHA-256 of the bytes as uploaded, in hex. */
  sha256: string;
  /** The first bytes, for sniffFormat. */
  head: Buffer;
}

/** The source is longer than the limit; what was read so far is dropped. */
export class OverLimit extends Error {
  constructor(readonly size: number | undefined) {
    super('over the limit');
  }
}

async function* chunksOf(source: UploadSource): AsyncIterable<Uint8Array> {
  if (source instanceof Uint8Array) yield source;
  else yield* source;
}

export async function receiveInMemory(source: UploadSource, limit: number): Promise<Received & { bytes: Buffer }> {
  if (source instanceof Uint8Array) {
    if (source.length > limit) throw new OverLimit(source.length);
    const bytes = Buffer.from(source.buffer, source.byteOffset, source.length);
    return {
      bytes,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      head: bytes.subarray(0, SNIFF_BYTES),
    };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const hash = createHash('sha256');
  for await (const chunk of chunksOf(source)) {
    size += chunk.length;
    // Leaving the loop ends the stream (its return() is called), so nothing more is read.
    if (size > limit) throw new OverLimit(undefined);
    hash.update(chunk);
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks, size);
  return { bytes, size, sha256: hash.digest('hex'), head: bytes.subarray(0, SNIFF_BYTES) };
}

/** Writes the source to a new file in dir; the caller removes the file when done with it. */
export async function receiveToFile(
  source: UploadSource,
  limit: number,
  dir: string,
): Promise<Received & { file: string }> {
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.upload`);
  const out = fs.createWriteStream(file, { flags: 'wx' });
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  try {
    for await (const chunk of chunksOf(source)) {
      size += chunk.length;
      if (size > limit) throw new OverLimit(source instanceof Uint8Array ? source.length : undefined);
      hash.update(chunk);
      if (headLength < SNIFF_BYTES) {
        head.push(Buffer.from(chunk.subarray(0, SNIFF_BYTES - headLength)));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
      // Waits when the disk is slower than the upload, so chunks do not pile up in memory.
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await finished(out);
  } catch (error) {
    // The file may still be opening (a first chunk already over the limit): removed before the open
    // ends, it would be created after and left behind. Destroying waits for the open, then closes.
    out.destroy();
    if (!out.closed) await once(out, 'close');
    await fsp.rm(file, { force: true });
    throw error;
  }
  return { file, size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
}
