import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeMp4Metadata } from './mp4-metadata';
import { UploadRefusedError } from './upload-refused';
import { FILMED_AT, mp4 } from './upload-test-files';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp4-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function write(bytes: Buffer): string {
  const file = path.join(dir, 'video.mp4');
  fs.writeFileSync(file, bytes);
  return file;
}

/** The top-level boxes, and those inside moov and its tracks, as type@offset. */
function boxes(bytes: Buffer, from = 0, to = bytes.length, prefix = ''): string[] {
  const found: string[] = [];
  for (let offset = from; offset + 8 <= to;) {
    const size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    found.push(`${prefix}${type}`);
    if (type === 'moov' || type === 'trak') found.push(...boxes(bytes, offset + 8, offset + size, `${prefix}${type}/`));
    offset += size;
  }
  return found;
}

describe('removeMp4Metadata', () => {
  it('turns every box that can hold where a video was filmed into free space, changing nothing else', async () => {
    const original = mp4();
    expect(original.includes(FILMED_AT)).toBe(true);
    expect(boxes(original)).toEqual([
      'ftyp',
      'moov',
      'moov/mvhd',
      'moov/trak',
      'moov/trak/tkhd',
      'moov/trak/udta',
      'moov/udta',
      'moov/meta',
      'uuid',
      'mdat',
    ]);

    const file = write(original);
    expect(await removeMp4Metadata(file)).toBe(true);
    const cleaned = fs.readFileSync(file);

    expect(cleaned.length).toBe(original.length);
    expect(cleaned.includes(FILMED_AT)).toBe(false);
    expect(cleaned.includes('PhoneMaker')).toBe(false);
    expect(cleaned.includes('ISO6709')).toBe(false);
    expect(boxes(cleaned)).toEqual([
      'ftyp',
      'moov',
      'moov/mvhd',
      'moov/trak',
      'moov/trak/tkhd',
      'moov/trak/free',
      'moov/free',
      'moov/free',
      'free',
      'mdat',
    ]);
    // Every byte outside the removed boxes is as it was: the frames, their headers and offsets.
    const differing = [...original.keys()].filter((i) => original[i] !== cleaned[i]);
    const mdat = original.indexOf('mdat') - 4;
    expect(differing.every((i) => i < mdat)).toBe(true);
    expect(
      cleaned
        .subarray(0, original.indexOf('moov') + 4 + 108)
        .equals(original.subarray(0, original.indexOf('moov') + 4 + 108)),
    ).toBe(true);
  });

  it('leaves a video without such boxes untouched', async () => {
    const file = write(mp4());
    await removeMp4Metadata(file);
    const once = fs.readFileSync(file);
    expect(await removeMp4Metadata(file)).toBe(false);
    expect(fs.readFileSync(file).equals(once)).toBe(true);
  });

  it('refuses a cut-off video, and one without the moov box players need', async () => {
    const whole = mp4();
    for (const bytes of [
      whole.subarray(0, whole.length - 100),
      whole.subarray(0, 30),
      Buffer.concat([whole.subarray(0, 24), whole.subarray(whole.indexOf('mdat') - 4)]),
    ]) {
      const error = await removeMp4Metadata(write(bytes)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UploadRefusedError);
      expect((error as UploadRefusedError).code).toBe('uploadDamaged');
      expect((error as UploadRefusedError).message).toBe(
        'The video could not be read: the file is incomplete or damaged. Save or export it again and upload the new file.',
      );
    }
  });
});
