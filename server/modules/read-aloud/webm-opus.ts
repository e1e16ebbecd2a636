// The Opus packets of a WebM file, as a browser's MediaRecorder writes it (Chrome's and Edge's
// `audio/webm;codecs=opus`): the EBML elements walked in one pass, into the segment, its tracks and
// its clusters (a recording made live gives the segment and clusters no size), keeping the Opus
// track's header and its blocks. No lacing (MediaRecorder writes one packet a block). The length
// is counted from each packet's own header, so too long a recording is refused before any of it is
// decoded; the packets are then decoded like an Ogg file's (ogg-opus.ts).
import { NotOggOpusError, type OggOpusStream } from './ogg-opus';

// Elements whose content is more elements: walked into, whatever their size says.
const MASTERS = new Set([
  0x18538067, // Segment
  0x1654ae6b, // Tracks
  0xae, // TrackEntry
  0x1f43b675, // Cluster
  0xa0, // BlockGroup
]);
const EBML = 0x1a45dfa3;
const TRACK_NUMBER = 0xd7;
const CODEC_ID = 0x86;
const CODEC_PRIVATE = 0x63a2;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;

/** An EBML variable-length number at `offset`: its value and length; the ID form keeps the marker bit. */
function vint(data: Buffer, offset: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = data[offset];
  if (first === undefined || first === 0) throw new NotOggOpusError('damaged WebM');
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > data.length) throw new NotOggOpusError('damaged WebM');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = data[offset + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** Samples at 48 kHz in one Opus packet, from its table-of-contents byte (RFC 6716, 3.1). */
export function opusPacketSamples(packet: Uint8Array): number {
  const toc = packet[0];
  if (toc === undefined) return 0;
  const config = toc >> 3;
  const frame =
    config < 12
      ? [480, 960, 1920, 2880][config % 4]!
      : config < 16
        ? [480, 960][config % 2]!
        : [120, 240, 480, 960][config % 4]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : (packet[1] ?? 0) & 0x3f;
  return frame * frames;
}

export function isWebm(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32BE(0) === EBML;
}

/** The Opus stream of a WebM file; NotOggOpusError when it has none or cannot be read. */
export function readWebmOpus(bytes: Buffer): OggOpusStream {
  let opusTrack: number | null = null;
  let trackNumber: number | null = null;
  let codecPrivate: Buffer | null = null;
  const blocks: { track: number; frame: Buffer }[] = [];
  for (let offset = 0; offset < bytes.length;) {
    const id = vint(bytes, offset, true);
    const size = vint(bytes, offset + id.length, false);
    const start = offset + id.length + size.length;
    if (MASTERS.has(id.value)) {
      offset = start;
      continue;
    }
    if (size.unknown) throw new NotOggOpusError('damaged WebM');
    const end = start + size.value;
    // A recording cut off in its last block keeps the blocks before it.
    if (end > bytes.length) break;
    const content = bytes.subarray(start, end);
    if (id.value === TRACK_NUMBER) trackNumber = content.readUIntBE(0, Math.min(6, content.length));
    else if (id.value === CODEC_ID && content.toString('latin1') === 'A_OPUS') opusTrack = trackNumber;
    else if (id.value === CODEC_PRIVATE && opusTrack !== null && opusTrack === trackNumber) codecPrivate = content;
    else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const track = vint(content, 0, false);
      const flags = content[track.length + 2] ?? 0;
      if (flags & 0x06) throw new NotOggOpusError('laced WebM blocks');
      blocks.push({ track: track.value, frame: content.subarray(track.length + 3) });
    }
    offset = end;
  }
  if (opusTrack === null) throw new NotOggOpusError('not Opus');
  const head = codecPrivate;
  const channels = head && head.length >= 19 && head.toString('latin1', 0, 8) === 'OpusHead' ? head.readUInt8(9) : 1;
  if (channels < 1 || channels > 2) throw new NotOggOpusError('not mono or stereo');
  const preSkip = head && head.length >= 19 ? head.readUInt16LE(10) : 0;
  const packets = blocks.filter((block) => block.track === opusTrack).map((block) => Buffer.from(block.frame));
  const samples = packets.reduce((sum, packet) => sum + opusPacketSamples(packet), 0);
  return {
    channels,
    preSkip,
    inputRate: head && head.length >= 19 ? head.readUInt32LE(12) : 48_000,
    packets,
    durationMs: Math.max(0, Math.round(((samples - preSkip) * 1000) / 48_000)),
  };
}
