// A text spoken by the engine, sentence by sentence, into one Ogg Opus file with the time each
// sentence starts: each sentence is synthesised on its own (so its start is exact, not guessed from
// the engine's word events), its silence trimmed, and a short pause put between sentences. The
// sentences' lengths and pauses add up to the file's duration exactly, since the starts are counted
// in the samples that are encoded. Each sentence is encoded as soon as it is spoken, and between
// sentences the event loop gets a turn, so a long lesson never holds the server's requests for more
// than one sentence.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { LanguageCode } from '../../../contract/languages';
import { ENCODE_RATE, OggOpusWriter } from './ogg-opus';
import { resample, trimSilence } from './pcm';
import { speak } from './speech-engine';
import { splitSentences, spokenForm } from './spoken-text';

/** Silence between two sentences. */
export const SENTENCE_PAUSE_MS = 300;
// Kept around each sentence's sound, so no consonant is clipped.
const MARGIN_MS = 30;

export interface SpokenText {
  /** The Ogg Opus file. */
  audio: Buffer;
  durationMs: number;
  /** The sentences as written, in order. */
  sentences: string[];
  /** Where each sentence starts, in milliseconds from the start; the first is 0. */
  sentenceStartsMs: number[];
}

const samplesToMs = (samples: number) => Math.round((samples * 1000) / ENCODE_RATE);

/** The text (plain, in the language) spoken; null when it has nothing to say. */
export async function synthesiseText(lang: LanguageCode, text: string): Promise<SpokenText | null> {
  const sentences = splitSentences(text);
  return sentences.length === 0 ? null : synthesiseSentences(lang, sentences);
}

/** Sentences (as splitSentences gives them, at least one) spoken one after the other. */
export async function synthesiseSentences(lang: LanguageCode, sentences: readonly string[]): Promise<SpokenText> {
  const pause = new Int16Array((ENCODE_RATE * SENTENCE_PAUSE_MS) / 1000);
  const file = new OggOpusWriter();
  try {
    const startSamples: number[] = [];
    let at = 0;
    for (const [index, sentence] of sentences.entries()) {
      if (index > 0) {
        file.write(pause);
        at += pause.length;
      }
      // One sentence synthesised and encoded a turn: the longest the event loop is held.
      await nextTurn();
      const spoken = await speak(lang, spokenForm(lang, sentence));
      const margin = Math.round((spoken.sampleRate * MARGIN_MS) / 1000);
      const sound = resample(trimSilence(spoken.samples, margin), spoken.sampleRate, ENCODE_RATE);
      startSamples.push(at);
      file.write(sound);
      at += sound.length;
    }
    return {
      audio: file.end(),
      durationMs: samplesToMs(at),
      sentences: [...sentences],
      sentenceStartsMs: startSamples.map(samplesToMs),
    };
  } finally {
    file.close();
  }
}
