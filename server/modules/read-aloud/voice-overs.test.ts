import { describe, expect, it } from 'vitest';
import type { CourseDocument } from '../../../contract/authoring';
import { textHash } from '../../lib/content-documents';
import { courseBody } from '../authoring/authoring-test-helpers';
import { isStale, playback, sentencesHash, spokenParts, type SpokenPart } from './voice-overs';

function keyed(doc: CourseDocument): CourseDocument {
  const copy = structuredClone(doc);
  copy.chapters[0]!.lessons.forEach((lesson, i) => (lesson.key = `l${i}`));
  copy.quizzes.forEach((quiz, q) => {
    quiz.key = `q${q}`;
    quiz.questions.forEach((question, n) => {
      question.key = `n${n}`;
      question.options.forEach((option, o) => (option.key = `o${o}`));
    });
  });
  return copy;
}

const LESSON = '<p>Never share your OTP. Banks never ask for it.</p><p>Call 1930 at once.</p>';

function part(content = LESSON): SpokenPart {
  const doc = keyed(courseBody());
  doc.chapters[0]!.lessons[0]!.content = content;
  return spokenParts(doc).find((p) => p.part === 'lessons[l0].content')!;
}

const synthetic = (p: SpokenPart) => ({
  kind: 'synthetic' as const,
  firstSentence: 0,
  sentenceCount: p.sentences.length,
  textHash: p.hash,
  durationMs: 9000,
  sentenceStartsMs: [0, 3000, 6000].slice(0, p.sentences.length),
});
const recording = (p: SpokenPart, first: number, count: number) => ({
  kind: 'recorded' as const,
  firstSentence: first,
  sentenceCount: count,
  textHash: sentencesHash(p.sentences.slice(first, first + count)),
  durationMs: 4000 * count,
  sentenceStartsMs: Array.from({ length: count }, (_, i) => i * 4000),
});

describe('the spoken texts of a course', () => {
  it('are each lesson, question, option, explanation and the summary, with their sentences as plain text', () => {
    const doc = keyed(courseBody());
    doc.quizzes[0]!.questions[0]!.explanation = 'A bank account is insured.';
    const parts = spokenParts(doc);
    expect(parts.map((p) => p.part)).toEqual([
      'summary',
      'lessons[l0].content',
      'lessons[l1].content',
      'quizzes[q0].questions[n0].content',
      'quizzes[q0].questions[n0].explanation',
      'quizzes[q0].questions[n0].options[o0].content',
      'quizzes[q0].questions[n0].options[o1].content',
    ]);
    expect(parts[0]).toMatchObject({ element: '', sentences: ['You learnt to save.'], hash: textHash(doc.summary) });
    expect(parts[5]!.element).toBe('quizzes[q0].questions[n0].options[o0]');
    expect(part().sentences).toEqual(['Never share your OTP.', 'Banks never ask for it.', 'Call 1930 at once.']);
  });
});

describe('stale, from the hash of the text', () => {
  it('is stale after a text edit and fresh again when the edit is undone', () => {
    const voice = synthetic(part());
    expect(isStale(voice, part())).toBe(false);
    expect(isStale(voice, part(LESSON.replace('1930', '112')))).toBe(true);
    expect(isStale(voice, part(LESSON))).toBe(false);
    expect(isStale(voice, undefined)).toBe(true); // the text is gone
  });

  it('makes a recording stale only when its own sentences change', () => {
    const voice = recording(part(), 0, 2);
    expect(isStale(voice, part(LESSON.replace('1930', '112')))).toBe(false); // the third sentence changed
    expect(isStale(voice, part(LESSON.replace('OTP', 'PIN')))).toBe(true);
    expect(isStale(voice, part(LESSON.replace('<p>', '<p><strong>').replace('.</p>', '.</strong></p>')))).toBe(false);
    expect(isStale(voice, part('<p>Never share your OTP.</p>'))).toBe(true); // its second sentence is gone
  });
});

describe('which voice speaks each sentence', () => {
  it('plays a fresh recording in place of the synthetic voice for its sentences, and the synthetic voice for the rest', () => {
    const p = part();
    const synth = synthetic(p);
    const rec = recording(p, 1, 1);
    const segments = playback(p, [synth, rec]);
    expect(segments.map((s) => [s.voice.kind, s.stale, s.sentences])).toEqual([
      ['synthetic', false, [{ index: 0, startMs: 0, endMs: 3000 }]],
      ['recorded', false, [{ index: 1, startMs: 0, endMs: 4000 }]],
      ['synthetic', false, [{ index: 2, startMs: 6000, endMs: 9000 }]],
    ]);
    // The times each segment plays add up to the voices' durations for those sentences.
    const total = segments.flatMap((s) => s.sentences).reduce((sum, s) => sum + s.endMs - s.startMs, 0);
    expect(total).toBe(3000 + 4000 + 3000);
  });

  it('prefers the fresh synthetic voice to a stale recording, and plays a stale voice only when nothing fresh has the text, marked stale', () => {
    const edited = part(LESSON.replace('OTP', 'PIN'));
    const rec = recording(part(), 0, 1);
    expect(playback(edited, [synthetic(edited), rec]).map((s) => [s.voice.kind, s.stale])).toEqual([
      ['synthetic', false],
    ]);
    expect(playback(edited, [rec]).map((s) => [s.voice.kind, s.stale])).toEqual([['recorded', true]]);
    // A stale synthetic voice whose sentences are not today's is played whole, marked stale.
    const shorter = part('<p>Call 1930.</p>');
    const segments = playback(shorter, [synthetic(part())]);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.stale).toBe(true);
    expect(segments[0]!.sentences.map((s) => s.index)).toEqual([0, 1, 2]);
  });

  it('has nothing to play for a text without a voice', () => {
    expect(playback(part(), [])).toEqual([]);
  });
});
