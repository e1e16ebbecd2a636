// How long a video plays, read from its header only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mp4, webm } from './upload-test-files';
import { videoDurationMs } from './video-duration';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duration-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, bytes);
  return at;
}

describe('videoDurationMs', () => {
  it('reads an MP4 movie header of version 0 and of version 1 (64-bit times)', async () => {
    expect(await videoDurationMs(file('v0.mp4', mp4(undefined, undefined, 64, 61_000)), 'mp4')).toBe(61_000);
    const v1 = mp4(undefined, undefined, 64, 1000);
    const mvhd = v1.indexOf('mvhd') + 4;
    v1.writeUInt32BE(0x01000000, mvhd); // version 1
    v1.writeUInt32BE(1000, mvhd + 20); // time scale
    v1.writeBigUInt64BE(3_723_000n, mvhd + 24); // 1 h 2 min 3 s
    expect(await videoDurationMs(file('v1.mp4', v1), 'mp4')).toBe(3_723_000);
  });

  it('reads a WebM segment’s duration, and gives nothing when it has none', async () => {
    expect(await videoDurationMs(file('a.webm', webm(42_500)), 'webm')).toBe(42_500);
    expect(await videoDurationMs(file('live.webm', webm(null)), 'webm')).toBeUndefined();
  });

  it('gives nothing for a duration of zero or of more than a day, or a header cut short', async () => {
    expect(await videoDurationMs(file('zero.mp4', mp4(undefined, undefined, 64, 0)), 'mp4')).toBeUndefined();
    expect(await videoDurationMs(file('long.webm', webm(2 * 24 * 60 * 60 * 1000)), 'webm')).toBeUndefined();
    const video = mp4();
    expect(
      await videoDurationMs(file('cut.mp4', video.subarray(0, video.indexOf('mvhd') + 10)), 'mp4'),
    ).toBeUndefined();
    expect(await videoDurationMs(file('cut.webm', webm().subarray(0, 60)), 'webm')).toBeUndefined();
  });
});
