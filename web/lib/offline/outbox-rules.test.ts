// The phone's outbox as data (ADR 42): events made with the phone's ids, batches within the server's
// limits oldest first, every answer settled (nothing dropped silently), and the progress the views
// show while changes wait.
import { describe, expect, it } from 'vitest';
import { OUTBOX_BATCH_MAX, OUTBOX_BATCH_MAX_BYTES } from '../../../contract/offline-rules';
import { JOURNAL_MAX_LENGTH } from '../../../contract/learning-rules';
import type { OutboxEvent, OutboxEventAnswer } from '../../../contract/outbox';
import type { QuizResult } from '../../../contract/progress';
import { addEvent, emptyOutbox, makeEvent, nextBatch, settle, withWaiting } from './outbox-rules';

const course = '11111111-1111-4111-8111-111111111111';
const chapter = '22222222-2222-4222-8222-222222222222';
const lesson = (n: number) => `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`;
const done = (n: number) =>
  makeEvent({ kind: 'lessonCompleted', lang: 'hi', courseId: course, chapterId: chapter, lessonId: lesson(n) });
const journal = (text: string, basedOn: string | null = null) =>
  makeEvent({ kind: 'journalSaved', lang: 'hi', courseId: course, text, basedOn });
const bodyBytes = (events: OutboxEvent[]) => new TextEncoder().encode(JSON.stringify({ events })).length;

describe('an event made on the phone', () => {
  it('has an id of its own (a UUID) and the time it was made', () => {
    const at = new Date('2026-11-29T10:00:00Z');
    const a = makeEvent({ kind: 'enrolled', lang: 'hi', courseId: course }, at);
    const b = makeEvent({ kind: 'enrolled', lang: 'hi', courseId: course }, at);
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.occurredAt).toBe('2026-11-29T10:00:00.000Z');
  });

  it('of the journal replaces the journal still waiting, over the same version', () => {
    let state = addEvent(emptyOutbox(), journal('first', '2026-11-01T00:00:00.000Z'));
    state = addEvent(state, done(1));
    state = addEvent(state, journal('second', '2026-11-02T00:00:00.000Z'));
    expect(state.waiting.map((e) => e.kind)).toEqual(['lessonCompleted', 'journalSaved']);
    expect(state.waiting[1]).toMatchObject({ text: 'second', basedOn: '2026-11-01T00:00:00.000Z' });
  });
});

describe('the next batch', () => {
  it('is the oldest events, at most OUTBOX_BATCH_MAX of them', () => {
    const waiting = Array.from({ length: OUTBOX_BATCH_MAX + 7 }, (_, i) => done(i));
    const batch = nextBatch(waiting);
    expect(batch).toHaveLength(OUTBOX_BATCH_MAX);
    expect(batch).toEqual(waiting.slice(0, OUTBOX_BATCH_MAX));
    expect(nextBatch(waiting.slice(OUTBOX_BATCH_MAX))).toHaveLength(7);
  });

  it('stays within OUTBOX_BATCH_MAX_BYTES, counted in UTF-8, long journals in several batches', () => {
    // Devanagari: three bytes a character, so a full journal is about 30 KB.
    const waiting = Array.from({ length: 40 }, (_, i) => ({
      ...journal('अ'.repeat(JOURNAL_MAX_LENGTH)),
      courseId: `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`,
    }));
    const batch = nextBatch(waiting);
    expect(batch.length).toBeGreaterThan(1);
    expect(batch.length).toBeLessThan(waiting.length);
    expect(bodyBytes(batch)).toBeLessThanOrEqual(OUTBOX_BATCH_MAX_BYTES);
    expect(bodyBytes(waiting.slice(0, batch.length + 1))).toBeGreaterThan(OUTBOX_BATCH_MAX_BYTES);
  });

  it('is empty only when nothing waits', () => {
    expect(nextBatch([])).toEqual([]);
  });
});

describe("the server's answers, settled", () => {
  const result: QuizResult = {
    score: 80,
    message: 'Passed',
    passed: true,
    passingCriteria: 60,
    correctCount: 4,
    questionCount: 5,
    review: [],
  };

  it('remove applied ones, keep refusals with their reason, and leave unanswered and newer events waiting', () => {
    const quiz = makeEvent({
      kind: 'quizSubmitted',
      lang: 'hi',
      courseId: course,
      quizId: '55555555-5555-4555-8555-555555555555',
      answers: [],
    });
    const [a, b, c, d] = [done(1), done(2), quiz, done(4)];
    const newer = done(5);
    const answers: OutboxEventAnswer[] = [
      { id: a.id, outcome: 'applied' },
      { id: b.id, outcome: 'refused', refusal: { code: 'lessonNotFound', message: 'Lesson not found' } },
      { id: c.id, outcome: 'alreadyApplied', quiz: result },
    ];
    const { state, applied } = settle({ ...emptyOutbox(), waiting: [a, b, c, d, newer] }, [a, b, c, d], answers);
    expect(applied).toBe(2);
    expect(state.waiting).toEqual([d, newer]);
    expect(state.refused).toEqual([{ event: b, refusal: { code: 'lessonNotFound', message: 'Lesson not found' } }]);
    expect(state.scored).toEqual([
      {
        eventId: c.id,
        lang: 'hi',
        courseId: course,
        quizId: c.kind === 'quizSubmitted' ? c.quizId : '',
        occurredAt: c.occurredAt,
        result,
      },
    ]);
  });

  it('keep the text saved elsewhere with a journal refused as changed elsewhere', () => {
    const mine = journal('written offline', null);
    const elsewhere = { text: 'written on the laptop', updatedAt: '2026-11-29T09:00:00.000Z' };
    const { state } = settle(
      { ...emptyOutbox(), waiting: [mine] },
      [mine],
      [
        {
          id: mine.id,
          outcome: 'refused',
          refusal: { code: 'journalChangedElsewhere', message: 'changed elsewhere' },
          journal: elsewhere,
        },
      ],
    );
    expect(state.waiting).toEqual([]);
    expect(state.refused[0]).toMatchObject({ event: mine, journal: elsewhere });
  });

  it('base the next waiting journal on the version the applied one made', () => {
    const sent = journal('one', null);
    const later = { ...journal('two', null) };
    const { state } = settle(
      { ...emptyOutbox(), waiting: [sent, later] },
      [sent],
      [{ id: sent.id, outcome: 'applied', journal: { text: 'one', updatedAt: '2026-11-29T10:00:00.000Z' } }],
    );
    expect(state.waiting).toEqual([{ ...later, basedOn: '2026-11-29T10:00:00.000Z' }]);
  });
});

describe('the progress shown while changes wait', () => {
  const record = {
    lessonId: `${chapter}::${lesson(1)}`,
    videoId: '',
    quizId: '',
    chapterId: '',
    percentage: 10,
    completed: false,
  };

  it("adds the lessons done and videos watched offline to the server's record", () => {
    const video = makeEvent({
      kind: 'videoWatched',
      lang: 'hi',
      courseId: course,
      videoId: '66666666-6666-4666-8666-666666666666',
    });
    const shown = withWaiting(record, [done(1), done(2), video], 'hi', course);
    expect(shown?.lessonId.split(',')).toEqual([`${chapter}::${lesson(1)}`, `${chapter}::${lesson(2)}`]);
    expect(shown?.videoId).toBe('66666666-6666-4666-8666-666666666666');
    expect(withWaiting(record, [done(2)], 'ta', course)).toBe(record);
  });

  it('is enrolled once an enrolment waits, and stays unknown when nothing is known', () => {
    expect(withWaiting(null, [done(1)], 'hi', course)).toBeNull();
    const enrolled = withWaiting(
      null,
      [makeEvent({ kind: 'enrolled', lang: 'hi', courseId: course }), done(1)],
      'hi',
      course,
    );
    expect(enrolled?.lessonId).toBe(`${chapter}::${lesson(1)}`);
    expect(withWaiting(undefined, [done(1)], 'hi', course)).toBeUndefined();
  });
});
