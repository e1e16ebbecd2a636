// How long a stored video plays, for the media library to show: read from the file's own header
// (an MP4's movie header `mvhd`, a WebM's segment information), never from what the uploader says.
// Only headers are read, never frames. A file whose header does not say (a live-recorded WebM has no
// duration) gives undefined: the upload is not refused for it.
import fsp, { type FileHandle } from 'node:fs/promises';
import type { FileFormat } from '../../../contract/media-rules';

async function read(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Milliseconds, when the figure is a real length (not zero, not longer than a day). */
function plausible(seconds: number): number | undefined {
  return Number.isFinite(seconds) && seconds > 0 && seconds <= 24 * 60 * 60 ? Math.round(seconds * 1000) : undefined;
}

/** The box headers (type, start of content, end) in [from, to) of the file, one read each. */
async function* boxes(
  file: FileHandle,
  from: number,
  to: number,
): AsyncGenerator<{ type: string; content: number; end: number }> {
  for (let offset = from; offset + 8 <= to;) {
    const header = await read(file, offset, 16);
    if (header.length < 8) return;
    const declared = header.readUInt32BE(0);
    const headerSize = declared === 1 ? 16 : 8;
    if (header.length < headerSize) return;
    const length = declared === 1 ? Number(header.readBigUInt64BE(8)) : declared === 0 ? to - offset : declared;
    if (length < headerSize || offset + length > to) return;
    yield { type: header.toString('latin1', 4, 8), content: offset + headerSize, end: offset + length };
    offset += length;
  }
}

/** moov/mvhd: version 0 has 32-bit times, version 1 64-bit; then the time scale and the duration. */
async function mp4DurationMs(file: FileHandle, size: number): Promise<number | undefined> {
  for await (const box of boxes(file, 0, size)) {
    if (box.type !== 'moov') continue;
    for await (const child of boxes(file, box.content, box.end)) {
      if (child.type !== 'mvhd') continue;
      const mvhd = await read(file, child.content, Math.min(32, child.end - child.content));
      const version = mvhd[0];
      if (version === 0 && mvhd.length >= 20) return plausible(mvhd.readUInt32BE(16) / mvhd.readUInt32BE(12));
      if (version === 1 && mvhd.length >= 32)
        return plausible(Number(mvhd.readBigUInt64BE(24)) / mvhd.readUInt32BE(20));
      return undefined;
    }
    return undefined;
  }
  return undefined;
}

// Matroska element ids (with their length marker bits, as they are written).
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;

/** An EBML variable-length integer at offset: its value and length; ids keep their marker bits. */
function vint(
  buffer: Buffer,
  offset: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } | undefined {
  const first = buffer[offset];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23; // 1 for 0b1xxxxxxx ... 8 for 0b00000001
  if (offset + length > buffer.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buffer[offset + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** Segment > Info > Duration (a float in timecode units) x TimecodeScale (nanoseconds, 1 ms by default). */
async function webmDurationMs(file: FileHandle): Promise<number | undefined> {
  // The segment information comes before the first frames, within the first kilobytes.
  const head = await read(file, 0, 64 * 1024);
  let offset = 0;
  let end = head.length;
  let scale = 1_000_000;
  let duration: number | undefined;
  while (offset < end) {
    const id = vint(head, offset, true);
    const size = id && vint(head, offset + id.length, false);
    if (!id || !size) break;
    const content = offset + id.length + size.length;
    if (id.value === SEGMENT || id.value === INFO) {
      // Enter: its children follow.
      if (id.value === INFO && !size.unknown) end = Math.min(end, content + size.value);
      offset = content;
      continue;
    }
    if (id.value === CLUSTER || size.unknown || content + size.value > head.length) break;
    if (id.value === TIMECODE_SCALE && size.value >= 1 && size.value <= 6) scale = head.readUIntBE(content, size.value);
    if (id.value === DURATION && size.value === 4) duration = head.readFloatBE(content);
    if (id.value === DURATION && size.value === 8) duration = head.readDoubleBE(content);
    offset = content + size.value;
  }
  return duration === undefined ? undefined : plausible((duration * scale) / 1e9);
}

/** How long the video in this file plays, in milliseconds, if its header says. */
export async function videoDurationMs(path: string, format: FileFormat): Promise<number | undefined> {
  if (format !== 'mp4' && format !== 'webm') return undefined;
  const file = await fsp.open(path, 'r');
  try {
    return format === 'mp4' ? await mp4DurationMs(file, (await file.stat()).size) : await webmDurationMs(file);
  } finally {
    await file.close();
  }
}
