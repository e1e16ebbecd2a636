// Ids derived from slugs (UUID v5, RFC 4122 section 4.3), so importing the same content twice, or on
// another machine, gives every row the same id and links to a course or a lesson never break.
import { createHash } from 'node:crypto';

/** The platform's own namespace; changing it would change every content id. */
export const CONTENT_NAMESPACE = '6f1c3b52-8d4e-4f0a-9a57-3e2b9c41d7a8';

export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new Error(`Not a UUID: ${namespace}`);
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** stableId('lesson', course, lang, chapter, lesson): slugs hold no "/", so the joined name is unambiguous. */
export function stableId(...parts: string[]): string {
  return uuidV5(parts.join('/'), CONTENT_NAMESPACE);
}
