// Authoring through the staff API: creating, saving with the version an edit started from (409 and
// nothing written otherwise), versions compared and restored, drafts over what is published,
// publishing refused while something required is empty, rich text sanitised, soft delete.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseDocument, LanguageHead } from '../../../contract/authoring';
import { messageBody } from '../../../contract/messages';
import { auditLog } from '../../db/schema/audit';
import { contentVersions } from '../../db/schema/authoring';
import { testAppPerFile } from '../../test/test-app';
import { signInAsStaff, type SignedIn } from '../../test/sign-in';
import { courseBody, staffApi } from './authoring-test-helpers';

const t = testAppPerFile();
let editor: SignedIn;
let api: ReturnType<typeof staffApi>;

beforeAll(async () => {
  editor = await signInAsStaff(t.app, ['editor'], { name: 'Asha Editor' });
  api = staffApi(t.app);
});

const publicCourse = (id: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url: `/api/course/public/${lang}/${id}` });
const audits = async (entityId: string) =>
  (await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id)).map(
    (row) => row.action,
  );

describe('creating and saving', () => {
  it('creates an item with its first version, giving every element a key', async () => {
    const { item, head } = await api.create(editor.headers, 'course', 'safe-money', courseBody());
    expect(head).toMatchObject({
      itemId: item.id,
      kind: 'course',
      lang: 'en',
      version: { number: 1, origin: 'save', createdBy: { id: editor.userId, name: 'Asha Editor' } },
    });
    expect(head.state).toMatchObject({ status: 'draft', headVersion: 1, publishedVersion: null, scheduled: null });
    const body = head.body as CourseDocument;
    const keys = [
      body.chapters[0]!.key,
      ...body.chapters[0]!.lessons.map((l) => l.key),
      body.videos[0]!.key,
      body.quizzes[0]!.key,
    ];
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]{10}$/);
    expect(new Set(keys).size).toBe(keys.length);
    // Nothing is on the site before it is published.
    expect((await publicCourse(head.state.publicId)).statusCode).toBe(404);
    expect(await audits(item.id)).toEqual(['content.create', 'content.save']);
  });

  it('keeps every save as a version, and answers a save based on an older version with 409 and the current one, writing nothing', async () => {
    const { item, head } = await api.create(editor.headers, 'course', 'two-tabs', courseBody());
    const body = head.body as CourseDocument;
    const first = await api.saveOk(editor.headers, item.id, 'en', 1, { ...body, title: 'Safe money, tab one' });
    expect(first.version.number).toBe(2);

    // A second tab still holds version 1.
    const stale = await api.save(editor.headers, item.id, 'en', 1, { ...body, title: 'Safe money, tab two' });
    expect(stale.statusCode).toBe(409);
    const answer = stale.json() as { code: string; message: string; current: LanguageHead };
    expect(answer.code).toBe('staleVersion');
    expect(answer.message).toBe(messageBody('staleVersion').message);
    expect(answer.current.version.number).toBe(2);
    expect((answer.current.body as CourseDocument).title).toBe('Safe money, tab one');
    const versions = await t.app.db.select().from(contentVersions).where(eq(contentVersions.itemId, item.id));
    expect(versions.map((v) => v.number).sort()).toEqual([1, 2]);
    expect((await api.head(editor.headers, item.id, 'en')).version.number).toBe(2);

    // Saving what is already the newest makes no new version.
    const same = await api.saveOk(editor.headers, item.id, 'en', 2, first.body);
    expect(same.version.number).toBe(2);
  });

  it('refuses a document of the wrong shape, naming each field, and repeated keys', async () => {
    const { item, head } = await api.create(editor.headers, 'course', 'bad-input', courseBody());
    const body = head.body as CourseDocument;
    const wrong = await api.save(editor.headers, item.id, 'en', 1, {
      ...body,
      duration: 'long',
      chapters: [{ title: 5, lessons: [] }],
      extra: true,
    });
    expect(wrong.statusCode).toBe(400);
    const error = wrong.json() as { code: string; details: { field: string }[] };
    expect(error.code).toBe('contentInvalid');
    expect(error.details.map((d) => d.field)).toEqual(
      expect.arrayContaining(['duration', 'chapters[0].title', 'extra']),
    );

    const twice = structuredClone(body);
    twice.chapters[0]!.lessons[1]!.key = twice.chapters[0]!.lessons[0]!.key;
    const repeated = await api.save(editor.headers, item.id, 'en', 1, twice);
    expect(repeated.statusCode).toBe(400);
    expect((repeated.json() as { details: { field: string; message: string }[] }).details[0]!.message).toMatch(
      /used twice/,
    );

    const badKey = structuredClone(body);
    badKey.videos[0]!.key = 'Not A Key';
    expect((await api.save(editor.headers, item.id, 'en', 1, badKey)).statusCode).toBe(400);
    const badFile = { ...body, image: 'https://elsewhere.example/cover.png' };
    expect((await api.save(editor.headers, item.id, 'en', 1, badFile)).statusCode).toBe(400);
    // Nothing of that was kept.
    expect((await api.head(editor.headers, item.id, 'en')).version.number).toBe(1);
  });

  it('refuses a taken slug, an unknown kind and a malformed slug', async () => {
    await api.create(editor.headers, 'course', 'taken', courseBody());
    const again = await api.call('POST', '/api/staff/content', editor.headers, {
      kind: 'course',
      slug: 'taken',
      body: courseBody(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(messageBody('slugTaken'));
    // The same slug in another kind is another item.
    expect(
      (
        await api.call('POST', '/api/staff/content', editor.headers, {
          kind: 'blog',
          slug: 'taken',
          body: { title: '', author: '', date: '2026-01-01', readTime: 3, image: null, imageAlt: '', description: '' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await api.call('POST', '/api/staff/content', editor.headers, { kind: 'poster', slug: 'x', body: {} }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await api.call('POST', '/api/staff/content', editor.headers, {
          kind: 'course',
          slug: 'Not_A_Slug',
          body: courseBody(),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await api.call('GET', '/api/staff/content/00000000-0000-4000-8000-000000000000', editor.headers)).json(),
    ).toEqual(messageBody('contentNotFound'));
    expect(
      (await api.call('GET', '/api/staff/content/00000000-0000-4000-8000-000000000000/xx', editor.headers)).statusCode,
    ).toBe(400);
  });

  it('sanitises rich text when saved, keeping the joiners Indian scripts need and the allowed video embeds', async () => {
    const { item, head } = await api.create(editor.headers, 'course', 'scripts', courseBody());
    const body = structuredClone(head.body as CourseDocument);
    // Hindi क्‍ष (with ZWJ), Malayalam ന്‍ (chillu written with ZWJ), Bengali র‍্য (ya-phala with ZWJ), and a ZWNJ in Hindi.
    const hindi = 'क्\u200Dष और क्\u200Cष';
    const malayalam = 'അവന്\u200D പോയി';
    const bengali = 'র\u200D্যাব';
    body.description = `<p>${hindi}</p><script>alert(1)</script><img src="https://evil.example/x.png" onerror="alert(1)">`;
    body.chapters[0]!.lessons[0]!.content = `<p>${malayalam}</p><oembed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></oembed><iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">x</a>`;
    body.chapters[0]!.lessons[1]!.content = `<p onclick="x()">${bengali}</p>`;
    body.title = `  ${hindi}  `;
    const saved = (await api.saveOk(editor.headers, item.id, 'en', 1, body)).body as CourseDocument;
    expect(saved.description).toBe(`<p>${hindi}</p>`);
    expect(saved.description).toContain('\u200D');
    expect(saved.description).toContain('\u200C');
    expect(saved.chapters[0]!.lessons[0]!.content).toBe(
      `<p>${malayalam}</p><oembed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></oembed><a>x</a>`,
    );
    expect(saved.chapters[0]!.lessons[1]!.content).toBe(`<p>${bengali}</p>`);
    expect(saved.title).toBe(hindi);
  });
});

describe('versions', () => {
  it('lists versions, compares any two field by field and restores one as a new version', async () => {
    const { item, head } = await api.create(editor.headers, 'course', 'history', courseBody());
    const v1 = head.body as CourseDocument;
    const v2 = structuredClone(v1);
    v2.title = 'Safe money, second edition';
    v2.chapters[0]!.lessons.push({ title: 'Where to save', duration: 4, content: '<p>Where.</p>' });
    v2.videos = [];
    const saved2 = await api.saveOk(editor.headers, item.id, 'en', 1, v2);

    const list = await api.call('GET', `/api/staff/content/${item.id}/en/versions`, editor.headers);
    expect(list.json()).toMatchObject({
      versions: [
        { number: 2, origin: 'save', published: false },
        { number: 1, origin: 'save' },
      ],
    });

    const diff = (
      await api.call('GET', `/api/staff/content/${item.id}/en/diff?from=1&to=2`, editor.headers)
    ).json() as {
      changes: { field: string; change: string; before: unknown; after: unknown }[];
    };
    const added = (saved2.body as CourseDocument).chapters[0]!.lessons[2]!.key;
    const video = v1.videos[0]!.key;
    expect(diff.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', change: 'changed', before: 'Safe money', after: 'Safe money, second edition', element: null },
        // Each element named for a person by its list, place and title; a removed one as it was.
        {
          field: `lessons[${added}].title`,
          change: 'added',
          before: null,
          after: 'Where to save',
          element: { list: 'lessons', number: 3, title: 'Where to save' },
        },
        {
          field: `videos[${video}].title`,
          change: 'removed',
          before: 'Welcome',
          after: null,
          element: { list: 'videos', number: 1, title: 'Welcome' },
        },
      ]),
    );
    expect(diff.changes.some((c) => c.field === 'description')).toBe(false);

    const restored = await api.call('POST', `/api/staff/content/${item.id}/en/versions/1/restore`, editor.headers, {
      baseVersion: 2,
    });
    expect(restored.statusCode).toBe(200);
    const v3 = restored.json() as LanguageHead;
    expect(v3.version).toMatchObject({ number: 3, origin: 'restore', restoredFrom: 1 });
    expect((v3.body as CourseDocument).title).toBe('Safe money');
    expect(
      (await api.call('GET', `/api/staff/content/${item.id}/en/diff?from=1&to=3`, editor.headers)).json(),
    ).toMatchObject({ changes: [] });
    // A restore decided on an older head is refused like a save.
    expect(
      (
        await api.call('POST', `/api/staff/content/${item.id}/en/versions/1/restore`, editor.headers, {
          baseVersion: 2,
        })
      ).statusCode,
    ).toBe(409);
    expect((await api.call('GET', `/api/staff/content/${item.id}/en/versions/9`, editor.headers)).json()).toEqual(
      messageBody('versionNotFound'),
    );
    expect(
      (await api.call('GET', `/api/staff/content/${item.id}/en/diff?from=1&to=9`, editor.headers)).statusCode,
    ).toBe(404);
  });
});

describe('drafts and publishing', () => {
  it('refuses to publish while required text or files are empty, naming each field', async () => {
    const body = courseBody();
    body.title = '';
    body.image = null;
    body.chapters[0]!.lessons[1]!.content = '';
    body.quizzes[0]!.questions[0]!.options[1]!.correct = true;
    const { item, head } = await api.create(editor.headers, 'course', 'unfinished', body);
    const res = await api.publish(editor.headers, item.id, 'en');
    expect(res.statusCode).toBe(400);
    const error = res.json() as { code: string; message: string; details: { field: string; message: string }[] };
    expect(error.code).toBe('publishIncomplete');
    const saved = head.body as CourseDocument;
    const lesson = saved.chapters[0]!.lessons[1]!.key;
    const quiz = saved.quizzes[0]!;
    expect(error.details).toEqual([
      { field: 'title', message: 'is empty' },
      { field: 'image', message: 'has no file' },
      { field: `lessons[${lesson}].content`, message: 'is empty' },
      {
        field: `quizzes[${quiz.key}].questions[${quiz.questions[0]!.key}].options`,
        message: 'must have exactly one correct option for a single question (found 2)',
      },
    ]);
    expect(error.message).toContain('First: title is empty (and 3 more)');
    expect((await api.head(editor.headers, item.id, 'en')).state.publishedVersion).toBeNull();
  });

  it('publishes atomically; an edit after that is a draft learners do not see until it is published', async () => {
    const { item, head } = await api.create(editor.headers, 'course', 'drafts', courseBody());
    const state = await api.publishOk(editor.headers, item.id, 'en');
    expect(state).toMatchObject({ status: 'published', headVersion: 1, publishedVersion: 1 });
    const course = (await publicCourse(state.publicId)).json() as {
      course_en: { title: string; chapter_ens: { lesson_ens: unknown[] }[] };
    };
    expect(course.course_en.title).toBe('Safe money');
    expect(course.course_en.chapter_ens[0]!.lesson_ens).toHaveLength(2);

    const edited = await api.saveOk(editor.headers, item.id, 'en', 1, {
      ...(head.body as CourseDocument),
      title: 'Safe money, revised',
    });
    expect(edited.state).toMatchObject({ status: 'draft', headVersion: 2, publishedVersion: 1 });
    expect(((await publicCourse(state.publicId)).json() as { course_en: { title: string } }).course_en.title).toBe(
      'Safe money',
    );

    const published = await api.publishOk(editor.headers, item.id, 'en');
    expect(published).toMatchObject({ status: 'published', publishedVersion: 2 });
    expect(((await publicCourse(state.publicId)).json() as { course_en: { title: string } }).course_en.title).toBe(
      'Safe money, revised',
    );
    // Publishing what is already published changes nothing and records nothing.
    await api.publishOk(editor.headers, item.id, 'en');
    expect((await audits(item.id)).filter((a) => a === 'content.publish')).toHaveLength(2);

    // An older version can be put back on the site; the newer one stays the draft on top.
    const back = await api.publishOk(editor.headers, item.id, 'en', { version: 1 });
    expect(back).toMatchObject({ status: 'draft', publishedVersion: 1, headVersion: 2 });
    expect(((await publicCourse(state.publicId)).json() as { course_en: { title: string } }).course_en.title).toBe(
      'Safe money',
    );
  });

  it('unpublishes (the course leaves the site) and publishes again', async () => {
    const { item } = await api.create(editor.headers, 'course', 'on-off', courseBody());
    const state = await api.publishOk(editor.headers, item.id, 'en');
    const off = await api.call('POST', `/api/staff/content/${item.id}/en/unpublish`, editor.headers);
    expect(off.json()).toMatchObject({ status: 'draft', publishedVersion: null });
    expect((await publicCourse(state.publicId)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/course/public?lang=en' })).json()).toMatchObject({
      courses: expect.not.arrayContaining([expect.objectContaining({ id: state.publicId })]),
    });
    await api.publishOk(editor.headers, item.id, 'en');
    expect((await publicCourse(state.publicId)).statusCode).toBe(200);
  });

  it('deletes softly and restores: off the site, out of the list, no edits while deleted, back as it was', async () => {
    const { item, head } = await api.create(editor.headers, 'course', 'deleted-one', courseBody());
    const state = await api.publishOk(editor.headers, item.id, 'en');
    const deleted = await api.call('DELETE', `/api/staff/content/${item.id}`, editor.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ deletedAt: expect.any(String) });
    expect((await publicCourse(state.publicId)).statusCode).toBe(404);
    const live = (await api.call('GET', '/api/staff/content?kind=course', editor.headers)).json() as {
      items: { id: string }[];
    };
    expect(live.items.some((i) => i.id === item.id)).toBe(false);
    const bin = (await api.call('GET', '/api/staff/content?kind=course&deleted=true', editor.headers)).json() as {
      items: { id: string }[];
    };
    expect(bin.items.map((i) => i.id)).toEqual([item.id]);
    const edit = await api.save(editor.headers, item.id, 'en', 1, head.body);
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual(messageBody('contentDeleted'));
    expect((await api.publish(editor.headers, item.id, 'en')).json()).toEqual(messageBody('contentDeleted'));

    const restored = await api.call('POST', `/api/staff/content/${item.id}/restore`, editor.headers);
    expect(restored.json()).toMatchObject({ deletedAt: null, languages: [{ lang: 'en', publishedVersion: 1 }] });
    expect((await publicCourse(state.publicId)).statusCode).toBe(200);
    expect(await audits(item.id)).toEqual([
      'content.create',
      'content.save',
      'content.publish',
      'content.delete',
      'content.restore',
    ]);
  });

  it('lists and searches items by kind, status, language and title', async () => {
    const { item } = await api.create(
      editor.headers,
      'course',
      'findable-course',
      courseBody('Budgeting for a family'),
    );
    await api.publishOk(editor.headers, item.id, 'en');
    const find = async (query: string) =>
      (await api.call('GET', `/api/staff/content?${query}`, editor.headers)).json() as {
        items: { id: string; title: string }[];
        total: number;
      };
    expect((await find('search=budgeting')).items.map((i) => i.id)).toEqual([item.id]);
    expect((await find('search=findable')).items.map((i) => i.title)).toEqual(['Budgeting for a family']);
    expect((await find('status=published&search=budget')).total).toBe(1);
    expect((await find('status=in_review&search=budget')).total).toBe(0);
    expect((await find('lang=hi&search=budget')).total).toBe(0);
    expect((await find('kind=blog&search=budget')).total).toBe(0);
    expect((await api.call('GET', '/api/staff/content?status=lost', editor.headers)).statusCode).toBe(400);
  });

  it('refuses an offset or a version number past what the database holds with a 400, not a fault', async () => {
    const { item } = await api.create(editor.headers, 'course', 'numbers-course', courseBody());
    for (const url of [
      '/api/staff/content?offset=99999999999999999999',
      '/api/staff/content?offset=1000001',
      `/api/staff/content/${item.id}/en/diff?from=1&to=99999999999`,
      `/api/staff/content/${item.id}/en/diff?from=2147483648&to=1`,
    ]) {
      const res = await api.call('GET', url, editor.headers);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'validation' });
    }
  });
});
