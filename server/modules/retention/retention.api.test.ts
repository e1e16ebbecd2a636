// The retention job: learners inactive past RETENTION_INACTIVE_DAYS are erased with all their data
// (staff accounts and active learners kept), ended sessions and spent one-time-password records go,
// signing in and using a session count as activity, and what was deleted is logged by count only.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { otpChallenges, sessions } from '../../db/schema/auth';
import { courses } from '../../db/schema/courses';
import { outboxEvents } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';
import { loadConfig } from '../../plugins/config';
import { createCourseFixture } from '../../test/course-fixture';
import { captureLog } from '../../test/log-capture';
import { signInAs, signInAsStaff } from '../../test/sign-in';
import { createTestApp, testAppPerFile } from '../../test/test-app';
import { OUTBOX_KEEP_DAYS } from '../outbox/service';
import { describeRetention, runRetention, startRetentionJob } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves the learner's last activity back by that many days (their session stays usable, to see it go with them). */
async function inactiveFor(db: Db, userId: string, days: number) {
  await db
    .update(users)
    .set({ lastActiveAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(users.id, userId));
}

async function lastActive(db: Db, userId: string): Promise<Date | undefined> {
  const [row] = await db.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, userId));
  return row?.at;
}

describe('the retention job', () => {
  const t = testAppPerFile();

  it('counts signing in and using a session as activity', async () => {
    const learner = await signInAs(t.app);
    expect(Date.now() - (await lastActive(t.app.db, learner.userId))!.getTime()).toBeLessThan(60_000);
    // Two hours without a call: the next signed-in call moves the last activity to now.
    const then = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await t.app.db.update(users).set({ lastActiveAt: then }).where(eq(users.id, learner.userId));
    await t.app.db.update(sessions).set({ lastSeenAt: then }).where(eq(sessions.userId, learner.userId));
    const status = await t.app.inject({ url: '/api/user/session-status', headers: learner.headers });
    expect(status.json().user).not.toBeNull();
    expect(Date.now() - (await lastActive(t.app.db, learner.userId))!.getTime()).toBeLessThan(60_000);
  });

  it('erases learners inactive past the period with all their data, and keeps everyone else', async () => {
    const course = await createCourseFixture(t.app.db);
    const base = `/api/progress/en/${course.courseId}`;
    const learn = async (headers: { cookie: string }, rating: number) => {
      expect((await t.app.inject({ method: 'POST', url: base, headers })).statusCode).toBe(201);
      const lesson = `${base}/chapters/${course.chapterIds[0]}/lessons/${course.lessonIds.chapter1[0]}/complete`;
      expect((await t.app.inject({ method: 'POST', url: lesson, headers })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'PUT', url: `${base}/journal`, headers, payload: { text: 'Save weekly.' } }))
          .statusCode,
      ).toBe(200);
      const rated = await t.app.inject({
        method: 'PUT',
        url: `/api/course/en/${course.courseId}/rating`,
        headers,
        payload: { rating },
      });
      expect(rated.statusCode).toBe(200);
    };
    const gone = await signInAs(t.app, { name: 'Gone Learner' });
    const kept = await signInAs(t.app, { name: 'Kept Learner' });
    const staff = await signInAs(t.app, { role: 'staff' });
    // A translator: an account of role user holding a staff record, kept as staff.
    const translator = await signInAsStaff(t.app, ['translator'], { languages: ['hi'] });
    await learn(gone.headers, 5);
    await learn(kept.headers, 3);
    await inactiveFor(t.app.db, gone.userId, 1096);
    await inactiveFor(t.app.db, kept.userId, 1094);
    await inactiveFor(t.app.db, staff.userId, 2000);
    await inactiveFor(t.app.db, translator.userId, 2000);
    // An ended session of the kept learner, the gone learner's codes, and a code just sent.
    await t.app.db
      .insert(sessions)
      .values({ tokenHash: 'ended', userId: kept.userId, expiresAt: new Date(Date.now() - 1000) });
    const oldCode = {
      codeHash: 'x',
      clientIp: '10.0.0.1',
      expiresAt: new Date(),
      createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
    };
    await t.app.db.insert(otpChallenges).values([
      { ...oldCode, mobile: gone.mobile },
      { ...oldCode, mobile: kept.mobile },
      { ...oldCode, mobile: kept.mobile, createdAt: new Date() },
    ]);

    // The ids of offline changes: one past OUTBOX_KEEP_DAYS, one within them.
    const offlineChange = (daysAgo: number) => ({
      userId: kept.userId,
      eventId: randomUUID(),
      kind: 'lessonCompleted',
      occurredAt: new Date(Date.now() - daysAgo * DAY_MS),
      answer: { outcome: 'applied' },
      appliedAt: new Date(Date.now() - daysAgo * DAY_MS),
    });
    await t.app.db
      .insert(outboxEvents)
      .values([offlineChange(OUTBOX_KEEP_DAYS + 1), offlineChange(OUTBOX_KEEP_DAYS - 1)]);

    const report = await runRetention(t.app);
    expect(report).toMatchObject({ learners: 1, sessions: 1, otpChallenges: 1, outboxEvents: 1 });
    expect(describeRetention(report)).toMatch(
      /^Retention: deleted 1 learner inactive since \d{4}-\d{2}-\d{2} \(with all their data\), 1 ended session, 1 one-time-password record and 1 offline change past its keeping$/,
    );
    expect(await t.app.db.select().from(outboxEvents).where(eq(outboxEvents.userId, kept.userId))).toHaveLength(1);
    expect(Date.now() - 1095 * DAY_MS - report.inactiveSince.getTime()).toBeLessThan(60_000);

    // The erased learner: no account, no session, no progress, rating withdrawn from the totals.
    expect(await lastActive(t.app.db, gone.userId)).toBeUndefined();
    expect((await t.app.inject({ url: '/api/user/session-status', headers: gone.headers })).json()).toEqual({
      user: null,
    });
    const [totals] = await t.app.db
      .select({ n: courses.ratingCount, total: courses.ratingTotal })
      .from(courses)
      .where(eq(courses.id, course.courseId));
    expect(totals).toEqual({ n: 1, total: 3 });
    const left = await t.app.db.execute(
      sql`select (select count(*) from enrolments where user_id = ${gone.userId})::int
               + (select count(*) from completions where user_id = ${gone.userId})::int
               + (select count(*) from journal_entries where user_id = ${gone.userId})::int
               + (select count(*) from course_ratings where user_id = ${gone.userId})::int
               + (select count(*) from otp_challenges where mobile = ${gone.mobile})::int as n`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // The kept learner and the staff account, untouched; the kept learner's progress is there.
    expect(await lastActive(t.app.db, staff.userId)).toBeDefined();
    expect(await lastActive(t.app.db, translator.userId)).toBeDefined();
    const progress = await t.app.inject({ url: `${base}/progress`, headers: kept.headers });
    expect(progress.statusCode).toBe(200);
    expect(progress.json().progress.lessonId).toContain(course.lessonIds.chapter1[0]);

    expect(await runRetention(t.app)).toMatchObject({ learners: 0, sessions: 0, otpChallenges: 0, outboxEvents: 0 });
  });
});

describe('the retention job in the server', () => {
  it('runs at once and logs what it deleted by count, never whom; RETENTION_INACTIVE_DAYS sets the period', async () => {
    const log = captureLog();
    const test = await createTestApp({ RETENTION_INACTIVE_DAYS: '30' }, { logger: log.logger });
    try {
      const gone = await signInAs(test.app, { name: 'Gone Learner' });
      const kept = await signInAs(test.app, { name: 'Kept Learner' });
      await inactiveFor(test.app.db, gone.userId, 31);
      await inactiveFor(test.app.db, kept.userId, 29);
      const stop = startRetentionJob({ db: test.app.db, config: test.config, log: test.app.log });
      await stop();
      const lines = log.matching(/^Retention:/);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.msg).toMatch(
        /^Retention: deleted 1 learner inactive since \d{4}-\d\d-\d\d \(with all their data\), 0 ended sessions, 0 one-time-password records and 0 offline changes past their keeping$/,
      );
      expect(lines[0]!.retention).toMatchObject({ learners: 1, sessions: 0, otpChallenges: 0 });
      const text = JSON.stringify(log.lines);
      expect(text).not.toContain(gone.mobile);
      expect(text).not.toContain('Gone Learner');
      expect(await lastActive(test.app.db, kept.userId)).toBeDefined();
    } finally {
      await test.close();
    }
  });

  it('refuses a period shorter than 30 days', () => {
    expect(() => loadConfig({ RETENTION_INACTIVE_DAYS: '7' })).toThrow(
      'RETENTION_INACTIVE_DAYS must be a whole number from 30 to 3650 (got "7")',
    );
  });
});
