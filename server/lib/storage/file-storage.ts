// The one interface for stored files (images, documents, videos). The local disk implementation
// serves one instance; several instances share one store that implements the same interface (an
// S3-compatible bucket), chosen in create-storage.ts. Callers never see paths on a disk.
import type { Readable } from 'node:stream';

export type StorageBody = Uint8Array | Readable;

export interface FileStorage {
  /**
   * Stores the body under the key, replacing what was there. A reader sees the old file or the
   * whole new one, never part of one, even if the body fails half-way.
   */
  put(key: string, body: StorageBody, contentType: string): Promise<void>;
  /** The whole file; StoredFileMissingError when there is none. */
  get(key: string): Promise<Buffer>;
  /** The file as a stream, for large files; StoredFileMissingError when there is none. */
  stream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * How the site addresses the file: the relative path the API returns and the database keeps
   * (`uploads/<key>` for the local disk), or an absolute https address for a store on another host.
   */
  publicPath(key: string): string;
  /** The key of a path publicPath gave, or null for a path that is not one of this store's files. */
  keyOf(publicPath: string): string | null;
}

/**
 * Uploaded files live under this folder, named by their hash, and never change (so the static file
 * server lets them be cached for a year).
 */
export const CONTENT_KEY_FOLDER = 'by-hash';

/** `by-hash/3f/3f9c...e1.webp`: 128 bits of the bytes' SHA-256, in a folder of its first two digits. */
export function contentKey(sha256Hex: string, extension: string): string {
  return `${CONTENT_KEY_FOLDER}/${sha256Hex.slice(0, 2)}/${sha256Hex.slice(0, 32)}.${extension}`;
}

export class StorageKeyError extends Error {}

export class StoredFileMissingError extends Error {
  constructor(readonly key: string) {
    super(`No stored file has the key "${key}"`);
  }
}

// Segments start with a letter or digit, so no key can be "..", climb out of the store, or reach
// the store's own hidden working folders (which start with a dot).
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/** Refuses anything that is not a plain relative key such as `by-hash/3f/3f9c....webp`. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new StorageKeyError(`A storage key must have 1 to ${MAX_KEY_LENGTH} characters`);
  }
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) {
      throw new StorageKeyError(
        `The storage key "${key}" is not allowed: use folders and names of letters, digits, dots, dashes and underscores, each starting with a letter or digit`,
      );
    }
  }
}
