import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_BATCH_MAX } from '../../../contract/outbox';
import { completions, quizAttempts } from '../../db/schema/progress';
import { courses } from '../../db/schema/courses';
import { outboxEvents } from '../../db/schema/outbox';
import { allRight, createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { testAppPerFile } from '../../test/test-app';
import { signInAs, type SignedIn } from '../../test/sign-in';

const t = testAppPerFile();
let course: CourseFixture;

beforeAll(async () => {
  course = await createCourseFixture(t.app.db);
});

const at = '2026-11-20T08:15:00.000Z';
const base = (c: CourseFixture = course) => ({ lang: c.lang, courseId: c.courseId, occurredAt: at });
const enrolled = (c: CourseFixture = course) => ({ id: randomUUID(), kind: 'enrolled', ...base(c) });
const lessonDone = (lessonId = course.lessonIds.chapter1[0], chapterId = course.chapterIds[0], c = course) => ({
  id: randomUUID(),
  kind: 'lessonCompleted',
  ...base(c),
  chapterId,
  lessonId,
});
const quizAnswered = (answers = allRight(course.quizzes[0]!)) => ({
  id: randomUUID(),
  kind: 'quizSubmitted',
  ...base(),
  quizId: course.quizzes[0]!.id,
  answers,
});

const send = (who: SignedIn | undefined, events: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/api/outbox', headers: who?.headers, payload: { events } });

async function sent(who: SignedIn, events: unknown[]) {
  const answer = await send(who, events);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().results as {
    id: string | null;
    outcome: string;
    refusal?: { code: string; message: string; details?: { field: string }[] };
    quiz?: { score: number; passed: boolean };
    journal?: { text: string; updatedAt: string | null };
  }[];
}

const progressOf = async (who: SignedIn, c = course) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/progress/${c.lang}/${c.courseId}/progress`, headers: who.headers })
  ).json().progress;

const attemptsOf = async (who: SignedIn) =>
  t.app.db.select().from(quizAttempts).where(eq(quizAttempts.userId, who.userId));

describe('the outbox: changes made without a network', () => {
  it('applies a batch in order, an enrolment before the lessons done in the course, and scores the quiz on arrival', async () => {
    const learner = await signInAs(t.app);
    const events = [enrolled(), lessonDone(), lessonDone(course.lessonIds.chapter1[1]), quizAnswered()];
    const results = await sent(learner, events);
    expect(results.map((r) => [r.id, r.outcome])).toEqual(events.map((e) => [e.id, 'applied']));
    expect(results[3]!.quiz).toMatchObject({ score: 100, passed: true });
    const progress = await progressOf(learner);
    expect(progress.lessonId).toBe(
      `${course.chapterIds[0]}::${course.lessonIds.chapter1[0]},${course.chapterIds[0]}::${course.lessonIds.chapter1[1]}`,
    );
    expect(progress.quizId).toBe(course.quizzes[0]!.id);
  });

  it('applies each event once: the same batch again changes nothing and gets the same answers', async () => {
    const learner = await signInAs(t.app);
    const events = [enrolled(), lessonDone(), quizAnswered()];
    const first = await sent(learner, events);
    const before = await progressOf(learner);
    const again = await sent(learner, events);
    expect(again.map((r) => r.outcome)).toEqual(['alreadyApplied', 'alreadyApplied', 'alreadyApplied']);
    expect(again[2]!.quiz).toEqual(first[2]!.quiz);
    expect(await progressOf(learner)).toEqual(before);
    expect(await attemptsOf(learner)).toHaveLength(1);
  });

  it('applies an event once when the same batch arrives twice at the same moment', async () => {
    const learner = await signInAs(t.app);
    await sent(learner, [enrolled()]);
    const events = [lessonDone(), quizAnswered(), quizAnswered()];
    const [a, b] = await Promise.all([send(learner, events), send(learner, events)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const outcomes = [...a.json().results, ...b.json().results].map((r: { outcome: string }) => r.outcome).sort();
    expect(outcomes).toEqual(['alreadyApplied', 'alreadyApplied', 'alreadyApplied', 'applied', 'applied', 'applied']);
    // Two different quiz events are two attempts, each kept once.
    expect(await attemptsOf(learner)).toHaveLength(2);
    const done = await t.app.db
      .select()
      .from(completions)
      .where(and(eq(completions.userId, learner.userId), eq(completions.courseId, course.courseId)));
    expect(done).toHaveLength(1);
  });

  it('never takes a lesson back, and keeps every quiz attempt, a failed one after a pass included', async () => {
    const learner = await signInAs(t.app);
    await sent(learner, [enrolled(), lessonDone(), quizAnswered()]);
    const q = course.quizzes[0]!;
    const wrong = [{ questionId: q.single.id, selectedOptions: [q.single.wrong[0]!] }];
    const [failed, doneAgain] = await sent(learner, [quizAnswered(wrong), lessonDone()]);
    expect(failed!.quiz).toMatchObject({ passed: false });
    expect(doneAgain!.outcome).toBe('applied');
    const progress = await progressOf(learner);
    expect(progress.quizId).toBe(q.id);
    expect(progress.lessonId).toContain(course.lessonIds.chapter1[0]);
    expect(await attemptsOf(learner)).toHaveLength(2);
  });

  it('answers each refused event with its reason and applies the others', async () => {
    const learner = await signInAs(t.app);
    const notEnrolledYet = lessonDone();
    const unknownLesson = lessonDone(randomUUID());
    const malformed = { id: randomUUID(), kind: 'lessonCompleted', ...base(), lessonId: 'not-a-uuid' };
    const unknownKind = { id: randomUUID(), kind: 'courseRated', ...base() };
    const results = await sent(learner, [
      notEnrolledYet,
      enrolled(),
      unknownLesson,
      malformed,
      unknownKind,
      'junk',
      lessonDone(),
    ]);
    expect(results.map((r) => [r.outcome, r.refusal?.code])).toEqual([
      ['refused', 'notEnrolled'],
      ['applied', undefined],
      ['refused', 'lessonNotFound'],
      ['refused', 'eventInvalid'],
      ['refused', 'eventInvalid'],
      ['refused', 'eventInvalid'],
      ['applied', undefined],
    ]);
    expect(results[3]!.refusal!.details!.map((d) => d.field)).toEqual(
      expect.arrayContaining(['chapterId', 'lessonId']),
    );
    expect(results[4]!.refusal!.message).toMatch(/kind must be one of enrolled, lessonCompleted/);
    expect(results[5]!.id).toBeNull();
    // A refusal is an answer like any other: the same event again is refused the same way.
    const [again] = await sent(learner, [notEnrolledYet]);
    expect(again).toMatchObject({ outcome: 'refused', refusal: { code: 'notEnrolled' } });
  });

  it('refuses the events of a course withdrawn while the learner was offline', async () => {
    const withdrawn = await createCourseFixture(t.app.db);
    const learner = await signInAs(t.app);
    await sent(learner, [enrolled(withdrawn)]);
    await t.app.db.update(courses).set({ published: false }).where(eq(courses.id, withdrawn.courseId));
    t.app.publicCaches.clearAll();
    const [result] = await sent(learner, [
      lessonDone(withdrawn.lessonIds.chapter1[0], withdrawn.chapterIds[0], withdrawn),
    ]);
    expect(result).toMatchObject({
      outcome: 'refused',
      refusal: { code: 'courseNotFound', message: 'Course not found' },
    });
  });

  it('saves the journal only over the version the phone last had, and says so when it was changed elsewhere', async () => {
    const learner = await signInAs(t.app);
    await sent(learner, [enrolled()]);
    const journal = (text: string, basedOn: string | null) => ({
      id: randomUUID(),
      kind: 'journalSaved',
      ...base(),
      text,
      basedOn,
    });
    const [first] = await sent(learner, [journal('Written on the bus', null)]);
    expect(first).toMatchObject({ outcome: 'applied', journal: { text: 'Written on the bus' } });
    const savedAt = first!.journal!.updatedAt!;
    // Another device saves meanwhile.
    await t.app.inject({
      method: 'PUT',
      url: `/api/progress/en/${course.courseId}/journal`,
      headers: learner.headers,
      payload: { text: 'Written on the laptop' },
    });
    const stale = journal('Written offline again', savedAt);
    const [refused] = await sent(learner, [stale]);
    expect(refused).toMatchObject({
      outcome: 'refused',
      refusal: { code: 'journalChangedElsewhere' },
      journal: { text: 'Written on the laptop' },
    });
    const current = refused!.journal!.updatedAt!;
    const [saved] = await sent(learner, [journal('Read the laptop’s and wrote this', current)]);
    expect(saved).toMatchObject({ outcome: 'applied', journal: { text: 'Read the laptop’s and wrote this' } });
    // A journal written first on the phone while one is saved: refused too.
    const [late] = await sent(learner, [journal('Another first draft', null)]);
    expect(late!.refusal!.code).toBe('journalChangedElsewhere');
    // What is kept of the answers never holds the journal's text.
    const kept = await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.userId, learner.userId));
    expect(JSON.stringify(kept.map((row) => row.answer))).not.toMatch(/bus|laptop|offline again|first draft/);
  });

  it("keeps one learner's ids apart from another's, and refuses an id used for another kind of change", async () => {
    const one = await signInAs(t.app);
    const two = await signInAs(t.app);
    const shared = enrolled();
    expect((await sent(one, [shared]))[0]!.outcome).toBe('applied');
    expect((await sent(two, [shared]))[0]!.outcome).toBe('applied');
    const [reused] = await sent(one, [{ ...lessonDone(), id: shared.id }]);
    expect(reused).toMatchObject({ outcome: 'refused', refusal: { code: 'eventInvalid' } });
    expect(reused!.refusal!.message).toMatch(/id was used before by another change/);
  });

  it('needs a signed-in learner, and a batch of 1 to 50 events', async () => {
    expect((await send(undefined, [enrolled()])).statusCode).toBe(401);
    const inactive = await signInAs(t.app, { active: false });
    expect((await send(inactive, [enrolled()])).statusCode).toBe(403);
    const learner = await signInAs(t.app);
    expect((await send(learner, [])).statusCode).toBe(400);
    const tooMany = await send(
      learner,
      Array.from({ length: OUTBOX_BATCH_MAX + 1 }, () => enrolled()),
    );
    expect(tooMany.statusCode).toBe(400);
    const full = await sent(
      learner,
      Array.from({ length: OUTBOX_BATCH_MAX }, () => enrolled()),
    );
    expect(full).toHaveLength(OUTBOX_BATCH_MAX);
    const tooLarge = await send(learner, [{ ...enrolled(), padding: 'x'.repeat(600 * 1024) }]);
    expect(tooLarge.statusCode).toBe(413);
  });
});
