// Stored files on the local disk, in the folder the server serves under /uploads
// (server/plugins/static-files.ts). Each file is written to a working folder inside the root and
// renamed into place, so a reader (or the static file server) never sees half a file, and a failed
// write leaves nothing behind.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  StorageKeyError,
  StoredFileMissingError,
  type FileStorage,
  type StorageBody,
} from './file-storage';

export interface LocalDiskStorageOptions {
  /** The uploads folder, e.g. DATA_DIR/uploads, which the site serves under /uploads. */
  root: string;
}

// Inside the root so that rename() stays on one file system (and so is atomic). Its name starts
// with a dot, which no key can, so no stored file lands in it; a file there lives only while it is
// being written, under a random name.
export const WORKING_FOLDER = '.incoming';

export function createLocalDiskStorage({ root }: LocalDiskStorageOptions): FileStorage {
  const base = path.resolve(root);
  const working = path.join(base, WORKING_FOLDER);

  function fileFor(key: string): string {
    assertValidKey(key);
    const file = path.resolve(base, key);
    // The key rules already keep a key inside the root; this holds even if they are loosened.
    if (!file.startsWith(base + path.sep))
      throw new StorageKeyError(`The storage key "${key}" leaves the storage folder`);
    return file;
  }

  async function missingAsError<T>(key: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissingError(key);
      throw error;
    }
  }

  return {
    async put(key: string, body: StorageBody, _contentType: string): Promise<void> {
      // The static file server derives the content type from the name's extension.
      const file = fileFor(key);
      await fsp.mkdir(working, { recursive: true });
      const temporary = path.join(working, `${randomUUID()}.part`);
      try {
        if (body instanceof Readable) {
          // flush: the bytes reach the disk before the rename makes them visible.
          await pipeline(body, fs.createWriteStream(temporary, { flags: 'wx', flush: true }));
        } else {
          await fsp.writeFile(temporary, body, { flag: 'wx', flush: true });
        }
        await fsp.mkdir(path.dirname(file), { recursive: true });
        await fsp.rename(temporary, file);
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key: string): Promise<Buffer> {
      const file = fileFor(key);
      return missingAsError(key, () => fsp.readFile(file));
    },

    async stream(key: string): Promise<Readable> {
      const file = fileFor(key);
      // Opened before returning, so a missing file is an error here and not later on the stream.
      return missingAsError(key, async () => {
        const handle = await fsp.open(file, 'r');
        return handle.createReadStream();
      });
    },

    async exists(key: string): Promise<boolean> {
      const file = fileFor(key);
      try {
        return (await fsp.stat(file)).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      await fsp.rm(fileFor(key), { force: true });
    },

    publicPath(key: string): string {
      assertValidKey(key);
      return `uploads/${key}`;
    },

    keyOf(publicPath: string): string | null {
      const key = publicPath.replace(/^\//, '').match(/^uploads\/(.+)$/)?.[1];
      if (!key) return null;
      try {
        assertValidKey(key);
        return key;
      } catch (error) {
        if (error instanceof StorageKeyError) return null;
        throw error;
      }
    },
  };
}
