// DPDP Act 2023 rights: a copy of everything stored about the learner, and erasure of the account
// with all its data in one go.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { otpChallenges, sessions } from '../../db/schema/auth';
import { certificateNameCorrections, certificates } from '../../db/schema/certificates';
import { courses } from '../../db/schema/courses';
import { journalEntries } from '../../db/schema/journal';
import { outboxEvents } from '../../db/schema/outbox';
import { completions, enrolments, quizAttempts } from '../../db/schema/progress';
import { courseRatings } from '../../db/schema/ratings';
import { users } from '../../db/schema/users';
import { createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { testAppPerFile } from '../../test/test-app';
import { signInAsStaff } from '../../test/sign-in';
import { lastCode, nextMobile, post, signUp } from '../auth/auth-test-helpers';
import { messageBody } from '../../../contract/messages';

const t = testAppPerFile({ OTP_RESEND_COOLDOWN_SECONDS: '0', OTP_PER_ADDRESS_LIMIT: '1000' });
let course: CourseFixture;
beforeAll(async () => {
  course = await createCourseFixture(t.app.db);
});

async function userId(mobile: string): Promise<string> {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  return row!.id;
}

/** Gives the learner some of everything: progress, a quiz attempt, a journal entry, a rating, a certificate. */
async function learnSomething(id: string, rating: number, tag: string) {
  const db = t.app.db;
  const { courseId } = course;
  await db.insert(enrolments).values({ userId: id, courseId });
  await db.insert(completions).values({ userId: id, courseId, lessonId: course.lessonIds.chapter1[0] });
  await db.insert(quizAttempts).values({
    userId: id,
    courseId,
    quizId: course.quizzes[0]!.id,
    score: 80,
    passed: true,
    answers: [{ questionId: course.quizzes[0]!.single.id, selectedOptions: course.quizzes[0]!.single.correct }],
  });
  await db.insert(journalEntries).values({ userId: id, courseId, text: `What I learnt (${tag})` });
  await db.insert(outboxEvents).values({
    userId: id,
    eventId: randomUUID(),
    kind: 'lessonCompleted',
    occurredAt: new Date('2026-11-20T08:15:00Z'),
    answer: { outcome: 'applied' },
  });
  await db.transaction(async (tx) => {
    await tx.insert(courseRatings).values({ userId: id, courseId, rating });
    await tx
      .update(courses)
      .set({ ratingCount: sql`${courses.ratingCount} + 1`, ratingTotal: sql`${courses.ratingTotal} + ${rating}` })
      .where(eq(courses.id, courseId));
  });
  const [certificate] = await db
    .insert(certificates)
    .values({
      number: `JGK-TEST-${tag}`,
      userId: id,
      lang: 'en',
      learnerName: tag,
      courseTitle: 'Money basics',
      completedAt: new Date(),
      reissuedAt: new Date(),
    })
    .returning({ id: certificates.id });
  // Reissued once after the learner corrected their name.
  await db
    .insert(certificateNameCorrections)
    .values({ certificateId: certificate!.id, previousName: `${tag}-before`, correctedAt: new Date() });
}

describe('GET /api/user/me/export', () => {
  it('is a JSON download of everything stored about the learner, and nothing of anyone else', async () => {
    const a = await signUp(t.app, nextMobile(), 'Anita');
    const b = await signUp(t.app, nextMobile(), 'Bharat');
    await learnSomething(await userId(a.mobile), 5, 'anita');
    await learnSomething(await userId(b.mobile), 3, 'bharat');

    const res = await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const data = res.json();
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    expect(data.profile).toMatchObject({ name: 'Anita', mobile: a.mobile, role: 'user' });
    expect(data.sessions).toHaveLength(1);
    expect(data.otpRequests.length).toBeGreaterThanOrEqual(1);
    expect(data.enrolments).toEqual([
      expect.objectContaining({ course: expect.objectContaining({ slug: course.slug, lang: 'en' }) }),
    ]);
    expect(data.completions).toEqual([expect.objectContaining({ lessonId: course.lessonIds.chapter1[0] })]);
    expect(data.quizAttempts).toEqual([
      expect.objectContaining({ score: 80, passed: true, answers: expect.any(Array) }),
    ]);
    expect(data.journalEntries).toEqual([expect.objectContaining({ text: 'What I learnt (anita)' })]);
    expect(data.offlineChanges).toEqual([
      {
        kind: 'lessonCompleted',
        occurredAt: '2026-11-20T08:15:00.000Z',
        receivedAt: expect.any(String),
        outcome: 'applied',
      },
    ]);
    expect(data.ratings).toEqual([expect.objectContaining({ rating: 5 })]);
    expect(data.certificates).toEqual([
      expect.objectContaining({ number: 'JGK-TEST-anita', learnerName: 'anita', reissuedAt: expect.any(String) }),
    ]);
    expect(data.certificateNameCorrections).toEqual([
      expect.objectContaining({ number: 'JGK-TEST-anita', previousName: 'anita-before' }),
    ]);

    const text = res.body;
    expect(text).not.toContain('bharat');
    expect(text).not.toContain(b.mobile);
    // No secrets: neither the session token's hash nor any code hash.
    expect(text).not.toMatch(/tokenHash|codeHash|[0-9a-f]{64}/);
  });

  it('holds a staff member’s own staff record and what they did as staff, without secrets or the people their changes named', async () => {
    const admin = await signInAsStaff(t.app, ['admin'], { name: 'Asha Admin' });
    const added = nextMobile();
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/staff/members',
      headers: admin.headers,
      payload: { mobile: added, name: 'Gopal Translator', roles: ['translator'], languages: ['hi'] },
    });
    expect(add.statusCode).toBe(201);

    const res = await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const { staff } = res.json();
    expect(staff).toMatchObject({
      roles: ['admin'],
      languages: [],
      active: true,
      authenticatorApp: { setUpAt: expect.any(String), confirmedAt: expect.any(String) },
      recoveryCodes: { unused: 0, usedAt: [] },
      actions: [
        {
          action: 'staff.add',
          entityKind: 'staff-member',
          lang: null,
          address: expect.any(String),
          at: expect.any(String),
        },
      ],
    });
    expect(res.body).not.toContain(added);
    expect(res.body).not.toContain('Gopal');
    expect(res.body).not.toMatch(/secret|Ciphertext|codeHash/i);

    const learner = await signUp(t.app, nextMobile(), 'Lata');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: { cookie: learner.cookie } })).json()
        .staff,
    ).toBeNull();
  });

  it('is 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me/export' });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/user/me', () => {
  it('deletes the account and all its data, gives back its rating, signs out, and spares everyone else', async () => {
    const a = await signUp(t.app, nextMobile(), 'Deepa');
    const b = await signUp(t.app, nextMobile(), 'Farhan');
    const idA = await userId(a.mobile);
    const idB = await userId(b.mobile);
    const [before] = await t.app.db.select().from(courses).where(eq(courses.id, course.courseId));
    await learnSomething(idA, 4, 'deepa');
    await learnSomething(idB, 2, 'farhan');

    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/me', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(messageBody('accountDeleted'));
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');

    const db = t.app.db;
    const leftOf = async (id: string) => ({
      users: (await db.select().from(users).where(eq(users.id, id))).length,
      sessions: (await db.select().from(sessions).where(eq(sessions.userId, id))).length,
      enrolments: (await db.select().from(enrolments).where(eq(enrolments.userId, id))).length,
      completions: (await db.select().from(completions).where(eq(completions.userId, id))).length,
      quizAttempts: (await db.select().from(quizAttempts).where(eq(quizAttempts.userId, id))).length,
      journal: (await db.select().from(journalEntries).where(eq(journalEntries.userId, id))).length,
      offlineChanges: (await db.select().from(outboxEvents).where(eq(outboxEvents.userId, id))).length,
      ratings: (await db.select().from(courseRatings).where(eq(courseRatings.userId, id))).length,
      certificates: (await db.select().from(certificates).where(eq(certificates.userId, id))).length,
      nameCorrections: (
        await db
          .select()
          .from(certificateNameCorrections)
          .innerJoin(certificates, eq(certificates.id, certificateNameCorrections.certificateId))
          .where(eq(certificates.userId, id))
      ).length,
    });
    expect(await leftOf(idA)).toEqual({
      users: 0,
      sessions: 0,
      enrolments: 0,
      completions: 0,
      quizAttempts: 0,
      journal: 0,
      offlineChanges: 0,
      ratings: 0,
      certificates: 0,
      nameCorrections: 0,
    });
    expect(await db.select().from(otpChallenges).where(eq(otpChallenges.mobile, a.mobile))).toHaveLength(0);
    expect(await leftOf(idB)).toEqual({
      users: 1,
      sessions: 1,
      enrolments: 1,
      completions: 1,
      quizAttempts: 1,
      journal: 1,
      offlineChanges: 1,
      ratings: 1,
      certificates: 1,
      nameCorrections: 1,
    });

    // The course's rating totals no longer count the deleted learner's 4, but still count the 2.
    const [after] = await db.select().from(courses).where(eq(courses.id, course.courseId));
    expect(after!.ratingCount).toBe(before!.ratingCount + 1);
    expect(after!.ratingTotal).toBe(before!.ratingTotal + 2);

    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie: a.cookie } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie: b.cookie } })).statusCode).toBe(
      200,
    );

    // The number is free again: it registers as new.
    const again = await post(t.app, '/api/user/send-otp', { mobile: a.mobile });
    expect(again.statusCode).toBe(404);
    const registered = await post(t.app, '/api/user/register', {
      mobile: a.mobile,
      name: 'Deepa',
      otp: lastCode(t.app, a.mobile),
    });
    expect(registered.statusCode).toBe(200);
  });

  it('ends every session of the account, on every device', async () => {
    const { mobile, cookie: phone } = await signUp(t.app);
    await post(t.app, '/api/user/send-otp', { mobile });
    const login = await post(t.app, '/api/user/login', { mobile, otp: lastCode(t.app, mobile) });
    const laptop = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/me', headers: { cookie: phone } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie: laptop } })).statusCode).toBe(
      401,
    );
  });

  it('is 401 without a session and refused from another site', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/me' })).statusCode).toBe(401);
    const { cookie } = await signUp(t.app);
    const crossSite = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie } })).statusCode).toBe(200);
  });
});
