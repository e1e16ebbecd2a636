import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { courses } from '../../db/schema/courses';

let t: TestApp;
let en: CourseFixture;
let en2: CourseFixture;
let hi: CourseFixture;

beforeAll(async () => {
  t = await createTestApp();
  en = await createCourseFixture(t.app.db, {
    title: 'Money basics',
    description: '<p>Saving and <b>budgeting</b></p>',
    createdAt: new Date('2024-01-01'),
  });
  en2 = await createCourseFixture(t.app.db, {
    title: 'Cyber safety',
    description: '<p>Stay safe from 100% fraud_schemes</p>',
    createdAt: new Date('2024-02-01'),
  });
  await createCourseFixture(t.app.db, { title: 'Draft course', published: false });
  hi = await createCourseFixture(t.app.db, { lang: 'hi', title: 'पैसे की समझ', slug: en.slug });
  await t.app.db.update(courses).set({ ratingCount: 3, ratingTotal: 13 }).where(eq(courses.id, en.courseId));
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/course/public', () => {
  it('lists published English courses by default, oldest first, with counts and rating', async () => {
    const res = await get('/api/course/public');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.courses.map((c: { id: string }) => c.id)).toEqual([en.courseId, en2.courseId]);
    const first = body.courses[0];
    expect(first).toEqual({
      id: en.courseId,
      slug: en.slug,
      lang: 'en',
      title: 'Money basics',
      description: '<p>Saving and <b>budgeting</b></p>',
      image: 'uploads/courses/cover.svg',
      document: 'uploads/courses/handbook.pdf',
      chapterCount: 2,
      lessonCount: 3,
      quizCount: 2,
      courseVideoCount: 1,
      rating: 3,
      averageRating: 4.3,
      duration: 45,
      createdAt: '2024-01-01T00:00:00.000Z',
    });
    expect(body.courses[1].averageRating).toBe(0);
    expect(body.courses[1].rating).toBe(0);
  });

  it('pages with offset and limit, and caps limit at 50', async () => {
    const page = (await get('/api/course/public?offset=1&limit=1')).json();
    expect(page.total).toBe(2);
    expect(page.courses.map((c: { id: string }) => c.id)).toEqual([en2.courseId]);
    expect((await get('/api/course/public?limit=51')).statusCode).toBe(400);
    expect((await get('/api/course/public?limit=0')).statusCode).toBe(400);
    expect((await get('/api/course/public?offset=-1')).statusCode).toBe(400);
    expect((await get('/api/course/public?limit=abc')).statusCode).toBe(400);
  });

  it('searches title and description case-insensitively, taking % and _ literally', async () => {
    const byTitle = (await get('/api/course/public?search=MONEY')).json();
    expect(byTitle.courses.map((c: { id: string }) => c.id)).toEqual([en.courseId]);
    expect(byTitle.total).toBe(1);
    const byDescription = (await get('/api/course/public?search=budget')).json();
    expect(byDescription.courses.map((c: { id: string }) => c.id)).toEqual([en.courseId]);
    expect((await get(`/api/course/public?search=${encodeURIComponent('100%')}`)).json().total).toBe(1);
    expect((await get(`/api/course/public?search=${encodeURIComponent('%')}`)).json().total).toBe(1);
    expect((await get('/api/course/public?search=_')).json().total).toBe(1);
    expect((await get('/api/course/public?search=nothing-like-this')).json()).toEqual({ courses: [], total: 0 });
  });

  it('lists another language with lang', async () => {
    const body = (await get('/api/course/public?lang=hi')).json();
    expect(body.total).toBe(1);
    expect(body.courses[0]).toMatchObject({ id: hi.courseId, lang: 'hi', title: 'पैसे की समझ' });
    expect((await get('/api/course/public?lang=tm')).json()).toEqual({ courses: [], total: 0 });
  });

  it('refuses an unknown or malformed language', async () => {
    const unknown = await get('/api/course/public?lang=fr');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This language is not offered');
    expect((await get('/api/course/public?lang=english')).statusCode).toBe(400);
  });
});

describe('GET /api/course/public/other-languages', () => {
  it('names the courses a language lacks, with the languages each is in and its title in each', async () => {
    // Hindi has "Money basics" (same slug) but not "Cyber safety"; the draft counts nowhere.
    expect((await get('/api/course/public/other-languages?lang=hi')).json()).toEqual({
      courses: [{ slug: en2.slug, versions: [{ lang: 'en', id: en2.courseId, title: 'Cyber safety' }] }],
    });
    const tamil = (await get('/api/course/public/other-languages?lang=tm')).json() as {
      courses: { slug: string; versions: { lang: string; title: string }[] }[];
    };
    expect(tamil.courses.find((c) => c.slug === en.slug)?.versions).toEqual([
      { lang: 'en', id: en.courseId, title: 'Money basics' },
      { lang: 'hi', id: hi.courseId, title: 'पैसे की समझ' },
    ]);
    expect(tamil.courses.some((c) => c.versions.some((v) => v.title === 'Draft course'))).toBe(false);
    expect((await get('/api/course/public/other-languages?lang=en')).json()).toEqual({ courses: [] });
  });

  it('refuses an unknown or malformed language', async () => {
    expect((await get('/api/course/public/other-languages?lang=fr')).statusCode).toBe(400);
    expect((await get('/api/course/public/other-languages?lang=english')).statusCode).toBe(400);
    expect((await get('/api/course/public/other-languages')).statusCode).toBe(400);
  });
});

describe('GET /api/course/public/{lang}/{courseId}', () => {
  it('answers course_{lang} with the outline, quizzes and videos in order', async () => {
    const res = await get(`/api/course/public/en/${en.courseId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['course_en']);
    const course = body.course_en;
    expect(course).toMatchObject({
      id: en.courseId,
      title: 'Money basics',
      summary: '<p>What we learnt.</p>',
      journal: '<p>What will you save for?</p>',
      chapterCount: 2,
      lessonCount: 3,
      quizCount: 2,
      courseVideoCount: 1,
      rating: 3,
      averageRating: 4.3,
    });
    expect(course.chapter_ens).toEqual([
      {
        id: en.chapterIds[0],
        title: 'Saving',
        order: 1,
        lesson_ens: [
          { id: en.lessonIds.chapter1[0], title: 'Why save', order: 1, duration: 5 },
          { id: en.lessonIds.chapter1[1], title: 'How to save', order: 2, duration: 7 },
        ],
      },
      {
        id: en.chapterIds[1],
        title: 'Banking',
        order: 2,
        lesson_ens: [{ id: en.lessonIds.chapter2[0], title: 'Open an account', order: 1, duration: 6 }],
      },
    ]);
    expect(course.quiz_ens).toEqual([
      { id: en.quizzes[0]!.id, title: 'Quiz 1', order: 1 },
      { id: en.quizzes[1]!.id, title: 'Quiz 2', order: 2 },
    ]);
    expect(course.videos).toEqual([
      {
        id: en.videoId,
        title: 'Welcome',
        description: 'An introduction',
        video: 'uploads/videos/welcome.webm',
        poster: 'uploads/videos/welcome.svg',
        duration: 90,
        order: 1,
      },
    ]);
    // Lesson content is for the chapter view, not the outline.
    expect(res.body).not.toContain('<p>Why.</p>');
  });

  it('uses the language of the path in every key', async () => {
    const body = (await get(`/api/course/public/hi/${hi.courseId}`)).json();
    expect(Object.keys(body)).toEqual(['course_hi']);
    expect(body.course_hi.chapter_his[0].lesson_his).toHaveLength(2);
    expect(body.course_hi.quiz_his).toHaveLength(2);
  });

  it('answers 404 for a course of another language, an unpublished or unknown course, and an unknown language', async () => {
    expect((await get(`/api/course/public/hi/${en.courseId}`)).statusCode).toBe(404);
    const unknown = await get('/api/course/public/en/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'courseNotFound', message: 'Course not found' });
    const lang = await get(`/api/course/public/fr/${en.courseId}`);
    expect(lang.statusCode).toBe(404);
    expect(lang.json().message).toBe('This language is not offered');
  });

  it('answers 400 for a malformed id or language', async () => {
    expect((await get('/api/course/public/en/not-a-uuid')).statusCode).toBe(400);
    // Accepted by the plain `uuid` format but refused by PostgreSQL: must be a 400, not a 500.
    expect((await get(`/api/course/public/en/urn:uuid:${en.courseId}`)).statusCode).toBe(400);
    expect((await get(`/api/course/public/EN1/${en.courseId}`)).statusCode).toBe(400);
  });
});

describe('GET /api/chapter/public/{lang}/{courseId}/chapters/{chapterId}', () => {
  it('answers chapter_{lang} with its lessons and their content in order', async () => {
    const res = await get(`/api/chapter/public/en/${en.courseId}/chapters/${en.chapterIds[0]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      chapter_en: {
        id: en.chapterIds[0],
        title: 'Saving',
        order: 1,
        lesson_ens: [
          { id: en.lessonIds.chapter1[0], title: 'Why save', order: 1, duration: 5, content: '<p>Why.</p>' },
          { id: en.lessonIds.chapter1[1], title: 'How to save', order: 2, duration: 7, content: '<p>How.</p>' },
        ],
      },
    });
  });

  it('answers 404 for a chapter of another course and for an unknown chapter', async () => {
    const other = await get(`/api/chapter/public/en/${en.courseId}/chapters/${en2.chapterIds[0]}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'chapterNotFound', message: 'Chapter not found' });
    expect(
      (await get(`/api/chapter/public/en/${en.courseId}/chapters/00000000-0000-4000-8000-000000000000`)).statusCode,
    ).toBe(404);
    expect((await get(`/api/chapter/public/hi/${en.courseId}/chapters/${en.chapterIds[0]}`)).statusCode).toBe(404);
    expect((await get(`/api/chapter/public/xx/${en.courseId}/chapters/${en.chapterIds[0]}`)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed chapter id', async () => {
    expect((await get(`/api/chapter/public/en/${en.courseId}/chapters/1`)).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the per-language keys', async () => {
    const doc = (await get('/api/openapi.json')).json();
    const detail = doc.paths['/api/course/public/{lang}/{courseId}'].get;
    const schema = detail.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties)).toContain('course_hi');
    expect(doc.paths['/api/chapter/public/{lang}/{courseId}/chapters/{chapterId}']).toBeDefined();
  });
});

describe('the shared cache of public reads outside tests', () => {
  it('answers repeated reads from memory for a few seconds', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const c = await createCourseFixture(dev.app.db, { title: 'Before' });
      const read = async () =>
        (await dev.app.inject({ method: 'GET', url: `/api/course/public/en/${c.courseId}` })).json().course_en.title;
      const list = async () =>
        (await dev.app.inject({ method: 'GET', url: '/api/course/public' })).json().courses[0].title;
      expect(await read()).toBe('Before');
      expect(await list()).toBe('Before');
      await dev.app.db.update(courses).set({ title: 'After' }).where(eq(courses.id, c.courseId));
      expect(await read()).toBe('Before');
      expect(await list()).toBe('Before');
      // A miss is not cached: an unknown course stays a 404, and a bad one never poisons the cache.
      expect(
        (await dev.app.inject({ method: 'GET', url: '/api/course/public/en/00000000-0000-4000-8000-000000000000' }))
          .statusCode,
      ).toBe(404);
    } finally {
      await dev.close();
    }
  });
});

describe('GET /api/course/public/{lang}/{courseId}/in/{otherLang}', () => {
  const url = (from: CourseFixture, to: string, query = '') =>
    `/api/course/public/${from.lang}/${from.courseId}/in/${to}${query}`;

  it('finds the same course in another language, and the same lesson, video and quiz in it', async () => {
    expect((await get(url(en, 'hi'))).json()).toEqual({ lang: 'hi', courseId: hi.courseId });
    const lesson = await get(url(en, 'hi', `?chapterId=${en.chapterIds[0]}&lessonId=${en.lessonIds.chapter1[1]}`));
    expect(lesson.statusCode).toBe(200);
    expect(lesson.json()).toEqual({
      lang: 'hi',
      courseId: hi.courseId,
      chapterId: hi.chapterIds[0],
      lessonId: hi.lessonIds.chapter1[1],
    });
    expect((await get(url(hi, 'en', `?videoId=${hi.videoId}`))).json()).toEqual({
      lang: 'en',
      courseId: en.courseId,
      videoId: en.videoId,
    });
    expect((await get(url(en, 'hi', `?quizId=${en.quizzes[1]!.id}`))).json()).toEqual({
      lang: 'hi',
      courseId: hi.courseId,
      quizId: hi.quizzes[1]!.id,
    });
  });

  it('leaves out what the translation lacks, and never takes an item of another course', async () => {
    // A lesson of another chapter than the one named, and a quiz of another course: not found in the translation.
    const mismatched = await get(
      url(en, 'hi', `?chapterId=${en.chapterIds[1]}&lessonId=${en.lessonIds.chapter1[0]}&quizId=${en2.quizzes[0]!.id}`),
    );
    expect(mismatched.json()).toEqual({ lang: 'hi', courseId: hi.courseId, chapterId: hi.chapterIds[1] });
  });

  it('is 404 "not available in that language" for a course without that translation, and 404 for an unknown course', async () => {
    const missing = await get(url(en2, 'tm'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 'courseNotInLanguage',
      message: 'This course is not available in that language yet',
    });
    const unknown = await get(`/api/course/public/en/00000000-0000-4000-8000-000000000000/in/hi`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('courseNotFound');
    // The course exists, but in Hindi, not under the English address.
    expect((await get(`/api/course/public/en/${hi.courseId}/in/hi`)).json().code).toBe('courseNotFound');
    expect((await get(`/api/course/public/en/${en.courseId}/in/xx`)).json().code).toBe('languageNotOffered');
    expect((await get(url(en, 'hi', '?lessonId=not-an-id'))).statusCode).toBe(400);
  });
});
