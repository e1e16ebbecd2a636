// The synthesis thread's entry (synthesis-thread.ts starts it): the engine and the encoder run here,
// off the thread that answers requests. Each message is one text's sentences; the answer is the
// file and its timings, or the error's message.
import { parentPort } from 'node:worker_threads';
import type { LanguageCode } from '../../../contract/languages';
import { synthesiseSentences } from './synthesis';

export interface SynthesisRequest {
  id: number;
  lang: LanguageCode;
  sentences: string[];
}

parentPort?.on('message', (request: SynthesisRequest) => {
  synthesiseSentences(request.lang, request.sentences).then(
    (spoken) => parentPort!.postMessage({ id: request.id, spoken }),
    (error: unknown) =>
      parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
