// Publishing as learners feel it: lessons keep their ids (and learners their completions) when they
// are reordered or moved to another chapter; a removed lesson's completions go and percentages follow
// the rule; concurrent publishes do not interleave; a scheduled publication runs once.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseDocument } from '../../../contract/authoring';
import { messageBody } from '../../../contract/messages';
import { buildApp } from '../../app';
import { auditLog } from '../../db/schema/audit';
import { contentStates } from '../../db/schema/authoring';
import { openDatabase } from '../../db/client';
import { createTestDatabase, testAppPerFile, testConfig } from '../../test/test-app';
import { signInAs, signInAsStaff, type SignedIn } from '../../test/sign-in';
import { courseBody, staffApi } from './authoring-test-helpers';
import { runDueSchedules } from './publishing';

const t = testAppPerFile();
let editor: SignedIn;
let api: ReturnType<typeof staffApi>;
const quiet = { warn: () => {} };

beforeAll(async () => {
  editor = await signInAsStaff(t.app, ['editor'], { name: 'Ravi Editor' });
  api = staffApi(t.app);
});

interface Outline {
  course_en: {
    chapter_ens: { id: string; title: string; lesson_ens: { id: string; title: string }[] }[];
    videos: { id: string }[];
    quiz_ens: { id: string }[];
  };
}
const outline = async (courseId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/course/public/en/${courseId}` })).json() as Outline;

describe('learners are never hurt by an edit', () => {
  it('keeps lesson ids and completions through reordering and moving between chapters; a removed lesson’s completions go', async () => {
    const body = courseBody();
    body.chapters.push({
      title: 'Banking',
      lessons: [{ title: 'Open an account', duration: 6, content: '<p>Open.</p>' }],
    });
    const { item, head } = await api.create(editor.headers, 'course', 'moving-lessons', body);
    const { publicId: courseId } = await api.publishOk(editor.headers, item.id, 'en');
    const before = await outline(courseId);
    const [saving, banking] = before.course_en.chapter_ens;
    const [why, how] = saving!.lesson_ens;
    const [open] = banking!.lesson_ens;

    const learner = await signInAs(t.app);
    const learn = (url: string) => t.app.inject({ method: 'POST', url, headers: learner.headers });
    expect((await learn(`/api/progress/en/${courseId}`)).statusCode).toBe(201);
    for (const [chapter, lesson] of [
      [saving!, why!],
      [saving!, how!],
      [banking!, open!],
    ] as const) {
      expect(
        (await learn(`/api/progress/en/${courseId}/chapters/${chapter.id}/lessons/${lesson.id}/complete`)).statusCode,
      ).toBe(200);
    }
    await learn(`/api/progress/en/${courseId}/videos/${before.course_en.videos[0]!.id}/complete`);
    const progress = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/progress/en/${courseId}/progress`, headers: learner.headers })
        ).json() as { progress: { lessonId: string; percentage: number } }
      ).progress;
    // 3 lessons and a video of 3 lessons, a video and a quiz.
    expect((await progress()).percentage).toBe(80);

    // The editor moves "How to save" to the front of Banking, "Why save" after it, drops the
    // Saving chapter (now empty) and removes "Open an account".
    const doc = structuredClone(head.body as CourseDocument);
    const [whyDoc, howDoc] = doc.chapters[0]!.lessons;
    doc.chapters = [{ ...doc.chapters[1]!, title: 'Saving and banking', lessons: [howDoc!, whyDoc!] }];
    await api.saveOk(editor.headers, item.id, 'en', 1, doc);
    await api.publishOk(editor.headers, item.id, 'en');

    const after = await outline(courseId);
    expect(after.course_en.chapter_ens.map((c) => [c.id, c.title])).toEqual([[banking!.id, 'Saving and banking']]);
    expect(after.course_en.chapter_ens[0]!.lesson_ens.map((l) => l.id)).toEqual([how!.id, why!.id]);
    const now = await progress();
    // The two lessons that remain are still complete, in the chapter they are in now; the removed
    // lesson's completion is gone: (2 lessons + 1 video) / (2 lessons + 1 video + 1 quiz).
    expect(now.lessonId.split(',').sort()).toEqual([`${banking!.id}::${how!.id}`, `${banking!.id}::${why!.id}`].sort());
    expect(now.percentage).toBe(75);
  });

  it('publishes concurrently without interleaving: the site shows exactly the version the state says', async () => {
    const { item, head } = await api.create(editor.headers, 'course', 'concurrent', courseBody());
    const v1 = head.body as CourseDocument;
    const v2 = { ...structuredClone(v1), title: 'Version two' };
    v2.chapters[0]!.lessons.push({ title: 'Extra', duration: 1, content: '<p>Extra.</p>' });
    await api.saveOk(editor.headers, item.id, 'en', 1, v2);
    const other = await signInAsStaff(t.app, ['admin']);
    const results = await Promise.all([
      api.publish(editor.headers, item.id, 'en', { version: 1 }),
      api.publish(other.headers, item.id, 'en', { version: 2 }),
      api.publish(editor.headers, item.id, 'en', { version: 1 }),
      api.publish(other.headers, item.id, 'en', { version: 2 }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const [state] = await t.app.db.select().from(contentStates).where(eq(contentStates.itemId, item.id));
    const shown = await outline(results[0]!.json<{ publicId: string }>().publicId);
    const expectedLessons = state!.publishedVersion === 2 ? 3 : 2;
    expect(shown.course_en.chapter_ens[0]!.lesson_ens).toHaveLength(expectedLessons);
    // Each publish that changed something is in the log, in the order they took the item's lock.
    const publishes = (
      await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, item.id)).orderBy(auditLog.id)
    ).filter((a) => a.action === 'content.publish');
    expect((publishes.at(-1)!.after as { publishedVersion: number }).publishedVersion).toBe(state!.publishedVersion);
  });
});

describe('scheduled publishing', () => {
  it('schedules a version for a time, answered with it; refuses a time in the past and an unpublishable version; runs once when due', async () => {
    const { item } = await api.create(editor.headers, 'course', 'scheduled', courseBody());
    const past = await api.publish(editor.headers, item.id, 'en', { at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual(messageBody('scheduleInvalid'));
    expect(
      (await api.publish(editor.headers, item.id, 'en', { at: new Date(Date.now() + 400 * 86_400_000).toISOString() }))
        .statusCode,
    ).toBe(400);

    const at = new Date(Date.now() + 3_600_000);
    // Sent with India's offset, answered in UTC: the same moment.
    const ist = new Date(at.getTime() + 5.5 * 3_600_000).toISOString().replace('Z', '+05:30');
    const scheduled = await api.publish(editor.headers, item.id, 'en', { at: ist });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ publishedVersion: null, scheduled: { version: 1, at: at.toISOString() } });
    const { publicId } = scheduled.json() as { publicId: string };

    expect(await runDueSchedules(t.app.db, new Date(at.getTime() - 1000), quiet)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/course/public/en/${publicId}` })).statusCode).toBe(404);
    expect(await runDueSchedules(t.app.db, new Date(at.getTime() + 1000), quiet)).toBe(1);
    expect(await runDueSchedules(t.app.db, new Date(at.getTime() + 2000), quiet)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/course/public/en/${publicId}` })).statusCode).toBe(200);
    expect((await api.head(editor.headers, item.id, 'en')).state).toMatchObject({
      status: 'published',
      publishedVersion: 1,
      scheduled: null,
    });
    const actions = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, item.id)).orderBy(auditLog.id);
    expect(actions.map((a) => [a.action, a.actorName])).toEqual([
      ['content.create', 'Ravi Editor'],
      ['content.save', 'Ravi Editor'],
      ['content.schedule', 'Ravi Editor'],
      ['content.publish', 'Ravi Editor (scheduled)'],
    ]);
  });

  it('cancels a schedule; a version with empty required text cannot be scheduled', async () => {
    const { item, head } = await api.create(editor.headers, 'course', 'cancelled', courseBody());
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await api.publish(editor.headers, item.id, 'en', { at });
    const cancelled = await api.call('DELETE', `/api/staff/content/${item.id}/en/schedule`, editor.headers);
    expect(cancelled.json()).toMatchObject({ scheduled: null });
    expect(await runDueSchedules(t.app.db, new Date(Date.now() + 7_200_000), quiet)).toBe(0);

    await api.saveOk(editor.headers, item.id, 'en', 1, { ...(head.body as CourseDocument), title: '' });
    const refused = await api.publish(editor.headers, item.id, 'en', { at });
    expect(refused.json()).toMatchObject({
      code: 'publishIncomplete',
      details: [{ field: 'title', message: 'is empty' }],
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'scheduled publishing with two instances on one PostgreSQL database',
  () => {
    it('publishes each due item once, whichever instance gets there first', async () => {
      const first = await createTestDatabase();
      const second = await openDatabase({ databaseUrl: first.url, poolSize: 4 });
      const one = await buildApp({ config: testConfig(), db: first.db, listen: first.listen, logger: false });
      const two = await buildApp({ config: testConfig(), db: second.db, listen: second.listen, logger: false });
      try {
        const staff = await signInAsStaff(one, ['editor']);
        const instanceApi = staffApi(one);
        const ids: string[] = [];
        const at = new Date(Date.now() + 3_600_000);
        for (let i = 0; i < 6; i++) {
          const { item } = await instanceApi.create(staff.headers, 'course', `twice-${i}`, courseBody(`Twice ${i}`));
          expect((await instanceApi.publish(staff.headers, item.id, 'en', { at: at.toISOString() })).statusCode).toBe(
            200,
          );
          ids.push(item.id);
        }
        const due = new Date(at.getTime() + 1000);
        const rounds = await Promise.all([
          runDueSchedules(one.db, due, quiet),
          runDueSchedules(two.db, due, quiet),
          runDueSchedules(one.db, due, quiet),
          runDueSchedules(two.db, due, quiet),
        ]);
        // Every item published by one round or another, never twice.
        expect(rounds.reduce((a, b) => a + b, 0)).toBe(6);
        for (const id of ids) {
          const entries = await one.db.select().from(auditLog).where(eq(auditLog.entityId, id));
          expect(entries.filter((a) => a.action === 'content.publish')).toHaveLength(1);
        }
        // And each is on the site, seen through the other instance.
        const list = (await two.inject({ method: 'GET', url: '/api/course/public?lang=en&search=Twice' })).json() as {
          total: number;
        };
        expect(list.total).toBe(6);
      } finally {
        await one.close();
        await two.close();
        await second.close();
        await first.close();
      }
    });
  },
);
