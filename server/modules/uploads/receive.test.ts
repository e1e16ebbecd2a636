import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OverLimit, receiveInMemory, receiveToFile } from './receive';
import { SNIFF_BYTES } from './sniff';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receive-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
const chunked = () => Readable.from([bytes.subarray(0, 3), bytes.subarray(3, 5000), bytes.subarray(5000)]);
const sha256 = createHash('sha256').update(bytes).digest('hex');

describe('receiving an upload', () => {
  it('holds a small file in memory with its size, hash and first bytes, from bytes or a stream', async () => {
    for (const source of [bytes, chunked()]) {
      const received = await receiveInMemory(source, bytes.length);
      expect(received.bytes.equals(bytes)).toBe(true);
      expect([received.size, received.sha256]).toEqual([bytes.length, sha256]);
      expect(received.head.equals(bytes.subarray(0, SNIFF_BYTES))).toBe(true);
    }
  });

  it('writes a large file to a scratch file with the same facts', async () => {
    const received = await receiveToFile(chunked(), bytes.length, dir);
    expect(fs.readFileSync(received.file).equals(bytes)).toBe(true);
    expect([received.size, received.sha256]).toEqual([bytes.length, sha256]);
    expect(received.head.equals(bytes.subarray(0, SNIFF_BYTES))).toBe(true);
  });

  it('stops at the limit, and leaves no scratch file behind', async () => {
    await expect(receiveInMemory(chunked(), bytes.length - 1)).rejects.toBeInstanceOf(OverLimit);
    await expect(receiveToFile(chunked(), 4999, dir)).rejects.toBeInstanceOf(OverLimit);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('leaves no scratch file behind when the first chunk is already over the limit (the file still opening)', async () => {
    // Refused before the scratch file's open has ended: removing it then would leave it to be
    // created after. A few hundred tries, as the open's timing varies with the machine's load.
    for (let i = 0; i < 300; i++)
      await expect(receiveToFile(Buffer.alloc(2048), 1024, dir)).rejects.toBeInstanceOf(OverLimit);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('leaves no scratch file behind when the upload breaks off', async () => {
    const broken = new Readable({
      read() {
        this.push(bytes);
        this.destroy(new Error('client went away'));
      },
    });
    await expect(receiveToFile(broken, 1_000_000, dir)).rejects.toThrow('client went away');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
