// A person's recording as uploaded, made into a voice-over: read from its bytes (never its name or
// the type the browser claimed), decoded, held to a length, and encoded again as every voice-over
// is (mono Opus at 16 kbit/s in Ogg), so a long studio WAV costs learners what a synthetic voice does.
// Accepted: Opus in WebM or Ogg (what browsers' MediaRecorder writes: Chrome's audio/webm, Firefox's
// audio/ogg) and 16-bit PCM WAV.
import { UploadRefusedError } from '../uploads/service';
import { decodeOggOpus, ENCODE_RATE, encodeOggOpus, NotOggOpusError, readOggOpus } from './ogg-opus';
import { resample, toMono } from './pcm';
import { isWebm, readWebmOpus } from './webm-opus';

export const ACCEPTED_RECORDINGS = 'WebM or Ogg with Opus, or 16-bit WAV';

const notAudio = () =>
  new UploadRefusedError(
    'uploadNotAccepted',
    `This file is not a recording of an accepted type. Accepted recordings: ${ACCEPTED_RECORDINGS} (the type is read from the file's content, not its name).`,
  );
const damaged = () =>
  new UploadRefusedError(
    'uploadDamaged',
    'The recording could not be read: it is incomplete or damaged. Record it again and upload the new file.',
  );

const tooLong = (durationMs: number, maxMs: number) =>
  new UploadRefusedError(
    'uploadTooLarge',
    `This recording lasts ${Math.ceil(durationMs / 1000)} seconds; a recording of these sentences can last at most ${Math.floor(maxMs / 1000)} seconds.`,
  );

/** 16-bit PCM in a RIFF WAVE file, as mono samples at ENCODE_RATE. */
function readWav(bytes: Buffer): Int16Array {
  let format: { channels: number; rate: number; bits: number; tag: number } | null = null;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      format = {
        tag: bytes.readUInt16LE(body),
        channels: bytes.readUInt16LE(body + 2),
        rate: bytes.readUInt32LE(body + 4),
        bits: bytes.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format) throw damaged();
      // PCM (1), or WAVE_FORMAT_EXTENSIBLE (0xfffe) carrying PCM, 16 bits, one or two channels.
      if ((format.tag !== 1 && format.tag !== 0xfffe) || format.bits !== 16) throw notAudio();
      if (format.channels < 1 || format.channels > 2 || format.rate < 8000 || format.rate > 96_000) throw notAudio();
      const end = Math.min(bytes.length, body + size);
      const frames = Math.floor((end - body) / 2);
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = bytes.readInt16LE(body + i * 2);
      return resample(toMono(samples, format.channels), format.rate, ENCODE_RATE);
    }
    offset = body + size + (size % 2);
  }
  throw damaged();
}

function isWav(bytes: Buffer): boolean {
  return bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WAVE';
}

function isOgg(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.toString('latin1', 0, 4) === 'OggS';
}

export interface Recording {
  /** The recording as every voice-over is stored: mono Opus at 16 kbit/s in Ogg. */
  audio: Buffer;
  durationMs: number;
}

/**
 * The uploaded recording re-encoded; refused when it is not audio of an accepted type (415),
 * cannot be read (422), or lasts longer than `maxMs` (413, saying how long it may last).
 */
export function readRecording(bytes: Buffer, maxMs: number): Recording {
  let samples: Int16Array;
  if (isWav(bytes)) samples = readWav(bytes);
  else if (isOgg(bytes) || isWebm(bytes)) {
    try {
      const stream = isOgg(bytes) ? readOggOpus(bytes) : readWebmOpus(bytes);
      // Refused from its packets' headers before any of it is decoded.
      if (stream.durationMs > maxMs) throw tooLong(stream.durationMs, maxMs);
      samples = decodeOggOpus(stream);
    } catch (error) {
      if (!(error instanceof NotOggOpusError)) throw error;
      throw error.message === 'not Opus' ? notAudio() : damaged();
    }
  } else throw notAudio();
  const durationMs = Math.round((samples.length * 1000) / ENCODE_RATE);
  if (durationMs === 0) throw new UploadRefusedError('uploadEmpty', 'The recording has no sound in it.');
  if (durationMs > maxMs) throw tooLong(durationMs, maxMs);
  return { audio: encodeOggOpus(samples), durationMs };
}
