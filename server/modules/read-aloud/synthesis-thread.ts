// Synthesis on a thread of its own (a worker), so voicing a lesson never holds the thread that
// answers learners: the queue runner (queue.ts) sends each text's sentences here and awaits the
// file. One thread a process, started on first use; a thread that dies is started again for the
// next text, and the text it was voicing fails (its job is tried again later).
import { Worker } from 'node:worker_threads';
import type { LanguageCode } from '../../../contract/languages';
import type { SpokenText } from './synthesis';
import type { SynthesisRequest } from './synthesis-worker';

// From the sources (tests, `npm run dev`) the entry is TypeScript, loaded through tsx; in the built
// server (dist/server/main.js) it is the bundle built beside it (scripts/build-server.mjs).
const fromSources = import.meta.url.endsWith('.ts');
const ENTRY = new URL(fromSources ? './synthesis-worker.ts' : './read-aloud-worker.js', import.meta.url);

type Answer = { id: number; spoken: SpokenText } | { id: number; error: string };

export interface SynthesisThread {
  synthesise(lang: LanguageCode, sentences: readonly string[]): Promise<SpokenText>;
  close(): Promise<void>;
}

export function createSynthesisThread(): SynthesisThread {
  let worker: Worker | null = null;
  let next = 1;
  const waiting = new Map<number, { resolve: (spoken: SpokenText) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  function start(): Worker {
    const started = fromSources
      ? // tsx's loader registered in the thread first (resolved from the project's folder), then the entry.
        new Worker(
          `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(ENTRY.href)}); })`,
          { eval: true },
        )
      : new Worker(ENTRY);
    started.on('message', (answer: Answer) => {
      const pending = waiting.get(answer.id);
      if (!pending) return;
      waiting.delete(answer.id);
      if ('error' in answer) pending.reject(new Error(answer.error));
      else pending.resolve({ ...answer.spoken, audio: Buffer.from(answer.spoken.audio) });
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`The synthesis thread stopped (exit code ${code})`));
    });
    // Idle, it does not keep the process alive.
    started.unref();
    return started;
  }

  return {
    synthesise(lang, sentences) {
      worker ??= start();
      const id = next++;
      const request: SynthesisRequest = { id, lang, sentences: [...sentences] };
      return new Promise<SpokenText>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker!.postMessage(request);
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
