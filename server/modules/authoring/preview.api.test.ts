// The preview of a draft: the newest version of a language answered exactly as the public calls
// will answer it once published, without publishing it, writing a public row or touching a public
// cache; staff who may work in the language only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BlogDocument, CourseDocument, PreviewResponse, StoryDocument } from '../../../contract/authoring';
import { messageBody } from '../../../contract/messages';
import { testAppPerFile } from '../../test/test-app';
import { signInAs, signInAsStaff, type SignedIn } from '../../test/sign-in';
import { blogBody, courseBody, staffApi } from './authoring-test-helpers';

const t = testAppPerFile();
let editor: SignedIn;
let hindi: SignedIn;
let tamil: SignedIn;
let api: ReturnType<typeof staffApi>;

beforeAll(async () => {
  editor = await signInAsStaff(t.app, ['editor']);
  hindi = await signInAsStaff(t.app, ['translator'], { languages: ['hi'] });
  tamil = await signInAsStaff(t.app, ['translator'], { languages: ['tm'] });
  api = staffApi(t.app);
});

const get = (url: string, headers?: { cookie: string }) => t.app.inject({ method: 'GET', url, headers });
const preview = (id: string, lang: string, who?: SignedIn) =>
  get(`/api/staff/content/${id}/${lang}/preview`, who?.headers);

const blog = blogBody();

describe('GET /api/staff/content/{id}/{lang}/preview', () => {
  it('answers a blog draft as the public post will be, while the public call still answers the published text', async () => {
    const { item } = await api.create(editor.headers, 'blog', 'preview-kyc', blog);
    const start = await api.template<BlogDocument>(hindi.headers, item.id, 'hi');
    const published = {
      ...start.body,
      title: 'नकली KYC कॉल',
      author: 'प्रिया',
      imageAlt: 'बजता फ़ोन',
      description: '<p>बैंक कभी PIN नहीं माँगता।</p>',
    };
    await api.saveOk(hindi.headers, item.id, 'hi', 0, published);
    const { publicId } = await api.publishOk(editor.headers, item.id, 'hi');
    const before = await get(`/api/blog/public/${publicId}`);
    expect(before.statusCode).toBe(200);

    // A draft on top of what learners see.
    const draft = {
      ...published,
      title: 'नकली KYC कॉल पहचानें',
      description: '<p>बैंक कभी आपका PIN या OTP नहीं माँगता।</p>',
    };
    await api.saveOk(hindi.headers, item.id, 'hi', 1, draft);

    const res = await preview(item.id, 'hi', hindi);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const body = res.json() as PreviewResponse;
    expect(body).toMatchObject({ itemId: item.id, kind: 'blog', lang: 'hi', version: 2, publicId });
    expect(body.blog!.response).toMatchObject({
      id: publicId,
      title: 'नकली KYC कॉल पहचानें',
      description: '<p>बैंक कभी आपका PIN या OTP नहीं माँगता।</p>',
    });
    // The same shape, key for key, as the public answer.
    expect(Object.keys(body.blog!.response).sort()).toEqual(Object.keys(before.json().response).sort());

    // Nothing reached the site: neither the table nor the public answer (cached or not) changed.
    const after = await get(`/api/blog/public/${publicId}`);
    expect(after.json()).toEqual(before.json());
    expect(after.json().response.title).toBe('नकली KYC कॉल');
    const list = await get('/api/blog/public?lang=hi');
    expect(list.json().response.rows.map((r: { title: string }) => r.title)).toEqual(['नकली KYC कॉल']);
    expect((await api.head(editor.headers, item.id, 'hi')).state).toMatchObject({
      status: 'draft',
      publishedVersion: 1,
      headVersion: 2,
    });
  });

  it('answers a never-published blog, which stays off the site', async () => {
    const { item } = await api.create(editor.headers, 'blog', 'preview-new', { ...blog, title: 'Never published yet' });
    const res = await preview(item.id, 'en', editor);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PreviewResponse;
    expect(body.blog!.response.title).toBe('Never published yet');
    expect((await get(`/api/blog/public/${body.publicId}`)).statusCode).toBe(404);
  });

  it('answers a story and a course (with each chapter) as their public calls will', async () => {
    const story: StoryDocument = {
      authorName: 'Meena',
      date: '2026-02-01',
      image: 'uploads/stories/meena.svg',
      imageAlt: 'Meena at her shop',
      description: '<p>I saved for a year.</p>',
      isHighlighted: true,
    };
    const { item: storyItem } = await api.create(editor.headers, 'story', 'preview-meena', story);
    const storyAnswer = (await preview(storyItem.id, 'en', editor)).json() as PreviewResponse;
    expect(storyAnswer.story!.response).toMatchObject({
      authorName: 'Meena',
      description: '<p>I saved for a year.</p>',
      isHighlighted: true,
    });
    expect((await get(`/api/successstories/public/${storyAnswer.publicId}`)).statusCode).toBe(404);

    const { item: courseItem } = await api.create(
      editor.headers,
      'course',
      'preview-course',
      courseBody('Preview money'),
    );
    const res = await preview(courseItem.id, 'en', editor);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PreviewResponse;
    const course = body.course!.course_en as unknown as { title: string; chapter_ens: { id: string; title: string }[] };
    expect(course.title).toBe('Preview money');
    const [chapter] = course.chapter_ens;
    expect(chapter!.title).toBe('Saving');
    const chapterAnswer = body.chapters![chapter!.id]!.chapter_en as unknown as {
      lesson_ens: { title: string; content: string }[];
    };
    expect(chapterAnswer.lesson_ens.map((l) => [l.title, l.content])).toEqual([
      ['Why save', '<p>Why.</p>'],
      ['How to save', '<p>How.</p>'],
    ]);
    expect((await get(`/api/course/public/en/${body.publicId}`)).statusCode).toBe(404);
    expect(
      (await get(`/api/course/public?lang=en&limit=50`)).json().courses.map((c: { title: string }) => c.title),
    ).not.toContain('Preview money');
    // After publishing, the public call answers what the preview said.
    await api.publishOk(editor.headers, courseItem.id, 'en');
    const live = (await get(`/api/course/public/en/${body.publicId}`)).json() as { course_en: { updatedAt?: string } };
    const { createdAt: _a, ...previewed } = body.course!.course_en as unknown as Record<string, unknown>;
    const { createdAt: _b, ...published } = live.course_en as unknown as Record<string, unknown>;
    expect(published).toEqual(previewed);
    const edited = structuredClone((await api.head(editor.headers, courseItem.id, 'en')).body as CourseDocument);
    edited.chapters[0]!.lessons[0]!.content = '<p>Why, again.</p>';
    await api.saveOk(editor.headers, courseItem.id, 'en', 1, edited);
    const again = (await preview(courseItem.id, 'en', editor)).json() as PreviewResponse;
    expect(
      (again.chapters![chapter!.id]!.chapter_en as unknown as { lesson_ens: { content: string }[] }).lesson_ens[0]!
        .content,
    ).toBe('<p>Why, again.</p>');
    const chapterLive = await get(`/api/chapter/public/en/${body.publicId}/chapters/${chapter!.id}`);
    expect(chapterLive.json().chapter_en.lesson_ens[0].content).toBe('<p>Why.</p>');
  });

  it('answers a course’s videos and each quiz as the public quiz call will, with its answer key for staff only', async () => {
    const body = courseBody('Preview quizzes');
    body.quizzes[0]!.questions.push({
      type: 'multi',
      content: 'Which are safe?',
      explanation: 'A bank and a post office are regulated.',
      options: [
        { content: 'A bank', correct: true },
        { content: 'A stranger', correct: false },
        { content: 'A post office', correct: true },
      ],
    });
    const { item } = await api.create(editor.headers, 'course', 'preview-quizzes', body);
    const answer = (await preview(item.id, 'en', editor)).json() as PreviewResponse;
    const course = answer.course!.course_en as unknown as {
      videos: { title: string; video: string }[];
      quiz_ens: { id: string; title: string }[];
    };
    expect(course.videos).toMatchObject([{ title: 'Welcome', video: 'uploads/videos/welcome.webm' }]);
    const [listed] = course.quiz_ens;
    expect(Object.keys(answer.quizzes!)).toEqual([listed!.id]);
    const { quiz, key } = answer.quizzes![listed!.id]!;
    const questions = (
      quiz.quiz_en as unknown as {
        question_ens: { id: string; type: string; option_ens: { id: string; content: string }[] }[];
      }
    ).question_ens;
    expect(questions.map((q) => [q.type, q.option_ens.map((o) => o.content)])).toEqual([
      ['single', ['In a bank account', 'Under the bed']],
      ['multi', ['A bank', 'A stranger', 'A post office']],
    ]);
    // The learner's answer never says which option is right; the key says it, question by question.
    expect(JSON.stringify(quiz)).not.toMatch(/isCorrect|correct/);
    expect(key.map((q) => q.id)).toEqual(questions.map((q) => q.id));
    expect(key[1]).toMatchObject({ type: 'multi', explanation: 'A bank and a post office are regulated.' });
    expect(key[1]!.options.filter((o) => o.isCorrect).map((o) => o.id)).toEqual([
      questions[1]!.option_ens[0]!.id,
      questions[1]!.option_ens[2]!.id,
    ]);

    // Once published, the public quiz call answers what the preview showed.
    await api.publishOk(editor.headers, item.id, 'en');
    const live = await get(`/api/quiz/public/en/${answer.publicId}/quiz/${listed!.id}`);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json()).toEqual(quiz);
  });

  it('answers a course with no chapters, videos or quizzes yet, and a lesson whose text is still empty', async () => {
    const bare = { ...courseBody('Nothing yet'), chapters: [], videos: [], quizzes: [] };
    const { item } = await api.create(editor.headers, 'course', 'preview-bare', bare);
    const res = await preview(item.id, 'en', editor);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as PreviewResponse;
    expect(answer.course!.course_en).toMatchObject({ title: 'Nothing yet', chapter_ens: [], quiz_ens: [], videos: [] });
    expect(answer.chapters).toEqual({});
    expect(answer.quizzes).toEqual({});

    const draft = courseBody('Empty lesson');
    draft.chapters[0]!.lessons[1]!.content = '';
    draft.chapters[0]!.lessons[1]!.title = '';
    const { item: withEmpty } = await api.create(editor.headers, 'course', 'preview-empty-lesson', draft);
    const again = (await preview(withEmpty.id, 'en', editor)).json() as PreviewResponse;
    const [chapter] = Object.values(again.chapters!);
    expect(
      (chapter!.chapter_en as unknown as { lesson_ens: { title: string; content: string }[] }).lesson_ens.map((l) => [
        l.title,
        l.content,
      ]),
    ).toEqual([
      ['Why save', '<p>Why.</p>'],
      ['', ''],
    ]);
  });

  it('refuses anonymous visitors, learners and a translator of another language; 404 for a missing language or item', async () => {
    const { item } = await api.create(editor.headers, 'blog', 'preview-refused', blog);
    expect((await preview(item.id, 'en')).statusCode).toBe(401);
    const learner = await signInAs(t.app);
    const asLearner = await preview(item.id, 'en', learner);
    expect(asLearner.statusCode).toBe(403);
    expect(asLearner.json()).toEqual(messageBody('staffOnly'));
    const asTamil = await preview(item.id, 'hi', tamil);
    expect(asTamil.statusCode).toBe(403);
    expect(asTamil.json()).toEqual(messageBody('languageNotAssigned'));
    const missing = await preview(item.id, 'hi', editor);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(messageBody('contentLanguageMissing'));
    expect((await preview('5f0c4b8e-0000-4000-8000-000000000001', 'en', editor)).json()).toEqual(
      messageBody('contentNotFound'),
    );
  });
});
