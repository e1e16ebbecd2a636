import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../test/test-app';
import { QUESTION_EXPLANATION, createCourseFixture, type CourseFixture } from '../../test/course-fixture';

const t = testAppPerFile();
let course: CourseFixture;
let other: CourseFixture;

beforeAll(async () => {
  course = await createCourseFixture(t.app.db);
  other = await createCourseFixture(t.app.db);
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/quiz/public/{lang}/{courseId}/quiz/{quizId}', () => {
  it('answers quiz_{lang} with questions and options in order', async () => {
    const q = course.quizzes[0]!;
    const res = await get(`/api/quiz/public/en/${course.courseId}/quiz/${q.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['quiz_en']);
    expect(body.quiz_en).toMatchObject({ id: q.id, title: 'Quiz 1', passingCriteria: 60 });
    const questions = body.quiz_en.question_ens;
    expect(questions.map((x: { id: string; type: string }) => [x.id, x.type])).toEqual([
      [q.single.id, 'single'],
      [q.multi.id, 'multi'],
    ]);
    expect(questions[0].option_ens.map((o: { content: string }) => o.content)).toEqual([
      'In a bank',
      'Under the bed',
      'With a stranger',
    ]);
    expect(questions[1].option_ens).toHaveLength(4);
    expect(Object.keys(questions[1].option_ens[0]).sort()).toEqual(['content', 'id']);
  });

  it('never sends which options are correct, nor the explanations', async () => {
    const q = course.quizzes[0]!;
    const raw = (await get(`/api/quiz/public/en/${course.courseId}/quiz/${q.id}`)).body;
    expect(raw).not.toMatch(/correct/i);
    expect(raw).not.toMatch(/is_?correct/i);
    expect(raw).not.toContain('true');
    // Nor why: the explanations come only with the result.
    expect(raw).not.toContain(QUESTION_EXPLANATION);
    expect(raw).not.toMatch(/explanation/i);
  });

  it('answers 404 for a quiz of another course, an unknown quiz or course, another language', async () => {
    const other404 = await get(`/api/quiz/public/en/${course.courseId}/quiz/${other.quizzes[0]!.id}`);
    expect(other404.statusCode).toBe(404);
    expect(other404.json()).toEqual({ code: 'quizNotFound', message: 'Quiz not found' });
    expect(
      (await get(`/api/quiz/public/en/${course.courseId}/quiz/00000000-0000-4000-8000-000000000000`)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/quiz/public/en/00000000-0000-4000-8000-000000000000/quiz/${course.quizzes[0]!.id}`)).statusCode,
    ).toBe(404);
    expect((await get(`/api/quiz/public/hi/${course.courseId}/quiz/${course.quizzes[0]!.id}`)).statusCode).toBe(404);
    expect((await get(`/api/quiz/public/qq/${course.courseId}/quiz/${course.quizzes[0]!.id}`)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    expect((await get(`/api/quiz/public/en/${course.courseId}/quiz/1;drop`)).statusCode).toBe(400);
  });
});
