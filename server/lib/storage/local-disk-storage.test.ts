import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage } from './create-storage';
import { assertValidKey, StorageKeyError, StoredFileMissingError, type FileStorage } from './file-storage';
import { createLocalDiskStorage, WORKING_FOLDER } from './local-disk-storage';

let root: string;
let storage: FileStorage;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
  storage = createLocalDiskStorage({ root });
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every file under the root, relative, working folder included. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('local disk storage', () => {
  it('stores bytes and a stream under a key, reads them back, and removes them', async () => {
    await storage.put('by-hash/ab/one.txt', Buffer.from('first'), 'text/plain');
    await storage.put('by-hash/cd/two.txt', Readable.from([Buffer.from('sec'), Buffer.from('ond')]), 'text/plain');

    expect((await storage.get('by-hash/ab/one.txt')).toString()).toBe('first');
    expect(await text(await storage.stream('by-hash/cd/two.txt'))).toBe('second');
    expect(fs.readFileSync(path.join(root, 'by-hash/ab/one.txt'), 'utf8')).toBe('first');
    expect(await storage.exists('by-hash/ab/one.txt')).toBe(true);

    await storage.delete('by-hash/ab/one.txt');
    expect(await storage.exists('by-hash/ab/one.txt')).toBe(false);
    await expect(storage.delete('by-hash/ab/one.txt')).resolves.toBeUndefined();
    await expect(storage.get('by-hash/ab/one.txt')).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(storage.stream('by-hash/ab/one.txt')).rejects.toBeInstanceOf(StoredFileMissingError);
    expect(filesUnder(root)).toEqual(['by-hash/cd/two.txt']);
  });

  it('gives the path the site serves a key under, as the importer stores paths', () => {
    expect(storage.publicPath('by-hash/ab/one.webp')).toBe('uploads/by-hash/ab/one.webp');
    expect(storage.keyOf('uploads/by-hash/ab/one.webp')).toBe('by-hash/ab/one.webp');
    expect(storage.keyOf('/uploads/courses/money-basics/cover.svg')).toBe('courses/money-basics/cover.svg');
    expect(storage.keyOf('images/logo.svg')).toBeNull();
    expect(storage.keyOf('uploads/../secret')).toBeNull();
    expect(storage.keyOf('https://elsewhere.example/uploads/a.webp')).toBeNull();
  });

  it('is created from the configured uploads folder', async () => {
    const configured = createFileStorage({ uploadsDir: root });
    await configured.put('a.txt', Buffer.from('x'), 'text/plain');
    expect(fs.readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('x');
  });

  it('never shows a file until it is whole, and keeps the old file while the new one is written', async () => {
    await storage.put('doc.txt', Buffer.from('old version'), 'text/plain');
    const body = new PassThrough();
    const writing = storage.put('doc.txt', body, 'text/plain');
    body.write('new ');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Half of the new file is on disk, but only in the working folder.
    expect((await storage.get('doc.txt')).toString()).toBe('old version');
    expect(filesUnder(path.join(root, WORKING_FOLDER))).toHaveLength(1);
    body.end('version');
    await writing;
    expect((await storage.get('doc.txt')).toString()).toBe('new version');
    expect(filesUnder(path.join(root, WORKING_FOLDER))).toEqual([]);
  });

  it('leaves nothing behind when the body fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('part of a video'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('videos/cut.webm', failing, 'video/webm')).rejects.toThrow('connection reset');
    expect(await storage.exists('videos/cut.webm')).toBe(false);
    expect(filesUnder(root)).toEqual([]);
  });

  it.each([
    '../outside.txt',
    'a/../../outside.txt',
    '..',
    '/etc/passwd',
    'a//b.txt',
    'a/./b.txt',
    'a\\..\\b.txt',
    '.incoming/x.part',
    '.hidden',
    'a/.hidden',
    '%2e%2e/x.txt',
    'nul\u0000byte.txt',
    'space in name.txt',
    '',
    `${'a'.repeat(600)}.txt`,
  ])('refuses the key %j, for every operation', async (key) => {
    expect(() => assertValidKey(key)).toThrow(StorageKeyError);
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.stream(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    expect(() => storage.publicPath(key)).toThrow(StorageKeyError);
    expect(fs.existsSync(path.join(path.dirname(root), 'outside.txt'))).toBe(false);
  });

  it('accepts the keys stored files already have', () => {
    for (const key of [
      'blogs/upi-collect-request-scams.svg',
      'courses/money-basics/cover.svg',
      'by-hash/3f/3f9c0a1b.webp',
      'videos/How_UPI-works.webm',
    ]) {
      expect(() => assertValidKey(key)).not.toThrow();
    }
  });
});
