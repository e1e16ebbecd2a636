import { describe, expect, it } from 'vitest';
import { UploadRefusedError } from '../uploads/service';
import { ENCODE_RATE, encodeOggOpus, readOggOpus } from './ogg-opus';
import { readRecording } from './recordings';
import { opusPacketSamples, readWebmOpus } from './webm-opus';

/** A tone of `seconds` at ENCODE_RATE. */
const tone = (seconds: number) =>
  Int16Array.from({ length: Math.round(seconds * ENCODE_RATE) }, (_, i) =>
    Math.round(8000 * Math.sin((2 * Math.PI * 330 * i) / ENCODE_RATE)),
  );

// EBML as MediaRecorder writes it: sizes in eight bytes, the segment and clusters of unknown size.
const size = (n: number) => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(n) | (1n << 56n));
  return out;
};
const UNKNOWN = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const element = (id: number[], content: Buffer) => Buffer.concat([Buffer.from(id), size(content.length), content]);

/** The Opus packets of an Ogg file put in a WebM file as Chrome's MediaRecorder writes one. */
function webmOf(ogg: Buffer): Buffer {
  const stream = readOggOpus(ogg);
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8);
  head.writeUInt8(1, 9);
  head.writeUInt16LE(stream.preSkip, 10);
  head.writeUInt32LE(48_000, 12);
  const track = element(
    [0xae],
    Buffer.concat([
      element([0xd7], Buffer.from([1])),
      element([0x86], Buffer.from('A_OPUS', 'latin1')),
      element([0x63, 0xa2], head),
    ]),
  );
  const blocks = stream.packets.map((packet, i) =>
    element([0xa3], Buffer.concat([Buffer.from([0x81, (i * 20) >> 8, (i * 20) & 0xff, 0x80]), packet])),
  );
  return Buffer.concat([
    element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm', 'latin1'))),
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
    UNKNOWN,
    element([0x16, 0x54, 0xae, 0x6b], track),
    Buffer.from([0x1f, 0x43, 0xb6, 0x75]),
    UNKNOWN,
    element([0xe7], Buffer.from([0])),
    ...blocks,
  ]);
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof UploadRefusedError) return { status: error.statusCode, code: error.code };
    throw error;
  }
  throw new Error('not refused');
};

describe('a recording as uploaded', () => {
  it('reads Opus in WebM as a browser records it (no sizes on the segment and clusters), and in Ogg', () => {
    const ogg = encodeOggOpus(tone(2.5));
    const webm = webmOf(ogg);
    const stream = readWebmOpus(webm);
    expect(stream.packets.length).toBe(readOggOpus(ogg).packets.length);
    // The length is counted from the packets' own headers: 20 ms each, less the encoder's delay.
    expect(stream.packets.every((p) => opusPacketSamples(p) === 960)).toBe(true);
    for (const bytes of [webm, ogg]) {
      const recording = readRecording(bytes, 60_000);
      expect(Math.abs(recording.durationMs - 2500)).toBeLessThanOrEqual(25);
      expect(readOggOpus(recording.audio).durationMs).toBe(recording.durationMs);
    }
  });

  it('refuses what is not audio (415), a WebM without Opus (415), a damaged file (422) and too long a recording (413)', () => {
    expect(refusal(() => readRecording(Buffer.from('%PDF-1.7\n'), 60_000))).toEqual({
      status: 415,
      code: 'uploadNotAccepted',
    });
    const video = Buffer.from(
      webmOf(encodeOggOpus(tone(0.5)))
        .toString('latin1')
        .replace('A_OPUS', 'V_VP8\0'),
      'latin1',
    );
    expect(refusal(() => readRecording(video, 60_000))).toEqual({ status: 415, code: 'uploadNotAccepted' });
    const ogg = encodeOggOpus(tone(3));
    expect(refusal(() => readRecording(ogg.subarray(0, ogg.length - 20), 60_000))).toEqual({
      status: 422,
      code: 'uploadDamaged',
    });
    expect(refusal(() => readRecording(webmOf(ogg), 2_000))).toEqual({ status: 413, code: 'uploadTooLarge' });
    expect(refusal(() => readRecording(ogg, 2_000))).toEqual({ status: 413, code: 'uploadTooLarge' });
  });
});
