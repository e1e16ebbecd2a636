import { describe, expect, it } from 'vitest';
import { decodeOggOpus, NotOggOpusError, OPUS_BITRATE, readOggOpus } from './ogg-opus';
import { SENTENCE_PAUSE_MS, synthesiseText } from './synthesis';

const HINDI = 'कोई भी बैंक आपका ओटीपी नहीं माँगता। धोखा हो जाए तो तुरंत 1930 पर कॉल करें।';
const TAMIL = 'எந்த வங்கியும் உங்கள் ஓடிபியைக் கேட்காது. மோசடி நடந்தால் உடனே 1930 என்ற எண்ணை அழைக்கவும்.';

const rms = (samples: Int16Array) =>
  Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / Math.max(1, samples.length));

describe('synthesis of a text into Ogg Opus', () => {
  for (const [lang, text] of [
    ['hi', HINDI],
    ['tm', TAMIL],
  ] as const) {
    it(`speaks ${lang} sentence by sentence into a valid Ogg Opus file whose sentence times add up to its duration`, async () => {
      const spoken = (await synthesiseText(lang, text))!;
      expect(spoken.sentences).toHaveLength(2);

      // A valid Ogg Opus file: every page's CRC right, OpusHead and OpusTags first, mono, every packet decodable.
      const stream = readOggOpus(spoken.audio);
      expect(spoken.audio.subarray(0, 4).toString('latin1')).toBe('OggS');
      expect(stream.channels).toBe(1);
      expect(stream.inputRate).toBe(16_000);
      expect(stream.durationMs).toBe(spoken.durationMs);
      const decoded = decodeOggOpus(stream);
      expect(Math.abs(decoded.length - spoken.durationMs * 16)).toBeLessThanOrEqual(16);
      expect(rms(decoded)).toBeGreaterThan(500); // speech, not silence

      // Two sentences of a few seconds each, the second starting after the first and a pause.
      const [first, second] = spoken.sentenceStartsMs as [number, number];
      expect(first).toBe(0);
      expect(second).toBeGreaterThan(1000 + SENTENCE_PAUSE_MS);
      const lengths = [second - first, spoken.durationMs - second];
      expect(lengths.reduce((a, b) => a + b, 0)).toBe(spoken.durationMs);
      expect(lengths.every((ms) => ms > 1000)).toBe(true);
      // The pause between them is silence in the file.
      const pause = decoded.subarray((second - SENTENCE_PAUSE_MS + 60) * 16, (second - 60) * 16);
      expect(rms(pause)).toBeLessThan(rms(decoded) / 10);

      // About 16 kbit/s: the bytes a second, headers included, within a quarter of the bit rate.
      const bitsPerSecond = (spoken.audio.length * 8 * 1000) / spoken.durationMs;
      expect(bitsPerSecond).toBeGreaterThan(OPUS_BITRATE * 0.75);
      expect(bitsPerSecond).toBeLessThan(OPUS_BITRATE * 1.25);
    });
  }

  it('has nothing to say for a text of spaces', async () => {
    expect(await synthesiseText('hi', '  \n ')).toBeNull();
  });

  it('refuses what is not an Ogg Opus file, or one cut off or damaged', async () => {
    const { audio } = (await synthesiseText('hi', 'नमस्ते।'))!;
    expect(() => readOggOpus(Buffer.from('RIFF....WAVEfmt '))).toThrow(NotOggOpusError);
    expect(() => readOggOpus(audio.subarray(0, audio.length - 10))).toThrow(NotOggOpusError);
    const damaged = Buffer.from(audio);
    damaged[damaged.length - 5] = damaged[damaged.length - 5]! ^ 0xff;
    expect(() => readOggOpus(damaged)).toThrow(/damaged/);
  });
});
