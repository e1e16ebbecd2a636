// The rules of voice-overs, as pure functions: which texts of a course are spoken, when a voice-over
// is stale, and which voice speaks each sentence. Stale is never stored: a voice-over keeps the hash
// of the text it speaks, and is stale exactly when that differs from the hash of the published text
// (a text edit makes it stale, an edit undone makes it fresh again).
import type { CourseDocument } from '../../../contract/authoring';
import { flatten } from '../../../contract/document-fields';
import { plainText } from '../../../contract/plain-text';
import { SPOKEN_FIELD, type VoiceOverKind } from '../../../contract/read-aloud-rules';
import { textHash } from '../../lib/content-documents';
import { splitSentences } from './spoken-text';

/** One spoken text of a published course language. */
export interface SpokenPart {
  /** The field's path in the document (`lessons[k].content`). */
  part: string;
  /** The address of the element it belongs to (`lessons[k]`), '' for the course's own fields. */
  element: string;
  /** The field's hash as authoring keeps it (contract/document-fields.ts, `textHashes`). */
  hash: string;
  /** Its sentences as written, plain text. */
  sentences: string[];
}

/** Every spoken text of a course document that has something to say, in the document's order. */
export function spokenParts(doc: CourseDocument): SpokenPart[] {
  const parts: SpokenPart[] = [];
  for (const field of flatten('course', doc)) {
    if (!SPOKEN_FIELD.test(field.path) || typeof field.value !== 'string') continue;
    const rich = field.role === 'rich' || field.role === 'optionalRich';
    const sentences = splitSentences(rich ? plainText(field.value) : field.value);
    if (sentences.length === 0) continue;
    const dot = field.path.lastIndexOf('.');
    parts.push({
      part: field.path,
      element: dot < 0 ? '' : field.path.slice(0, dot),
      hash: textHash(field.value),
      sentences,
    });
  }
  return parts;
}

/** The hash a recording of sentences keeps: of the sentences as written, so markup around them does not matter. */
export function sentencesHash(sentences: readonly string[]): string {
  return textHash(sentences.join(' '));
}

/** What a voice-over row says of itself, for these rules. */
export interface VoiceOverFacts {
  kind: VoiceOverKind;
  firstSentence: number;
  sentenceCount: number;
  textHash: string;
}

/** Whether the voice-over no longer speaks the published text (gone, edited, or its sentences moved). */
export function isStale(voice: VoiceOverFacts, part: SpokenPart | undefined): boolean {
  if (!part) return true;
  if (voice.kind === 'synthetic') return voice.textHash !== part.hash;
  const end = voice.firstSentence + voice.sentenceCount;
  if (end > part.sentences.length) return true;
  return voice.textHash !== sentencesHash(part.sentences.slice(voice.firstSentence, end));
}

/** One file played for some sentences: from each sentence's start to its end, within the file. */
export interface Segment<V> {
  voice: V;
  stale: boolean;
  sentences: { index: number; startMs: number; endMs: number }[];
}

/**
 * Which voice speaks each sentence, as segments in playing order: a fresh recording first, then a
 * fresh synthetic voice, then a stale recording, then a stale synthetic voice (so the text of today
 * is heard when any voice has it, and an old one only when none does, marked stale). A stale
 * synthetic voice of a text whose sentences changed is played whole, as it was made.
 */
export function playback<V extends VoiceOverFacts & { durationMs: number; sentenceStartsMs: number[] }>(
  part: SpokenPart,
  voices: readonly V[],
): Segment<V>[] {
  const rank = (voice: V) => (isStale(voice, part) ? 2 : 0) + (voice.kind === 'recorded' ? 0 : 1);
  const ranked = [...voices].sort((a, b) => rank(a) - rank(b));
  const chosen: (V | undefined)[] = part.sentences.map((_, index) =>
    ranked.find((voice) => index >= voice.firstSentence && index < voice.firstSentence + voice.sentenceCount),
  );
  const staleSynthetic = chosen.find((voice) => voice?.kind === 'synthetic' && isStale(voice, part));
  if (staleSynthetic && staleSynthetic.sentenceCount !== part.sentences.length) {
    // Its sentences are not today's: play it whole rather than match sentences that do not match.
    return [segmentOf(staleSynthetic, true, range(0, staleSynthetic.sentenceCount), 0)];
  }
  const segments: Segment<V>[] = [];
  for (let index = 0; index < chosen.length;) {
    const voice = chosen[index];
    let end = index + 1;
    while (end < chosen.length && chosen[end] === voice) end++;
    if (voice) segments.push(segmentOf(voice, isStale(voice, part), range(index, end), voice.firstSentence));
    index = end;
  }
  return segments;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

function segmentOf<V extends VoiceOverFacts & { durationMs: number; sentenceStartsMs: number[] }>(
  voice: V,
  stale: boolean,
  indexes: number[],
  first: number,
): Segment<V> {
  return {
    voice,
    stale,
    sentences: indexes.map((index) => {
      const own = index - first;
      return {
        index,
        startMs: voice.sentenceStartsMs[own] ?? voice.durationMs,
        endMs: voice.sentenceStartsMs[own + 1] ?? voice.durationMs,
      };
    }),
  };
}
