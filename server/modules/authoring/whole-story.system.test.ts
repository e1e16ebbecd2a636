// The whole story of the staff platform, through HTTP and the command line, as the programme meets
// it: the first admin is made with `npm run staff:grant`, signs in with a one-time password and sets
// up an authenticator app, and adds an editor and a Hindi translator by mobile number; they sign in
// the same way. The editor writes and publishes a course in English, the translator translates and
// submits it, the editor publishes Hindi, a learner completes it in Hindi and gets a certificate, the
// editor removes a lesson and renames the course, and the learner's progress and certificate stay
// right. The audit log shows every step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDocument } from '../../../contract/authoring';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { certificates } from '../../db/schema/certificates';
import { projectRoot } from '../../lib/project-root';
import { createTestDatabase, testConfig } from '../../test/test-app';
import { renewedHeaders, signInAs } from '../../test/sign-in';
import { lastCode, nextMobile, post, sessionCookie } from '../auth/auth-test-helpers';
import { totpCode } from '../staff/totp';
import { courseBody, staffApi, translateCourse } from './authoring-test-helpers';

const root = projectRoot(fileURLToPath(import.meta.url));
const toHindi = (english: string) => `हिंदी ${english}`;
const ADMIN_MOBILE = nextMobile();

interface HindiCourse {
  course_hi: {
    title: string;
    chapter_his: { id: string; lesson_his: { id: string }[] }[];
    videos: { id: string }[];
    quiz_his: { id: string }[];
  };
}

/**
 * A database on which `npm run staff:grant` has made the first admin, as an operator does before the
 * first start: a PGlite data folder, or with TEST_DATABASE_URL a PostgreSQL database of its own.
 */
async function databaseWithFirstAdmin(): Promise<{ database: Database; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-whole-story-'));
  const server = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const grant = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/cli/staff-grant.ts',
      '--mobile',
      ADMIN_MOBILE,
      '--role',
      'admin',
      '--name',
      'Anita Admin',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        DATABASE_URL: server?.url ?? '',
      },
    },
  );
  if (grant.status !== 0) {
    await server?.close();
    throw new Error(`staff:grant exited ${grant.status}: ${grant.stderr}`);
  }
  expect(grant.stdout).toMatch(/Granted admin\. Now Anita Admin \(\d{12}\): active, roles admin\./);
  return { database: server ?? (await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') })), dataDir };
}

let app: FastifyInstance;
let closeAll: () => Promise<void>;
beforeAll(async () => {
  const { database, dataDir } = await databaseWithFirstAdmin();
  app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir }),
    db: database.db,
    listen: database.listen,
    logger: false,
  });
  closeAll = async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}, 240_000);
afterAll(() => closeAll?.());

/** Signs a person in with the one-time password sent to their number, as the login page does. */
async function signInByCode(mobile: string): Promise<{ cookie: string }> {
  expect((await post(app, '/api/user/send-otp', { mobile })).statusCode).toBe(200);
  const login = await post(app, '/api/user/login', { mobile, otp: lastCode(app, mobile) });
  expect(login.statusCode).toBe(200);
  return { cookie: sessionCookie(login) };
}

/** A staff member's first sign-in: staff work waits until an authenticator app is set up and confirmed. */
async function setUpAuthenticator(headers: { cookie: string }): Promise<{ cookie: string }> {
  const waiting = await app.inject({ method: 'GET', url: '/api/staff/content', headers });
  expect(waiting.statusCode).toBe(403);
  expect(waiting.json()).toMatchObject({ code: 'secondFactorRequired' });
  const setup = await app.inject({ method: 'POST', url: '/api/staff/second-factor/setup', headers });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/staff/second-factor/confirm',
    headers,
    payload: { code: totpCode(secret, new Date()) },
  });
  expect(confirmed.statusCode).toBe(200);
  expect((confirmed.json() as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
  return renewedHeaders(confirmed, headers);
}

describe('the whole story', () => {
  it(
    'from the first admin to a learner’s certificate that survives the editor’s later changes',
    { timeout: 120_000 },
    async () => {
      const api = staffApi(app);
      // The first admin, made on the command line, signs in and sets up an authenticator app.
      const admin = { headers: await setUpAuthenticator(await signInByCode(ADMIN_MOBILE)) };

      // The admin's team, added by mobile number: an editor and a Hindi translator, who have no account yet.
      const editorMobile = nextMobile();
      const translatorMobile = nextMobile();
      const add = (payload: object) =>
        app.inject({ method: 'POST', url: '/api/staff/members', headers: admin.headers, payload });
      const addedEditor = await add({ mobile: editorMobile, name: 'Ravi Editor', roles: ['editor'] });
      expect(addedEditor.statusCode).toBe(201);
      expect(addedEditor.json()).toMatchObject({
        name: 'Ravi Editor',
        roles: ['editor'],
        languages: [],
        active: true,
        secondFactor: 'none',
      });
      const addedTranslator = await add({
        mobile: translatorMobile,
        name: 'Meena Translator',
        roles: ['translator'],
        languages: ['hi'],
      });
      expect(addedTranslator.statusCode).toBe(201);
      expect(addedTranslator.json()).toMatchObject({ roles: ['translator'], languages: ['hi'] });

      // They sign in as anyone does, and each sets up an authenticator app first, the translator too.
      const editor = { headers: await setUpAuthenticator(await signInByCode(editorMobile)) };
      const translator = { headers: await setUpAuthenticator(await signInByCode(translatorMobile)) };
      expect(
        (await app.inject({ method: 'GET', url: '/api/staff/me', headers: translator.headers })).json(),
      ).toMatchObject({ roles: ['translator'], languages: ['hi'] });

      // The editor writes the course in English (a chapter, two lessons, a video, a quiz) and publishes it.
      const { item, head } = await api.create(editor.headers, 'course', 'safe-money', courseBody());
      const english = head.body as CourseDocument;
      expect(english.chapters).toHaveLength(1);
      expect(english.chapters[0]!.lessons).toHaveLength(2);
      await api.publishOk(editor.headers, item.id, 'en');

      // The translator starts from the empty starting point, translates, saves and submits.
      const start = await api.template(translator.headers, item.id, 'hi');
      const hindi = translateCourse(start.body, english, toHindi);
      const saved = await api.saveOk(translator.headers, item.id, 'hi', start.baseVersion, hindi);
      expect(
        (
          await api.call('POST', `/api/staff/content/${item.id}/hi/submit`, translator.headers, {
            version: saved.version.number,
          })
        ).statusCode,
      ).toBe(200);

      // The editor publishes Hindi.
      const { publicId: courseId } = await api.publishOk(editor.headers, item.id, 'hi');

      // A learner completes the course in Hindi and gets a certificate.
      const learner = await signInAs(app, { name: 'Lakshmi' });
      const learn = (method: 'GET' | 'POST', url: string, payload?: object) =>
        app.inject({ method, url, headers: learner.headers, ...(payload ? { payload } : {}) });
      const course = (await learn('GET', `/api/course/public/hi/${courseId}`)).json() as HindiCourse;
      expect(course.course_hi.title).toBe(toHindi('Safe money'));
      expect((await learn('POST', `/api/progress/hi/${courseId}`)).statusCode).toBe(201);
      const chapter = course.course_hi.chapter_his[0]!;
      for (const lesson of chapter.lesson_his) {
        expect(
          (await learn('POST', `/api/progress/hi/${courseId}/chapters/${chapter.id}/lessons/${lesson.id}/complete`))
            .statusCode,
        ).toBe(200);
      }
      expect(
        (await learn('POST', `/api/progress/hi/${courseId}/videos/${course.course_hi.videos[0]!.id}/complete`))
          .statusCode,
      ).toBe(200);
      const quizId = course.course_hi.quiz_his[0]!.id;
      const quiz = (await learn('GET', `/api/quiz/public/hi/${courseId}/quiz/${quizId}`)).json() as {
        quiz_hi: { question_his: { id: string; option_his: { id: string; content: string }[] }[] };
      };
      const question = quiz.quiz_hi.question_his[0]!;
      const right = question.option_his.find((o) => o.content === toHindi('In a bank account'))!;
      const result = await learn('POST', `/api/progress/hi/${courseId}/quiz/${quizId}/complete`, {
        answers: [{ questionId: question.id, selectedOptions: [right.id] }],
      });
      expect(result.json()).toMatchObject({ passed: true });
      const progress = async () =>
        (
          (await learn('GET', `/api/progress/hi/${courseId}/progress`)).json() as {
            progress: { percentage: number; completed: boolean };
          }
        ).progress;
      expect(await progress()).toMatchObject({ percentage: 100, completed: true });
      const pdf = await learn('GET', '/api/progress/hi/certificate');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const [issued] = await app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
      const verify = async () =>
        (await app.inject({ method: 'GET', url: `/api/certificates/verify/${issued!.number}` })).json() as {
          valid: boolean;
          courseTitle: string;
          learnerName: string;
        };
      expect(await verify()).toMatchObject({ valid: true, learnerName: 'Lakshmi', courseTitle: toHindi('Safe money') });

      // The editor removes the second lesson in English and publishes, then brings Hindi in line
      // (its starting point keeps the Hindi text), renames it, and publishes Hindi.
      const fewer = structuredClone(english);
      fewer.chapters[0]!.lessons.pop();
      const englishV2 = await api.saveOk(editor.headers, item.id, 'en', 1, fewer);
      await api.publishOk(editor.headers, item.id, 'en');
      const catchUp = await api.template(editor.headers, item.id, 'hi');
      expect(catchUp.body.chapters[0]!.lessons.map((l) => l.title)).toEqual([toHindi('Why save')]);
      catchUp.body.title = toHindi('Safe money, second edition');
      await api.saveOk(editor.headers, item.id, 'hi', catchUp.baseVersion, catchUp.body);
      await api.publishOk(editor.headers, item.id, 'hi');
      expect(englishV2.version.number).toBe(2);

      // The learner's progress is still complete by the same rule (the remaining lesson, the video
      // and the quiz are done), the course shows one lesson, and the certificate is unchanged: the
      // same number, still verifiable, with the title it was issued with.
      const after = (await learn('GET', `/api/course/public/hi/${courseId}`)).json() as HindiCourse;
      expect(after.course_hi.title).toBe(toHindi('Safe money, second edition'));
      expect(after.course_hi.chapter_his[0]!.lesson_his.map((l) => l.id)).toEqual([chapter.lesson_his[0]!.id]);
      expect(await progress()).toMatchObject({ percentage: 100, completed: true });
      expect((await learn('GET', '/api/progress/hi/certificate')).statusCode).toBe(200);
      expect(await app.db.select().from(certificates).where(eq(certificates.userId, learner.userId))).toEqual([issued]);
      expect(await verify()).toMatchObject({ valid: true, learnerName: 'Lakshmi', courseTitle: toHindi('Safe money') });

      // The audit log, read by the admin, shows every step: who, what, which language.
      const audit = (
        await app.inject({
          method: 'GET',
          url: `/api/staff/audit?entityId=${item.id}&limit=50`,
          headers: admin.headers,
        })
      ).json() as {
        rows: { action: string; actor: { name: string }; lang: string | null; address: string | null }[];
      };
      expect(audit.rows.reverse().map((row) => [row.action, row.lang, row.actor.name])).toEqual([
        ['content.create', 'en', 'Ravi Editor'],
        ['content.save', 'en', 'Ravi Editor'],
        ['content.publish', 'en', 'Ravi Editor'],
        ['content.save', 'hi', 'Meena Translator'],
        ['content.submit', 'hi', 'Meena Translator'],
        ['content.publish', 'hi', 'Ravi Editor'],
        ['content.save', 'en', 'Ravi Editor'],
        ['content.publish', 'en', 'Ravi Editor'],
        ['content.save', 'hi', 'Ravi Editor'],
        ['content.publish', 'hi', 'Ravi Editor'],
      ]);
      expect(audit.rows.every((row) => row.address !== null)).toBe(true);

      // And how the team was made: the command line's grant, each app set up, each member added.
      const team = (
        await app.inject({
          method: 'GET',
          url: '/api/staff/audit?entityKind=staff-member&limit=50',
          headers: admin.headers,
        })
      ).json() as {
        rows: { action: string; actor: { name: string } }[];
      };
      expect(team.rows.reverse().map((row) => [row.action, row.actor.name])).toEqual([
        ['staff.grant', expect.stringMatching(/command line/i)],
        ['staff.second-factor.set', 'Anita Admin'],
        ['staff.add', 'Anita Admin'],
        ['staff.add', 'Anita Admin'],
        ['staff.second-factor.set', 'Ravi Editor'],
        ['staff.second-factor.set', 'Meena Translator'],
      ]);
    },
  );
});
