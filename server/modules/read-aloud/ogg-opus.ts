// Opus in an Ogg container (RFC 7845), written and read here: libopus (@evan/opus's WebAssembly
// build, MIT) encodes and
// decodes the packets, and this file puts them in Ogg pages and takes them out. No package on the
// registry writes Ogg pages for Node (the ones that do are browser workers with libopus built in),
// and the container is small: pages of packets with a CRC (ADR 41).
import { Decoder, Encoder } from '@evan/opus/wasm/index.js';
import { concatSamples, toMono } from './pcm';

/** Every voice-over is mono Opus at this bit rate: 16 kbit/s, about 120 KB a minute (ADR 41). */
export const OPUS_BITRATE = 16_000;

/** The rate the server encodes at: Opus's wideband, all a voice needs. */
export const ENCODE_RATE = 16_000;

// 20 ms frames; Ogg Opus counts time in 48 kHz samples whatever the input rate.
const FRAME_SAMPLES = ENCODE_RATE / 50;
const GRANULE_RATE = 48_000;
const GRANULES_PER_SAMPLE = GRANULE_RATE / ENCODE_RATE;
// One page a second: small enough that a player can start early, few enough to cost little.
const PACKETS_PER_PAGE = 50;
// Fixed, so the same sound gives the same bytes (files are stored by their hash).
const STREAM_SERIAL = 0x6a676b31;
const VENDOR = 'jgk-learning-platform';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

// libopus's effort, 0 to 10: 5 encodes a second of voice in about 7 ms in WebAssembly here, 10 in
// 27 ms, for the same size and no difference a learner hears in an engine's voice at 16 kbit/s
// (ADR 41); the encoding shares the server's thread with requests.
const COMPLEXITY = 5;

// libopus's requests (opus_defines.h).
const CTL = { setBitrate: 4002, setSignal: 4024, signalVoice: 3001, setComplexity: 4010, getLookahead: 4027 };

const FLAG_CONTINUED = 1;
const FLAG_FIRST = 2;
const FLAG_LAST = 4;

function page(packets: readonly Uint8Array[], flags: number, granule: bigint, sequence: number): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    for (let left = packet.length; ; left -= 255) {
      lacing.push(Math.min(left, 255));
      if (left < 255) break;
    }
  }
  if (lacing.length > 255) throw new Error('An Ogg page holds at most 255 segments');
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header.writeUInt8(0, 4);
  header.writeUInt8(flags, 5);
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(STREAM_SERIAL, 14);
  header.writeUInt32LE(sequence, 18);
  header.writeUInt8(lacing.length, 26);
  Buffer.from(lacing).copy(header, 27);
  const whole = Buffer.concat([header, ...packets]);
  whole.writeUInt32LE(oggCrc(whole), 22);
  return whole;
}

function opusHead(preSkip: number, inputRate: number): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8); // version
  head.writeUInt8(1, 9); // channels
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(inputRate, 12);
  head.writeInt16LE(0, 16); // output gain
  head.writeUInt8(0, 18); // mapping family: mono or stereo
  return head;
}

function opusTags(): Buffer {
  const vendor = Buffer.from(VENDOR, 'utf8');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);
  return tags;
}

/**
 * An Ogg Opus file written as its sound arrives (mono, ENCODE_RATE, OPUS_BITRATE): write() encodes
 * the whole frames it has, so a long lesson is encoded a sentence at a time between turns of the
 * event loop, never in one piece; end() pads the last frame with silence (cut again by the end
 * granule) and answers the file. close() frees the encoder of a file given up on.
 */
export class OggOpusWriter {
  private readonly encoder = new Encoder({ channels: 1, sample_rate: ENCODE_RATE, application: 'voip' });
  // The encoder's delay, which the decoder skips (in 48 kHz samples).
  private readonly preSkip: number;
  private readonly pages: Buffer[];
  private onPage: Uint8Array[] = [];
  private sequence = 2;
  private frames = 0;
  private samples = 0;
  private rest = new Int16Array(0);
  private closed = false;

  constructor() {
    this.encoder.ctl(CTL.setBitrate, OPUS_BITRATE);
    this.encoder.ctl(CTL.setSignal, CTL.signalVoice);
    this.encoder.ctl(CTL.setComplexity, COMPLEXITY);
    this.preSkip = this.encoder.ctl(CTL.getLookahead) * GRANULES_PER_SAMPLE;
    this.pages = [page([opusHead(this.preSkip, ENCODE_RATE)], FLAG_FIRST, 0n, 0), page([opusTags()], 0, 0n, 1)];
  }

  write(samples: Int16Array): void {
    if (this.closed) throw new Error('The Ogg Opus file is closed');
    this.samples += samples.length;
    const all = new Int16Array(this.rest.length + samples.length);
    all.set(this.rest);
    all.set(samples, this.rest.length);
    let offset = 0;
    for (; offset + FRAME_SAMPLES <= all.length; offset += FRAME_SAMPLES)
      this.encodeFrame(all.subarray(offset, offset + FRAME_SAMPLES));
    this.rest = all.slice(offset);
  }

  end(): Buffer {
    const padded = new Int16Array(FRAME_SAMPLES);
    padded.set(this.rest);
    this.rest = new Int16Array(0);
    // Enough frames to carry the last sample out past the encoder's delay, and at least one.
    const needed = Math.max(1, Math.ceil((this.samples + this.preSkip / GRANULES_PER_SAMPLE) / FRAME_SAMPLES));
    for (let first = true; this.frames < needed; first = false)
      this.encodeFrame(first ? padded : new Int16Array(FRAME_SAMPLES));
    // The last page says where the sound ends, which cuts the padding.
    this.pages.push(
      page(this.onPage, FLAG_LAST, BigInt(this.preSkip + this.samples * GRANULES_PER_SAMPLE), this.sequence++),
    );
    this.close();
    return Buffer.concat(this.pages);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.encoder.drop();
  }

  private encodeFrame(pcm: Int16Array): void {
    // A full page is written only once a packet follows it, so the last page always has one.
    if (this.onPage.length === PACKETS_PER_PAGE) {
      // Samples decoded by the end of the page, the encoder's delay included.
      const granule = this.frames * FRAME_SAMPLES * GRANULES_PER_SAMPLE;
      this.pages.push(page(this.onPage, 0, BigInt(granule), this.sequence++));
      this.onPage = [];
    }
    this.onPage.push(Uint8Array.from(this.encoder.encode(pcm)));
    this.frames++;
  }
}

/** Mono samples at ENCODE_RATE as an Ogg Opus file at OPUS_BITRATE. */
export function encodeOggOpus(samples: Int16Array): Buffer {
  const writer = new OggOpusWriter();
  try {
    writer.write(samples);
    return writer.end();
  } finally {
    writer.close();
  }
}

export class NotOggOpusError extends Error {}

export interface OggOpusStream {
  channels: number;
  /** 48 kHz samples the decoder drops at the start. */
  preSkip: number;
  inputRate: number;
  /** The audio packets, in order. */
  packets: Buffer[];
  /** How long it plays: the last page's granule position less the pre-skip. */
  durationMs: number;
}

/**
 * The Opus stream of an Ogg file, every page's CRC checked; NotOggOpusError when the bytes are not
 * one (another format, a cut-off or damaged file, more than one stream).
 */
export function readOggOpus(bytes: Uint8Array): OggOpusStream {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const packets: Buffer[] = [];
  let pending: Buffer[] = [];
  let offset = 0;
  let serial: number | null = null;
  let granule = 0n;
  let ended = false;
  while (offset < data.length) {
    if (data.length - offset < 27 || data.toString('latin1', offset, offset + 4) !== 'OggS')
      throw new NotOggOpusError('not an Ogg page');
    const segments = data.readUInt8(offset + 26);
    const headerLength = 27 + segments;
    if (data.length - offset < headerLength) throw new NotOggOpusError('cut off');
    const lacing = data.subarray(offset + 27, offset + headerLength);
    const bodyLength = lacing.reduce((sum, value) => sum + value, 0);
    const end = offset + headerLength + bodyLength;
    if (end > data.length) throw new NotOggOpusError('cut off');
    const whole = Buffer.from(data.subarray(offset, end));
    const stated = whole.readUInt32LE(22);
    whole.writeUInt32LE(0, 22);
    if (oggCrc(whole) !== stated) throw new NotOggOpusError('damaged page');
    const pageSerial = data.readUInt32LE(offset + 14);
    if (serial === null) serial = pageSerial;
    else if (pageSerial !== serial) throw new NotOggOpusError('more than one stream');
    const flags = data.readUInt8(offset + 5);
    if ((flags & FLAG_CONTINUED) === 0 && pending.length) throw new NotOggOpusError('broken packet');
    const pageGranule = data.readBigInt64LE(offset + 6);
    if (pageGranule > 0n) granule = pageGranule;
    let body = offset + headerLength;
    for (const value of lacing) {
      pending.push(data.subarray(body, body + value));
      body += value;
      if (value < 255) {
        packets.push(Buffer.concat(pending));
        pending = [];
      }
    }
    if (flags & FLAG_LAST) ended = true;
    offset = end;
  }
  if (!ended) throw new NotOggOpusError('cut off');
  const [head, tags, ...audio] = packets;
  if (!head || head.length < 19 || head.toString('latin1', 0, 8) !== 'OpusHead') throw new NotOggOpusError('not Opus');
  if (!tags || tags.toString('latin1', 0, 8) !== 'OpusTags') throw new NotOggOpusError('not Opus');
  const channels = head.readUInt8(9);
  if (channels < 1 || channels > 2 || head.readUInt8(18) !== 0) throw new NotOggOpusError('not mono or stereo');
  const preSkip = head.readUInt16LE(10);
  const played = Number(granule) - preSkip;
  return {
    channels,
    preSkip,
    inputRate: head.readUInt32LE(12),
    packets: audio,
    durationMs: Math.max(0, Math.round((played * 1000) / GRANULE_RATE)),
  };
}

/** The stream's sound as mono samples at ENCODE_RATE (pre-skip dropped, cut at its stated end). */
export function decodeOggOpus(stream: OggOpusStream): Int16Array {
  const decoder = new Decoder({ channels: stream.channels as 1 | 2, sample_rate: ENCODE_RATE });
  const parts: Int16Array[] = [];
  try {
    for (const packet of stream.packets) {
      const pcm = decoder.decode(packet);
      parts.push(new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength)));
    }
  } catch {
    throw new NotOggOpusError('damaged packet');
  } finally {
    decoder.drop();
  }
  const mono = toMono(concatSamples(parts), stream.channels);
  const skip = Math.round(stream.preSkip / GRANULES_PER_SAMPLE);
  const length = Math.round((stream.durationMs * ENCODE_RATE) / 1000);
  return mono.slice(skip, skip + length);
}
