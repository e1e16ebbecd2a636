// Translating: a translation starts from the source's structure with empty text, a translator
// changes only text in their languages and submits it, only editors publish, a translation with
// empty required text is refused, and stale fields are shown with the source's old and new text.
import { describe, expect, it } from 'vitest';
import type { CourseDocument, LanguageHead } from '../../../contract/authoring';
import { messageBody } from '../../../contract/messages';
import { testAppPerFile } from '../../test/test-app';
import { signInAs, signInAsStaff } from '../../test/sign-in';
import { courseBody, toHindi, translateCourse, translationTeamPerFile } from './authoring-test-helpers';

const t = testAppPerFile();
const team = translationTeamPerFile(t);

describe('starting a translation', () => {
  it('starts from the source’s structure with every text empty: no source text can reach a published translation', async () => {
    const { id, english } = await team.publishedEnglishCourse('start-empty');
    const start = await team.api.template(team.hindi.headers, id, 'hi');
    expect(start).toMatchObject({ sourceLang: 'en', sourceVersion: 1, baseVersion: 0 });
    const body = start.body;
    expect(body.title).toBe('');
    expect(body.description).toBe('');
    expect(body.summary).toBe('');
    expect(body.journal).toBeNull();
    expect(body.chapters[0]!.lessons.map((l) => [l.key, l.title, l.content, l.duration])).toEqual(
      english.chapters[0]!.lessons.map((l) => [l.key, '', '', l.duration]),
    );
    expect(body.quizzes[0]!.questions[0]!.options.map((o) => [o.key, o.content, o.correct])).toEqual([
      [english.quizzes[0]!.questions[0]!.options[0]!.key, '', true],
      [english.quizzes[0]!.questions[0]!.options[1]!.key, '', false],
    ]);
    expect(body.image).toBe(english.image);

    // Saved as it is, it cannot be published, and the refusal names every empty field.
    const saved = await team.api.saveOk(team.hindi.headers, id, 'hi', 0, body);
    expect(saved.state.status).toBe('draft');
    const refused = await team.api.publish(team.editor.headers, id, 'hi');
    expect(refused.statusCode).toBe(400);
    const details = (refused.json() as { code: string; details: { field: string }[] }).details.map((d) => d.field);
    expect(details).toEqual(
      expect.arrayContaining([
        'title',
        'description',
        `lessons[${english.chapters[0]!.lessons[0]!.key}].content`,
        `quizzes[${english.quizzes[0]!.key}].title`,
      ]),
    );
    expect(details).not.toContain('summary');
  });

  it('lists an item’s languages in the platform’s order, English first, not by code', async () => {
    const { id, english } = await team.publishedEnglishCourse('languages-in-order');
    await team.api.saveOk(team.editor.headers, id, 'tm', 0, english);
    await team.api.saveOk(team.editor.headers, id, 'bn', 0, english);
    const got = (await team.api.call('GET', `/api/staff/content/${id}`, team.editor.headers)).json() as {
      languages: { lang: string }[];
    };
    expect(got.languages.map((l) => l.lang)).toEqual(['en', 'bn', 'tm']);
  });

  it('an item may be written first in another language, which is then the one translations start from', async () => {
    const { item } = await team.api.create(team.editor.headers, 'course', 'hindi-first', courseBody('पैसा'), 'hi');
    const start = await team.api.template(team.editor.headers, item.id, 'en');
    expect(start).toMatchObject({ sourceLang: 'hi', baseVersion: 0, body: { title: '' } });
    const got = (await team.api.call('GET', `/api/staff/content/${item.id}`, team.editor.headers)).json() as {
      sourceLang: string;
      title: string;
    };
    expect(got).toMatchObject({ sourceLang: 'hi', title: 'पैसा' });
  });
});

describe('what a translator may do', () => {
  it('a translator translates text in their language and submits it; an editor publishes it', async () => {
    const { id, english } = await team.publishedEnglishCourse('translated');
    const start = await team.api.template(team.hindi.headers, id, 'hi');
    const translated = translateCourse(start.body, english, toHindi);
    const saved = await team.api.saveOk(team.hindi.headers, id, 'hi', 0, translated);
    expect(saved.version).toMatchObject({ number: 1, createdBy: { name: 'Meena Translator' } });

    const submitted = await team.api.call('POST', `/api/staff/content/${id}/hi/submit`, team.hindi.headers, {
      version: 1,
    });
    expect(submitted.statusCode).toBe(200);
    expect((submitted.json() as LanguageHead).state.status).toBe('in_review');

    // Only editors publish.
    const notAllowed = await team.api.publish(team.hindi.headers, id, 'hi');
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json()).toEqual(messageBody('roleNotAllowed'));
    const state = await team.api.publishOk(team.editor.headers, id, 'hi');
    expect(state).toMatchObject({ status: 'published', publishedVersion: 1 });
    const course = (await t.app.inject({ method: 'GET', url: `/api/course/public/hi/${state.publicId}` })).json() as {
      course_hi: { title: string };
    };
    expect(course.course_hi.title).toBe(toHindi('Safe money'));
  });

  it('a translator cannot touch another language, the source, or anything but text', async () => {
    const { id, english } = await team.publishedEnglishCourse('text-only');
    const start = await team.api.template(team.hindi.headers, id, 'hi');

    const otherLanguage = await team.api.save(team.hindi.headers, id, 'tm', 0, start.body);
    expect(otherLanguage.statusCode).toBe(403);
    expect(otherLanguage.json()).toEqual(messageBody('languageNotAssigned'));
    expect((await team.api.save(team.hindi.headers, id, 'en', 1, english)).json()).toEqual(
      messageBody('languageNotAssigned'),
    );
    expect(
      (await team.api.call('POST', `/api/staff/content/${id}/en/submit`, team.tamil.headers, { version: 1 }))
        .statusCode,
    ).toBe(403);

    const reordered = translateCourse(start.body, english, toHindi);
    reordered.chapters[0]!.lessons.reverse();
    const moved = await team.api.save(team.hindi.headers, id, 'hi', 0, reordered);
    expect(moved.statusCode).toBe(403);
    const error = moved.json() as { code: string; details: { field: string; message: string }[] };
    expect(error.code).toBe('translatorTextOnly');
    expect(error.details.map((d) => d.field)).toEqual(
      expect.arrayContaining([`lessons[${english.chapters[0]!.lessons[0]!.key}].position`]),
    );

    const changedAnswer = translateCourse(start.body, english, toHindi);
    changedAnswer.quizzes[0]!.questions[0]!.options[1]!.correct = true;
    expect((await team.api.save(team.hindi.headers, id, 'hi', 0, changedAnswer)).json()).toMatchObject({
      code: 'translatorTextOnly',
      details: [{ field: expect.stringMatching(/options\[.+\]\.correct$/) }],
    });
    const newPicture = { ...translateCourse(start.body, english, toHindi), image: 'uploads/courses/other.svg' };
    expect((await team.api.save(team.hindi.headers, id, 'hi', 0, newPicture)).statusCode).toBe(403);
    const extraLesson = translateCourse(start.body, english, toHindi);
    extraLesson.chapters[0]!.lessons.push({ title: 'नया', duration: 1, content: '<p>नया</p>' });
    expect((await team.api.save(team.hindi.headers, id, 'hi', 0, extraLesson)).statusCode).toBe(403);

    // Creating, deleting and unpublishing are editors' work; learners and analysts get nothing.
    expect(
      (
        await team.api.call('POST', '/api/staff/content', team.hindi.headers, {
          kind: 'course',
          slug: 'mine',
          body: courseBody(),
        })
      ).statusCode,
    ).toBe(403);
    expect((await team.api.call('DELETE', `/api/staff/content/${id}`, team.hindi.headers)).statusCode).toBe(403);
    expect((await team.api.call('POST', `/api/staff/content/${id}/en/unpublish`, team.hindi.headers)).statusCode).toBe(
      403,
    );
    const analyst = await signInAsStaff(t.app, ['analyst']);
    expect((await team.api.call('GET', `/api/staff/content/${id}`, analyst.headers)).json()).toEqual(
      messageBody('roleNotAllowed'),
    );
    const learner = await signInAs(t.app);
    expect((await team.api.call('GET', '/api/staff/content', learner.headers)).json()).toEqual(
      messageBody('staffOnly'),
    );
    expect((await team.api.call('GET', '/api/staff/content')).statusCode).toBe(401);
  });

  it('a translator catches up with a changed source structure through the starting point, keeping their text', async () => {
    const { id, english } = await team.publishedEnglishCourse('catch-up');
    const first = translateCourse((await team.api.template(team.hindi.headers, id, 'hi')).body, english, toHindi);
    await team.api.saveOk(team.hindi.headers, id, 'hi', 0, first);

    const changed = structuredClone(english);
    changed.chapters[0]!.lessons.push({ title: 'Where to save', duration: 4, content: '<p>Where.</p>' });
    changed.chapters[0]!.lessons.reverse();
    const newEnglish = (await team.api.saveOk(team.editor.headers, id, 'en', 1, changed)).body as CourseDocument;

    const start = await team.api.template(team.hindi.headers, id, 'hi');
    expect(start.baseVersion).toBe(1);
    const lessons = start.body.chapters[0]!.lessons;
    expect(lessons.map((l) => l.key)).toEqual(newEnglish.chapters[0]!.lessons.map((l) => l.key));
    expect(lessons[0]!.title).toBe('');
    expect(lessons[2]!.title).toBe(toHindi('Why save'));
    lessons[0]!.title = 'कहाँ बचाएँ';
    lessons[0]!.content = '<p>कहाँ।</p>';
    const saved = await team.api.saveOk(team.hindi.headers, id, 'hi', 1, start.body);
    expect(saved.version.number).toBe(2);
  });
});

describe('translation status', () => {
  it('answers the whole matrix in one call: missing, draft, in review, published, with stale and missing counts', async () => {
    const { id, english } = await team.publishedEnglishCourse('matrix');
    const hiStart = await team.api.template(team.hindi.headers, id, 'hi');
    await team.api.saveOk(team.hindi.headers, id, 'hi', 0, translateCourse(hiStart.body, english, toHindi));
    await team.api.call('POST', `/api/staff/content/${id}/hi/submit`, team.hindi.headers, { version: 1 });
    const tmStart = await team.api.template(team.tamil.headers, id, 'tm');
    const partial = structuredClone(tmStart.body);
    partial.title = 'பணம்';
    await team.api.saveOk(team.tamil.headers, id, 'tm', 0, partial);

    const matrix = (
      await team.api.call('GET', '/api/staff/content/translations?kind=course', team.tamil.headers)
    ).json() as {
      languages: string[];
      items: {
        id: string;
        title: string;
        cells: { lang: string; status: string; live: boolean; stale: number; missing: number }[];
      }[];
    };
    expect(matrix.languages).toEqual(['en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl']);
    const row = matrix.items.find((item) => item.id === id)!;
    expect(row.title).toBe('Safe money');
    const cell = (lang: string) => row.cells.find((c) => c.lang === lang)!;
    // English has 13 non-empty texts: title, description, summary, a chapter, two lessons (title and
    // content each), a video title, a quiz title, a question and two options.
    expect(cell('en')).toMatchObject({ status: 'published', live: true, stale: 0, missing: 0 });
    expect(cell('hi')).toMatchObject({ status: 'in_review', live: false, stale: 0, missing: 0 });
    // Tamil has its title only.
    expect(cell('tm')).toMatchObject({ status: 'draft', stale: 0, missing: 12 });
    expect(cell('bn')).toMatchObject({ status: 'missing', live: false, missing: 13 });
  });

  it('marks exactly the translated fields whose source text changed, with the old and the new text; a change or a confirmation clears them', async () => {
    const { id, english } = await team.publishedEnglishCourse('stale');
    const hiBody = translateCourse((await team.api.template(team.hindi.headers, id, 'hi')).body, english, toHindi);
    await team.api.saveOk(team.hindi.headers, id, 'hi', 0, hiBody);
    const none = (await team.api.call('GET', `/api/staff/content/${id}/hi/stale`, team.hindi.headers)).json() as {
      fields: unknown[];
    };
    expect(none.fields).toEqual([]);

    const edited = structuredClone(english);
    edited.title = 'Safe money for families';
    edited.chapters[0]!.lessons[1]!.content = '<p>How, step by step.</p>';
    await team.api.saveOk(team.editor.headers, id, 'en', 1, edited);

    const stale = (await team.api.call('GET', `/api/staff/content/${id}/hi/stale`, team.hindi.headers)).json() as {
      sourceVersion: number;
      fields: {
        field: string;
        state: string;
        source: string;
        translatedFrom: { version: number; text: string };
        translation: string;
      }[];
    };
    const lessonKey = english.chapters[0]!.lessons[1]!.key;
    expect(stale.sourceVersion).toBe(2);
    expect(stale.fields).toEqual([
      {
        field: 'title',
        element: null,
        state: 'stale',
        source: 'Safe money for families',
        translatedFrom: { version: 1, text: 'Safe money' },
        translation: toHindi('Safe money'),
      },
      {
        field: `lessons[${lessonKey}].content`,
        element: { list: 'lessons', number: 2, title: 'How to save' },
        state: 'stale',
        source: '<p>How, step by step.</p>',
        translatedFrom: { version: 1, text: '<p>How.</p>' },
        translation: `<p>${toHindi('How.')}</p>`,
      },
    ]);
    const matrix = (await team.api.call('GET', '/api/staff/content/translations', team.editor.headers)).json() as {
      items: { id: string; cells: { lang: string; stale: number }[] }[];
    };
    expect(matrix.items.find((i) => i.id === id)!.cells.find((c) => c.lang === 'hi')!.stale).toBe(2);

    // The translator updates the title and confirms the lesson still says the same.
    const again = structuredClone(hiBody);
    again.title = toHindi('Safe money for families');
    const res = await team.api.save(team.hindi.headers, id, 'hi', 1, again, [`lessons[${lessonKey}].content`]);
    expect(res.statusCode).toBe(200);
    expect(
      (
        (await team.api.call('GET', `/api/staff/content/${id}/hi/stale`, team.hindi.headers)).json() as {
          fields: unknown[];
        }
      ).fields,
    ).toEqual([]);
  });
});
