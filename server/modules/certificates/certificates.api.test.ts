import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../test/test-app';
import { signInAs, type SignedIn } from '../../test/sign-in';
import { createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import type { Db } from '../../db/client';
import { certificateNameCorrections, certificates } from '../../db/schema/certificates';
import { completions, enrolments, quizAttempts } from '../../db/schema/progress';
import { users } from '../../db/schema/users';
import { CERTIFICATE_NUMBER_PATTERN } from '../../../contract/certificate-number';
import { messageBody } from '../../../contract/messages';
import { newCertificateNumber, normaliseNumber } from './service';

const t = testAppPerFile({ PUBLIC_URL: 'https://jgk.example' });
let hindi: CourseFixture;
const COMPLETED_AT = new Date('2026-03-14T10:00:00.000Z');

/** Real progress rows for every lesson, the video and both quizzes, so languageCompletion decides. */
async function completeCourse(db: Db, userId: string, course: CourseFixture, completedAt = COMPLETED_AT) {
  await db.insert(enrolments).values({ userId, courseId: course.courseId, completedAt });
  const lessonIds = [...course.lessonIds.chapter1, ...course.lessonIds.chapter2];
  await db
    .insert(completions)
    .values([
      ...lessonIds.map((lessonId) => ({ userId, courseId: course.courseId, lessonId })),
      { userId, courseId: course.courseId, videoId: course.videoId },
    ]);
  await db.insert(quizAttempts).values(
    course.quizzes.map((quiz) => ({
      userId,
      courseId: course.courseId,
      quizId: quiz.id,
      score: 100,
      passed: true,
      answers: [],
    })),
  );
}

// Reading a certificate's text needs poppler's pdftotext: CI has it (and fails without it); a
// developer's machine without poppler-utils skips those checks and says so.
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

/** The text of a PDF as poppler's pdftotext reads it, spaces collapsed. */
function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `certificate-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function download(learner: SignedIn | null, lang = 'hi') {
  return t.app.inject({ method: 'GET', url: `/api/progress/${lang}/certificate`, headers: learner?.headers ?? {} });
}

beforeAll(async () => {
  hindi = await createCourseFixture(t.app.db, { lang: 'hi', title: 'पैसे की बुनियादी बातें' });
  // An unpublished course in the language does not stand between a learner and the certificate.
  await createCourseFixture(t.app.db, { lang: 'hi', title: 'अभी तैयार नहीं', published: false });
});

describe('GET /api/progress/{lang}/certificate', () => {
  it('asks for a session (401)', async () => {
    const res = await download(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
  });

  it('refuses an inactive learner (403), even one who completed everything', async () => {
    const learner = await signInAs(t.app, { active: false });
    await completeCourse(t.app.db, learner.userId, hindi);
    const res = await download(learner);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a minor without a guardian’s consent (403)', async () => {
    const learner = await signInAs(t.app, { age: 15, guardianConsent: false });
    const res = await download(learner);
    expect(res.statusCode).toBe(403);
  });

  it('answers an unknown language with 404 and a malformed one with 400', async () => {
    const learner = await signInAs(t.app);
    expect((await download(learner, 'xx')).statusCode).toBe(404);
    expect((await download(learner, 'hindi')).statusCode).toBe(400);
  });

  it('answers 400 with the specification’s message until every published course is complete', async () => {
    const learner = await signInAs(t.app);
    expect((await download(learner)).json()).toEqual(messageBody('certificateNotEarned'));
    // Enrolled, everything but one quiz done.
    await t.app.db.insert(enrolments).values({ userId: learner.userId, courseId: hindi.courseId });
    await t.app.db.insert(completions).values([
      ...[...hindi.lessonIds.chapter1, ...hindi.lessonIds.chapter2].map((lessonId) => ({
        userId: learner.userId,
        courseId: hindi.courseId,
        lessonId,
      })),
      { userId: learner.userId, courseId: hindi.courseId, videoId: hindi.videoId },
    ]);
    await t.app.db.insert(quizAttempts).values([
      {
        userId: learner.userId,
        courseId: hindi.courseId,
        quizId: hindi.quizzes[0]!.id,
        score: 100,
        passed: true,
        answers: [],
      },
      {
        userId: learner.userId,
        courseId: hindi.courseId,
        quizId: hindi.quizzes[1]!.id,
        score: 50,
        passed: false,
        answers: [],
      },
    ]);
    const res = await download(learner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messageBody('certificateNotEarned'));
    expect(await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId))).toEqual([]);
  });

  it('answers 400 in a language with no published course', async () => {
    const learner = await signInAs(t.app);
    const res = await download(learner, 'kn');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messageBody('certificateNotEarned'));
  });

  it('sends the PDF once everything is complete, and the same certificate every time after', async () => {
    const learner = await signInAs(t.app, { name: 'क्षितिज श्रीवास्तव' });
    await completeCourse(t.app.db, learner.userId, hindi);

    const first = await download(learner);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe('attachment; filename="Certificate.pdf"');
    expect(first.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(first.rawPayload.length).toBeGreaterThan(5_000);

    const rows = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
    expect(rows).toHaveLength(1);
    const issued = rows[0]!;
    expect(issued.number).toMatch(new RegExp(CERTIFICATE_NUMBER_PATTERN));
    expect(issued).toMatchObject({ lang: 'hi', learnerName: 'क्षितिज श्रीवास्तव', courseTitle: 'पैसे की बुनियादी बातें' });
    expect(issued.completedAt.toISOString()).toBe(COMPLETED_AT.toISOString());

    // Asking again, nothing changed: the same certificate, not reissued.
    expect((await download(learner)).statusCode).toBe(200);
    const same = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
    expect(same).toEqual(rows);
  });

  it('reissues the certificate under the same number, dated by the correction, when the learner corrected their name', async () => {
    const learner = await signInAs(t.app, { name: 'Kshitij Srivastav' });
    await completeCourse(t.app.db, learner.userId, hindi);
    expect((await download(learner)).statusCode).toBe(200);
    const [issued] = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
    expect(issued!.reissuedAt).toBeNull();

    // The learner corrects the spelling in the profile, then downloads the certificate again.
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me',
      headers: learner.headers,
      payload: { name: 'Kshitij Shrivastava' },
    });
    expect(patch.statusCode).toBe(200);
    const before = Date.now();
    const again = await download(learner);
    expect(again.statusCode).toBe(200);
    const rows = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
    expect(rows).toHaveLength(1);
    const reissued = rows[0]!;
    expect(reissued).toMatchObject({
      number: issued!.number,
      learnerName: 'Kshitij Shrivastava',
      courseTitle: issued!.courseTitle,
    });
    expect(reissued.completedAt).toEqual(issued!.completedAt);
    expect(reissued.reissuedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The previous name is kept for the programme, not shown.
    const corrections = await t.app.db
      .select()
      .from(certificateNameCorrections)
      .where(eq(certificateNameCorrections.certificateId, reissued.id));
    expect(corrections.map((c) => c.previousName)).toEqual(['Kshitij Srivastav']);

    // So does the public verification of that number.
    const verified = await t.app.inject({ method: 'GET', url: `/api/certificates/verify/${issued!.number}` });
    expect(verified.json()).toMatchObject({
      valid: true,
      learnerName: 'Kshitij Shrivastava',
      reissuedAt: reissued.reissuedAt!.toISOString(),
    });

    // Asking once more changes nothing: no second reissue, no second record.
    expect((await download(learner)).statusCode).toBe(200);
    const [still] = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
    expect(still!.reissuedAt).toEqual(reissued.reissuedAt);
    expect(
      await t.app.db
        .select()
        .from(certificateNameCorrections)
        .where(eq(certificateNameCorrections.certificateId, reissued.id)),
    ).toHaveLength(1);
  });

  it('reissues once when two requests after a correction arrive together', async () => {
    const learner = await signInAs(t.app, { name: 'Meena Kumari' });
    await completeCourse(t.app.db, learner.userId, hindi);
    expect((await download(learner)).statusCode).toBe(200);
    await t.app.db.update(users).set({ name: 'Meena Kumari Devi' }).where(eq(users.id, learner.userId));
    const [a, b] = await Promise.all([download(learner), download(learner)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [row] = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
    expect(row!.learnerName).toBe('Meena Kumari Devi');
    expect(
      await t.app.db
        .select()
        .from(certificateNameCorrections)
        .where(eq(certificateNameCorrections.certificateId, row!.id)),
    ).toHaveLength(1);
  });

  it('issues one certificate when two first requests arrive together', async () => {
    const learner = await signInAs(t.app, { name: 'Anjali Sharma' });
    await completeCourse(t.app.db, learner.userId, hindi);
    const [a, b] = await Promise.all([download(learner), download(learner)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
    expect(rows).toHaveLength(1);
  });

  it('joins the titles when a language has several courses, dated by the last completion', async () => {
    const first = await createCourseFixture(t.app.db, {
      lang: 'tm',
      title: 'பணத்தின் அடிப்படைகள்',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const second = await createCourseFixture(t.app.db, {
      lang: 'tm',
      title: 'இணையப் பாதுகாப்பு',
      createdAt: new Date('2026-01-02T00:00:00Z'),
    });
    const learner = await signInAs(t.app, { name: 'Anjali Sharma' });
    await completeCourse(t.app.db, learner.userId, first, new Date('2026-02-01T00:00:00Z'));
    expect((await download(learner, 'tm')).statusCode).toBe(400);
    await completeCourse(t.app.db, learner.userId, second, new Date('2026-02-20T00:00:00Z'));
    expect((await download(learner, 'tm')).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
    expect(row!.courseTitle.split(' · ').sort()).toEqual(['இணையப் பாதுகாப்பு', 'பணத்தின் அடிப்படைகள்'].sort());
    expect(row!.completedAt.toISOString()).toBe('2026-02-20T00:00:00.000Z');
  });
});

describe('GET /api/certificates/verify/{number}', () => {
  let number: string;
  beforeAll(async () => {
    const learner = await signInAs(t.app, { name: 'ज्ञानेश्वर पाटील' });
    await completeCourse(t.app.db, learner.userId, hindi);
    expect((await download(learner)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
    number = row!.number;
  });

  it('confirms a valid certificate without a session, with only the public facts', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/certificates/verify/${number}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      learnerName: 'ज्ञानेश्वर पाटील',
      courseTitle: 'पैसे की बुनियादी बातें',
      completedAt: COMPLETED_AT.toISOString(),
      lang: 'hi',
    });
  });

  it('accepts a number typed in lower case with spaces around it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/certificates/verify/${encodeURIComponent(` ${number.toLowerCase()} `)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().valid).toBe(true);
  });

  it('answers an unknown number with 404 and valid: false', async () => {
    const unknown = number.replace(/.$/, (c) => (c === '2' ? '3' : '2'));
    const res = await t.app.inject({ method: 'GET', url: `/api/certificates/verify/${unknown}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ valid: false, code: 'certificateUnknown', message: expect.any(String) });
  });

  it('answers a malformed number with 400', async () => {
    for (const bad of [
      'JGK-2026-0000000O',
      'JGK-2026-ABC',
      'hello',
      `JGK-2026-${'A'.repeat(80)}`,
      "JGK-2026-ABCDEFG'",
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/certificates/verify/${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/progress/{lang}/certificate', '/api/certificates/verify/{number}']),
    );
  });
});

describe('certificate numbers', () => {
  it('are JGK-year-8 characters without look-alikes, and differ', () => {
    const numbers = new Set(Array.from({ length: 500 }, () => newCertificateNumber(new Date('2026-06-01T00:00:00Z'))));
    expect(numbers.size).toBe(500);
    for (const n of numbers) {
      expect(n).toMatch(/^JGK-2026-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/);
      expect(normaliseNumber(n.toLowerCase())).toBe(n);
    }
  });

  it('take the year in India (a completion just after midnight IST on 1 January)', () => {
    expect(newCertificateNumber(new Date('2026-12-31T19:00:00Z'))).toMatch(/^JGK-2027-/);
  });
});

describe('the certificate’s text (read by pdftotext)', () => {
  if (!hasPdftotext && process.env.CI) {
    it('needs pdftotext', () => {
      throw new Error('pdftotext is missing: apt-get install -y poppler-utils');
    });
    return;
  }
  if (!hasPdftotext) {
    console.warn('Skipping the certificate text checks: pdftotext is missing (apt-get install -y poppler-utils).');
  }

  it.skipIf(!hasPdftotext)(
    'carries the number and the verification link, in the words of the course’s language',
    async () => {
      const learner = await signInAs(t.app, { name: 'क्षितिज श्रीवास्तव' });
      await completeCourse(t.app.db, learner.userId, hindi);
      const res = await download(learner);
      expect(res.statusCode).toBe(200);
      const [issued] = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
      const text = pdfText(res.rawPayload);
      expect(text).toContain(issued!.number);
      expect(text).toContain(`/certificates/verify/${issued!.number}`);
      expect(text).toContain('पूर्णता प्रमाणपत्र');
    },
  );

  it.skipIf(!hasPdftotext)('says the corrected name, the same number, and that it was reissued', async () => {
    const learner = await signInAs(t.app, { name: 'Kshitij Srivastav' });
    await completeCourse(t.app.db, learner.userId, hindi);
    expect((await download(learner)).statusCode).toBe(200);
    const [issued] = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me',
      headers: learner.headers,
      payload: { name: 'Kshitij Shrivastava' },
    });
    expect(patch.statusCode).toBe(200);
    const again = await download(learner);
    expect(again.statusCode).toBe(200);
    const text = pdfText(again.rawPayload);
    expect(text).toContain('Kshitij Shrivastava');
    expect(text).not.toContain('Kshitij Srivastav ');
    expect(text).toContain(issued!.number);
    // "Reissued on <date> (name corrected)", in the course's language (Hindi).
    expect(text).toMatch(/को दोबारा जारी \(नाम में सुधार\)/);
  });
});
