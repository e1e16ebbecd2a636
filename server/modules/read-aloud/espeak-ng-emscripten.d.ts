// The parts of @echogarden/espeak-ng-emscripten (eSpeak NG compiled to WebAssembly, GPL-3.0; ADR 41)
// that speech-engine.ts calls. The package ships JavaScript without types.
declare module '@echogarden/espeak-ng-emscripten' {
  export interface ESpeakEvent {
    type:
      'list_terminated' | 'word' | 'sentence' | 'mark' | 'play' | 'end' | 'msg_terminated' | 'phoneme' | 'samplerate';
    text_position: number;
    word_length: number;
    audio_position: number;
    id?: string | number;
  }

  export interface ESpeakVoice {
    name: string;
    identifier: string;
    languages: { priority: number; name: string }[];
  }

  export class eSpeakNGWorker {
    readonly samplerate: number;
    rate: number;
    pitch: number;
    list_voices(): ESpeakVoice[];
    /** 0 when the voice was found. */
    set_voice(name: string, lang: string): number;
    /** Calls back with each chunk of 16-bit samples; answer false to go on. */
    synthesize(text: string, callback: (samples: Int16Array | null, events: ESpeakEvent[]) => boolean | 0): void;
    /** Synthesises and answers the phonemes spoken, in IPA, words separated by spaces, phonemes by `_`. */
    synthesize_and_get_phonemes(
      text: string,
      callback: (samples: Int16Array | null, events: ESpeakEvent[]) => boolean | 0,
    ): string;
  }

  export interface ESpeakModule {
    eSpeakNGWorker: typeof eSpeakNGWorker;
  }

  const createModule: () => Promise<ESpeakModule>;
  export default createModule;
}
