// The whole story of issue 10, through HTTP: an editor writes and publishes a course in English, a
// Hindi translator translates and submits it, the editor publishes Hindi, a learner completes it in
// Hindi and gets a certificate, the editor removes a lesson and renames the course, and the learner's
// progress and certificate stay right. The audit log shows every step.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseDocument } from '../../../contract/authoring';
import { certificates } from '../../db/schema';
import { testAppPerFile } from '../../test/test-app';
import { signInAs, signInAsStaff } from '../../test/sign-in';
import { courseBody, staffApi, translateCourse } from './authoring-test-helpers';

const t = testAppPerFile();
const toHindi = (english: string) => `हिंदी ${english}`;

interface HindiCourse {
  course_hi: {
    title: string;
    chapter_his: { id: string; lesson_his: { id: string }[] }[];
    videos: { id: string }[];
    quiz_his: { id: string }[];
  };
}

describe('the whole story', () => {
  it('from an empty course to a learner’s certificate that survives the editor’s later changes', async () => {
    const api = staffApi(t.app);
    // An admin's team: an editor and a Hindi translator (the admin grants the roles).
    const admin = await signInAsStaff(t.app, ['admin'], { name: 'Anita Admin' });
    const editor = await signInAsStaff(t.app, ['editor'], { name: 'Ravi Editor' });
    const translator = await signInAsStaff(t.app, ['translator'], { languages: ['hi'], name: 'Meena Translator' });

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
    expect((await api.call('POST', `/api/staff/content/${item.id}/hi/submit`, translator.headers, { version: saved.version.number })).statusCode).toBe(200);

    // The editor publishes Hindi.
    const { publicId: courseId } = await api.publishOk(editor.headers, item.id, 'hi');

    // A learner completes the course in Hindi and gets a certificate.
    const learner = await signInAs(t.app, { name: 'Lakshmi' });
    const learn = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: learner.headers, ...(payload ? { payload } : {}) });
    const course = (await learn('GET', `/api/course/public/hi/${courseId}`)).json() as HindiCourse;
    expect(course.course_hi.title).toBe(toHindi('Safe money'));
    expect((await learn('POST', `/api/progress/hi/${courseId}`)).statusCode).toBe(201);
    const chapter = course.course_hi.chapter_his[0]!;
    for (const lesson of chapter.lesson_his) {
      expect((await learn('POST', `/api/progress/hi/${courseId}/chapters/${chapter.id}/lessons/${lesson.id}/complete`)).statusCode).toBe(200);
    }
    expect((await learn('POST', `/api/progress/hi/${courseId}/videos/${course.course_hi.videos[0]!.id}/complete`)).statusCode).toBe(200);
    const quizId = course.course_hi.quiz_his[0]!.id;
    const quiz = (await learn('GET', `/api/quiz/public/hi/${courseId}/quiz/${quizId}`)).json() as {
      quiz_hi: { question_his: { id: string; option_his: { id: string; content: string }[] }[] };
    };
    const question = quiz.quiz_hi.question_his[0]!;
    const right = question.option_his.find((o) => o.content === toHindi('In a bank account'))!;
    const result = await learn('POST', `/api/progress/hi/${courseId}/quiz/${quizId}/complete`, { answers: [{ questionId: question.id, selectedOptions: [right.id] }] });
    expect(result.json()).toMatchObject({ passed: true });
    const progress = async () => ((await learn('GET', `/api/progress/hi/${courseId}/progress`)).json() as { progress: { percentage: number; completed: boolean } }).progress;
    expect(await progress()).toMatchObject({ percentage: 100, completed: true });
    const pdf = await learn('GET', '/api/progress/hi/certificate');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const [issued] = await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId));
    const verify = async () => (await t.app.inject({ method: 'GET', url: `/api/certificates/verify/${issued!.number}` })).json() as { valid: boolean; courseTitle: string; learnerName: string };
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
    expect(await t.app.db.select().from(certificates).where(eq(certificates.userId, learner.userId))).toEqual([issued]);
    expect(await verify()).toMatchObject({ valid: true, learnerName: 'Lakshmi', courseTitle: toHindi('Safe money') });

    // The audit log, read by the admin, shows every step: who, what, which language.
    const audit = (await t.app.inject({ method: 'GET', url: `/api/staff/audit?entityId=${item.id}&limit=50`, headers: admin.headers })).json() as {
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
  });
});
