// The size and SHA-256 of a file read as a stream, without holding it in memory: an upload's
// changed bytes (uploads) and a stored file a course pack lists (packs) are hashed the same way.
import { createHash } from 'node:crypto';

export async function streamDigest(stream: AsyncIterable<Uint8Array>): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}
