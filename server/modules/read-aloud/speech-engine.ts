// The synthetic voice: eSpeak NG compiled to WebAssembly (@echogarden/espeak-ng-emscripten, ADR 41),
// loaded once per process on first use and kept. It speaks all ten languages offline; each
// language's voice is eSpeak's voice of the language's BCP 47 code (contract/languages.ts), so the
// list of voices is the list of languages. Everything here is synchronous WebAssembly: callers run
// it one sentence at a time and yield between sentences (synthesis.ts).
import createESpeak, { type eSpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import { LANGUAGES, type LanguageCode } from '../../../contract/languages';
import { concatSamples } from './pcm';

/** Written beside every synthetic voice-over, so a change of engine can be found and redone. */
export const ENGINE_NAME = 'espeak-ng (@echogarden/espeak-ng-emscripten 0.3.5)';

/** The voice of each language: eSpeak's voice named by the language's BCP 47 code. */
export function voiceOf(lang: LanguageCode): string {
  return LANGUAGES[lang].bcp47;
}

let engine: Promise<eSpeakNGWorker> | null = null;

function load(): Promise<eSpeakNGWorker> {
  engine ??= createESpeak().then((module) => new module.eSpeakNGWorker());
  // A failed load (a damaged install) is tried again by the next caller, not remembered.
  engine.catch(() => (engine = null));
  return engine;
}

export interface SpokenAudio {
  /** Mono 16-bit samples at `sampleRate`. */
  samples: Int16Array;
  sampleRate: number;
}

function useVoice(worker: eSpeakNGWorker, lang: LanguageCode): void {
  const voice = voiceOf(lang);
  if (worker.set_voice(voice, voice) !== 0) throw new Error(`eSpeak NG has no voice "${voice}"`);
}

/** One text (a sentence, already normalised) spoken in the language's voice. */
export async function speak(lang: LanguageCode, text: string): Promise<SpokenAudio> {
  const worker = await load();
  useVoice(worker, lang);
  const chunks: Int16Array[] = [];
  worker.synthesize(text, (chunk) => {
    if (chunk?.length) chunks.push(chunk);
    return 0;
  });
  return { samples: concatSamples(chunks), sampleRate: worker.samplerate };
}

/**
 * The phonemes the engine speaks for a text, in IPA (words by spaces, phonemes by `_`, stress
 * marks kept), on one line, in Unicode's composed form: how the tests read back what a language says for a number or a sign.
 */
export async function phonemes(lang: LanguageCode, text: string): Promise<string> {
  const worker = await load();
  useVoice(worker, lang);
  return worker
    .synthesize_and_get_phonemes(text, () => 0)
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');
}
