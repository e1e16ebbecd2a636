// npm run bench:audio — the time to voice the sample course in each language with the engine, and
// what the voice costs learners in bytes.
//
// Reads the sample course in each language (sample-content/courses), takes its spoken texts as the
// synthesis queue does (server/modules/read-aloud/voice-overs.ts), and synthesises and encodes each
// one sentence by sentence into Ogg Opus (synthesis.ts), as a job does after publishing. Prints per
// language: the texts and sentences, the audio's length, the time it took (and how many times faster
// than the audio plays), the longest one sentence held the event loop, the bytes and the bytes per
// minute of audio. BENCH_AUDIO_LANGS=hi,tm limits the languages; BENCH_AUDIO_TEXTS=20 the texts
// voiced in each (the figures per minute hold for a part as for the whole).
import path from 'node:path';
import type { CourseDocument } from '../contract/authoring';
import { LANGUAGE_CODES, isLanguageCode, type LanguageCode } from '../contract/languages';
import { loadContent } from '../server/modules/sample-content/load';
import { courseDocument } from '../server/modules/sample-content/service';
import { synthesiseSentences } from '../server/modules/read-aloud/synthesis';
import { spokenParts } from '../server/modules/read-aloud/voice-overs';
import { measureHold } from './event-loop-hold';
import { table } from './table';

const langs = (process.env.BENCH_AUDIO_LANGS?.split(',') ?? [...LANGUAGE_CODES]).filter(isLanguageCode);
const maxTexts = Number(process.env.BENCH_AUDIO_TEXTS ?? Infinity);

const loaded = loadContent(path.join(import.meta.dirname, '..', 'sample-content'));
if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
const courses = new Map<LanguageCode, CourseDocument[]>();
for (const entry of loaded.content.courses) {
  const list = courses.get(entry.lang) ?? [];
  list.push(courseDocument(entry.data));
  courses.set(entry.lang, list);
}

// The engine's first load (reading its 24 MB of voices) is not a language's cost.
await synthesiseSentences('en', ['Ready.']);

const rows: string[][] = [];
for (const lang of langs) {
  const parts = (courses.get(lang) ?? []).flatMap(spokenParts).slice(0, maxTexts);
  if (!parts.length) {
    rows.push([lang, '0', '0', '-', '-', '-', '-', '-', '-']);
    continue;
  }
  const { result, ms, longestHoldMs } = await measureHold(async () => {
    let audioMs = 0;
    let bytes = 0;
    for (const part of parts) {
      const spoken = await synthesiseSentences(lang, part.sentences);
      audioMs += spoken.durationMs;
      bytes += spoken.audio.length;
    }
    return { audioMs, bytes };
  });
  const minutes = result.audioMs / 60_000;
  rows.push([
    lang,
    String(parts.length),
    String(parts.reduce((sum, part) => sum + part.sentences.length, 0)),
    `${(result.audioMs / 1000).toFixed(1)} s`,
    `${(ms / 1000).toFixed(2)} s`,
    `${(result.audioMs / ms).toFixed(1)}x`,
    `${longestHoldMs.toFixed(0)} ms`,
    `${(result.bytes / 1024).toFixed(0)} KB`,
    `${(result.bytes / 1024 / minutes).toFixed(0)} KB`,
  ]);
  console.log(`${lang}: done`);
}

console.log(
  `\nThe sample course voiced sentence by sentence, Opus 16 kbit/s in Ogg (Node ${process.version}, ${Number.isFinite(maxTexts) ? `first ${maxTexts} texts a language` : 'every text'}):\n`,
);
console.log(
  table(
    [
      'lang',
      'texts',
      'sentences',
      'audio',
      'synthesise + encode',
      'faster than real time',
      'longest hold',
      'bytes',
      'per minute',
    ],
    rows,
  ),
);
