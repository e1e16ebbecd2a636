// The synthesis queue on a real database: publishing queues a job per published version; the job
// voices each spoken text sentence by sentence and stores the files by their hash; a text edit
// makes only its voice stale (and an undone edit fresh again) and the next job voices only it;
// a failing job is tried again with backoff and stays failed, with its error, once its tries are
// spent; two claims at once never take the same job.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseDocument } from '../../../contract/authoring';
import { VOICE_JOB_MAX_ATTEMPTS } from '../../../contract/read-aloud-rules';
import { voiceOverJobs, voiceOvers } from '../../db/schema/read-aloud';
import { testAppPerFile } from '../../test/test-app';
import { signInAsStaff, type SignedIn } from '../../test/sign-in';
import { courseBody, staffApi } from '../authoring/authoring-test-helpers';
import { uploadDepsFromConfig } from '../uploads/service';
import { readOggOpus } from './ogg-opus';
import * as repo from './repository';
import { queuePublished, retryDelayMs, runNextJob, type ReadAloudDeps } from './service';

const t = testAppPerFile();
let editor: SignedIn;
let api: ReturnType<typeof staffApi>;
let deps: ReadAloudDeps;

beforeAll(async () => {
  editor = await signInAsStaff(t.app, ['editor']);
  api = staffApi(t.app);
  deps = { db: t.app.db, storage: uploadDepsFromConfig(t.app.config).storage };
});

/** Runs every job that may run now; what became of each. */
async function drain(d: ReadAloudDeps = deps) {
  const states: string[] = [];
  for (let ran = await runNextJob(d); ran; ran = await runNextJob(d)) states.push(ran.state);
  return states;
}

const jobsOf = (itemId: string) => t.app.db.select().from(voiceOverJobs).where(eq(voiceOverJobs.itemId, itemId));
const voicesOf = (itemId: string) => t.app.db.select().from(voiceOvers).where(eq(voiceOvers.itemId, itemId));

describe('publishing a course voices it', () => {
  it('queues one job per published version, and the job voices every spoken text with timings that add up', async () => {
    const body = courseBody();
    body.chapters[0]!.lessons[0]!.content = '<p>Never share your OTP. Banks never ask for it.</p>';
    const { item } = await api.create(editor.headers, 'course', 'voiced', body);
    expect(await queuePublished(t.app.db)).toBe(0); // a draft asks for nothing
    await api.publishOk(editor.headers, item.id, 'en');
    expect(await queuePublished(t.app.db)).toBeGreaterThanOrEqual(1);
    expect(await queuePublished(t.app.db)).toBe(0); // once per version
    const [queued] = await jobsOf(item.id);
    expect(queued).toMatchObject({ state: 'queued', version: 1, attempts: 0 });

    await drain();
    const [job] = await jobsOf(item.id);
    expect(job).toMatchObject({ state: 'done', attempts: 1, lastError: null, synthesised: 6, skipped: 0 });
    const voices = await voicesOf(item.id);
    const key = await lessonKey(item.id);
    expect(voices.map((v) => v.part.replace(/\[[^\]]+\]/g, '[]')).sort()).toEqual([
      'lessons[].content',
      'lessons[].content',
      'quizzes[].questions[].content',
      'quizzes[].questions[].options[].content',
      'quizzes[].questions[].options[].content',
      'summary',
    ]);
    expect(voices.some((v) => v.part === `lessons[${key}].content`)).toBe(true);
    const lesson = voices.find((v) => v.spokenText.startsWith('Never share'))!;
    expect(lesson).toMatchObject({ kind: 'synthetic', firstSentence: 0, sentenceCount: 2, lang: 'en' });
    expect(lesson.fileKey).toMatch(/^by-hash\/[0-9a-f]{2}\/[0-9a-f]{32}\.opus$/);
    const file = await deps.storage.get(lesson.fileKey);
    expect(file.length).toBe(lesson.bytes);
    expect(readOggOpus(file).durationMs).toBe(lesson.durationMs);
    const [first, second] = lesson.sentenceStartsMs as [number, number];
    expect(first).toBe(0);
    expect(second).toBeGreaterThan(0);
    expect(second).toBeLessThan(lesson.durationMs);
  });
});

async function lessonKey(itemId: string) {
  const head = await api.head(editor.headers, itemId, 'en');
  return (head.body as CourseDocument).chapters[0]!.lessons[0]!.key!;
}

describe('stale, and voiced again', () => {
  it('an edit makes only that text stale and the next job voices only it; undoing the edit makes the old voice fresh', async () => {
    const body = courseBody();
    const { item } = await api.create(editor.headers, 'course', 'edited', body);
    await api.publishOk(editor.headers, item.id, 'en');
    await queuePublished(t.app.db);
    await drain();
    const before = await voicesOf(item.id);
    const summaryBefore = before.find((v) => v.part === 'summary')!;

    const head = await api.head(editor.headers, item.id, 'en');
    const edited = structuredClone(head.body as CourseDocument);
    edited.summary = '<p>You learnt to save. Call 1930 after a fraud.</p>';
    const saved = await api.saveOk(editor.headers, item.id, 'en', head.version.number, edited);
    await api.publishOk(editor.headers, item.id, 'en');
    await queuePublished(t.app.db);
    await drain();
    const jobs = (await jobsOf(item.id)).sort((a, b) => a.version - b.version);
    expect(jobs.map((j) => [j.version, j.state, j.synthesised, j.skipped])).toEqual([
      [1, 'done', 6, 0],
      [saved.version.number, 'done', 1, 5],
    ]);
    const summaryAfter = (await voicesOf(item.id)).find((v) => v.part === 'summary')!;
    expect(summaryAfter.sentenceCount).toBe(2);
    expect(summaryAfter.textHash).not.toBe(summaryBefore.textHash);

    // Undo the edit: the text's hash is the first one's again, and the first voice would be fresh.
    const reverted = structuredClone(edited);
    reverted.summary = (head.body as CourseDocument).summary;
    await api.saveOk(editor.headers, item.id, 'en', saved.version.number, reverted);
    await api.publishOk(editor.headers, item.id, 'en');
    await queuePublished(t.app.db);
    await drain();
    const summaryReverted = (await voicesOf(item.id)).find((v) => v.part === 'summary')!;
    expect(summaryReverted.textHash).toBe(summaryBefore.textHash);
  });
});

describe('a failing job', () => {
  it('is tried again after a growing wait, and stays failed with its error once its tries are spent', async () => {
    const { item } = await api.create(editor.headers, 'course', 'failing', courseBody());
    await api.publishOk(editor.headers, item.id, 'en');
    await queuePublished(t.app.db);
    let clock = new Date();
    const failing: ReadAloudDeps = {
      ...deps,
      now: () => clock,
      synthesise: async () => {
        throw new Error('the engine is not there');
      },
    };
    const seen: { state: string; attempts: number; wait: number }[] = [];
    for (let attempt = 1; attempt <= VOICE_JOB_MAX_ATTEMPTS; attempt++) {
      // Other files' jobs may be waiting too: run until this one has been tried once more.
      for (;;) {
        const ran = await runNextJob(failing);
        if (!ran) throw new Error('the job was not claimed');
        if (ran.job.itemId === item.id) break;
      }
      const [job] = await jobsOf(item.id);
      seen.push({ state: job!.state, attempts: job!.attempts, wait: job!.runAfter.getTime() - clock.getTime() });
      expect(job!.lastError).toBe('the engine is not there');
      // Not tried again before its wait is over.
      const early = await runNextJob({
        ...failing,
        now: () => new Date(clock.getTime() + job!.runAfter.getTime() - clock.getTime() - 1000),
      });
      expect(early?.job.itemId).not.toBe(item.id);
      clock = new Date(job!.runAfter.getTime() + 1);
    }
    expect(seen.map((s) => s.state)).toEqual(['queued', 'queued', 'queued', 'queued', 'failed']);
    expect(seen.slice(0, 4).map((s) => s.wait)).toEqual([1, 2, 3, 4].map(retryDelayMs));
    expect(seen.at(-1)!.attempts).toBe(VOICE_JOB_MAX_ATTEMPTS);
    // Failed for good: never claimed again by itself.
    clock = new Date(clock.getTime() + 24 * 3600_000);
    expect((await runNextJob({ ...failing }))?.job.itemId).not.toBe(item.id);
  });
});

describe('several instances', () => {
  it('never claim the same job twice, and take again a job whose instance stopped once its lease has passed', async () => {
    for (const slug of ['claim-a', 'claim-b']) {
      const { item } = await api.create(editor.headers, 'course', slug, courseBody());
      await api.publishOk(editor.headers, item.id, 'en');
    }
    await queuePublished(t.app.db);
    const now = new Date();
    const [a, b] = await Promise.all([repo.claimJob(t.app.db, now, 60_000), repo.claimJob(t.app.db, now, 60_000)]);
    expect(a && b).toBeTruthy();
    expect(a!.id).not.toBe(b!.id);
    // The instance that claimed `a` stops; after its lease another claims it, counting a second try.
    const later = new Date(now.getTime() + 61_000);
    const claims: string[] = [];
    for (
      let job = await repo.claimJob(t.app.db, later, 60_000);
      job;
      job = await repo.claimJob(t.app.db, later, 60_000)
    )
      claims.push(job.id);
    expect(claims).toContain(a!.id);
    expect(claims).toContain(b!.id);
    const [again] = await t.app.db.select().from(voiceOverJobs).where(eq(voiceOverJobs.id, a!.id));
    expect(again).toMatchObject({ state: 'running', attempts: 2 });
  });
});
