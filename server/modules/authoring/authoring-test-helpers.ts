// Documents and calls the authoring tests share: a small course (one chapter with two lessons, a
// video, a quiz with one single-answer question), a blog post, the staff calls through app.inject,
// and the team the translation tests sign in.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { BlogDocument, CourseDocument, LanguageHead, LanguageState } from '../../../contract/authoring';
import type { ContentKind } from '../../../contract/content-kinds';
import type { LanguageCode } from '../../../contract/languages';
import { signInAsStaff, type SignedIn } from '../../test/sign-in';

export type Headers = { cookie: string };

/** A blog post in English; `description` as given (the server cleans it when saved). */
export function blogBody(description = '<p>Banks never ask for your PIN.</p>'): BlogDocument {
  return {
    title: 'Spotting a fake KYC call',
    author: 'Priya',
    date: '2026-03-01',
    readTime: 4,
    image: 'uploads/blogs/kyc.svg',
    imageAlt: 'A phone ringing',
    description,
  };
}

export function courseBody(title = 'Safe money'): CourseDocument {
  return {
    title,
    description: '<p>Save, and pay safely.</p>',
    image: 'uploads/courses/cover.svg',
    document: null,
    duration: 30,
    summary: '<p>You learnt to save.</p>',
    journal: null,
    chapters: [
      {
        title: 'Saving',
        lessons: [
          { title: 'Why save', duration: 5, content: '<p>Why.</p>' },
          { title: 'How to save', duration: 6, content: '<p>How.</p>' },
        ],
      },
    ],
    videos: [{ title: 'Welcome', description: null, video: 'uploads/videos/welcome.webm', poster: null, duration: 30 }],
    quizzes: [
      {
        title: 'Check',
        passingCriteria: 50,
        questions: [
          {
            type: 'single',
            content: 'Where is money safest?',
            options: [
              { content: 'In a bank account', correct: true },
              { content: 'Under the bed', correct: false },
            ],
          },
        ],
      },
    ],
  };
}

export function staffApi(app: FastifyInstance) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Headers, payload?: unknown) =>
    app.inject({ method, url, headers: who, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    call,
    async create(who: Headers, kind: ContentKind, slug: string, body: unknown, lang?: LanguageCode) {
      const res = await call('POST', '/api/staff/content', who, { kind, slug, body, ...(lang ? { lang } : {}) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { item: { id: string }; head: LanguageHead };
    },
    async head(who: Headers, id: string, lang: LanguageCode) {
      const res = await call('GET', `/api/staff/content/${id}/${lang}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as LanguageHead;
    },
    save: (
      who: Headers,
      id: string,
      lang: LanguageCode,
      baseVersion: number,
      body: unknown,
      confirmFields?: string[],
    ) =>
      call('PUT', `/api/staff/content/${id}/${lang}`, who, {
        baseVersion,
        body,
        ...(confirmFields ? { confirmFields } : {}),
      }),
    async saveOk(who: Headers, id: string, lang: LanguageCode, baseVersion: number, body: unknown) {
      const res = await call('PUT', `/api/staff/content/${id}/${lang}`, who, { baseVersion, body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as LanguageHead;
    },
    publish: (who: Headers, id: string, lang: LanguageCode, input: { version?: number; at?: string } = {}) =>
      call('POST', `/api/staff/content/${id}/${lang}/publish`, who, input),
    async publishOk(who: Headers, id: string, lang: LanguageCode, input: { version?: number } = {}) {
      const res = await call('POST', `/api/staff/content/${id}/${lang}/publish`, who, input);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as LanguageState;
    },
    async template<T = CourseDocument>(who: Headers, id: string, lang: LanguageCode) {
      const res = await call('GET', `/api/staff/content/${id}/${lang}/template`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { sourceLang: LanguageCode; sourceVersion: number; baseVersion: number; body: T };
    },
  };
}

/** Every text of a course document filled from a function of its English text (a stand-in translation). */
export function translateCourse(
  doc: CourseDocument,
  source: CourseDocument,
  translate: (english: string) => string,
): CourseDocument {
  const copy = structuredClone(doc);
  copy.title = translate(source.title);
  copy.description = `<p>${translate(source.description.replace(/<[^>]+>/g, ''))}</p>`;
  copy.summary = source.summary === null ? null : `<p>${translate(source.summary.replace(/<[^>]+>/g, ''))}</p>`;
  copy.journal = source.journal === null ? null : `<p>${translate(source.journal.replace(/<[^>]+>/g, ''))}</p>`;
  copy.chapters.forEach((chapter, ci) => {
    const from = source.chapters[ci]!;
    chapter.title = translate(from.title);
    chapter.lessons.forEach((lesson, li) => {
      lesson.title = translate(from.lessons[li]!.title);
      lesson.content = `<p>${translate(from.lessons[li]!.content.replace(/<[^>]+>/g, ''))}</p>`;
    });
  });
  copy.videos.forEach((video, vi) => {
    video.title = translate(source.videos[vi]!.title);
    video.description = source.videos[vi]!.description === null ? null : translate(source.videos[vi]!.description!);
  });
  copy.quizzes.forEach((quiz, qi) => {
    quiz.title = translate(source.quizzes[qi]!.title);
    quiz.questions.forEach((question, ni) => {
      question.content = translate(source.quizzes[qi]!.questions[ni]!.content);
      question.options.forEach(
        (option, oi) => (option.content = translate(source.quizzes[qi]!.questions[ni]!.options[oi]!.content)),
      );
    });
  });
  return copy;
}

/** A Hindi translation's text for an English one, recognisable in the tests' assertions. */
export const toHindi = (english: string) => `हिंदी: ${english}`;

/**
 * An editor and the translators of Hindi (Meena) and Tamil, signed in before a file's tests, with
 * the staff calls; read its members inside a hook or a test.
 */
export function translationTeamPerFile(t: { app: FastifyInstance }) {
  let team: { editor: SignedIn; hindi: SignedIn; tamil: SignedIn; api: ReturnType<typeof staffApi> } | undefined;
  beforeAll(async () => {
    team = {
      editor: await signInAsStaff(t.app, ['editor']),
      hindi: await signInAsStaff(t.app, ['translator'], { languages: ['hi'], name: 'Meena Translator' }),
      tamil: await signInAsStaff(t.app, ['translator'], { languages: ['tm'] }),
      api: staffApi(t.app),
    };
  });
  const current = () => {
    if (!team) throw new Error('the team signs in before the tests run; read it inside a hook or a test');
    return team;
  };
  return {
    get editor() {
      return current().editor;
    },
    get hindi() {
      return current().hindi;
    },
    get tamil() {
      return current().tamil;
    },
    get api() {
      return current().api;
    },
    /** A course the editor made and published in English, to be translated. */
    async publishedEnglishCourse(slug: string, body: CourseDocument = courseBody()) {
      const { item, head } = await current().api.create(current().editor.headers, 'course', slug, body);
      await current().api.publishOk(current().editor.headers, item.id, 'en');
      return { id: item.id, english: head.body as CourseDocument };
    },
  };
}

/** Two editors, Asha and Ravi, signed in once for a file's tests, with the staff API: two people on one item. */
export function twoEditorsPerFile(t: { app: FastifyInstance }) {
  let pair: { asha: SignedIn; ravi: SignedIn; api: ReturnType<typeof staffApi> } | undefined;
  beforeAll(async () => {
    pair = {
      asha: await signInAsStaff(t.app, ['editor'], { name: 'Asha Editor' }),
      ravi: await signInAsStaff(t.app, ['editor'], { name: 'Ravi Editor' }),
      api: staffApi(t.app),
    };
  });
  const current = () => {
    if (!pair) throw new Error('the editors sign in before the tests run; read them inside a hook or a test');
    return pair;
  };
  return {
    get asha() {
      return current().asha;
    },
    get ravi() {
      return current().ravi;
    },
    get api() {
      return current().api;
    },
  };
}
