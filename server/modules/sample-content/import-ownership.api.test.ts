// Imported content is staff's to edit, and once a member of staff has written to an item the import
// leaves it alone (ADR 19): it is skipped and the log says so. Publishing imported content keeps the
// ids the import gave it.
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CourseDocument } from '../../../contract/authoring';
import { contentItems } from '../../db/schema/authoring';
import { lessons } from '../../db/schema/courses';
import { stableId } from '../../lib/stable-id';
import { testAppPerFile } from '../../test/test-app';
import { signInAsStaff, type SignedIn } from '../../test/sign-in';
import { staffApi } from '../authoring/authoring-test-helpers';
import { COURSE_EN, createContentFixture, type Fixture } from './content-fixture';
import { importContent } from './service';

const t = testAppPerFile();
let editor: SignedIn;
let fixture: Fixture;
let api: ReturnType<typeof staffApi>;

beforeAll(async () => {
  editor = await signInAsStaff(t.app, ['editor']);
  api = staffApi(t.app);
});
beforeEach(() => {
  fixture = createContentFixture();
});
afterEach(() => fixture.cleanup());

function run() {
  const lines: string[] = [];
  const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(`warn: ${m}`) };
  return importContent({ db: t.app.db, contentDir: fixture.contentDir, uploadsDir: t.config.uploadsDir, log }).then(
    (result) => ({ result, lines }),
  );
}

const itemId = async (kind: string, slug: string) => {
  const [row] = await t.app.db.select().from(contentItems).where(eq(contentItems.slug, slug));
  expect(row?.kind).toBe(kind);
  return row!.id;
};

describe('imported content and staff edits', () => {
  it('imports items staff can edit; a staff edit is never overwritten by a later import, and the log says why', async () => {
    await run();
    const id = await itemId('course', 'money-basics');
    const head = await api.head(editor.headers, id, 'en');
    expect(head.version).toMatchObject({ number: 1, origin: 'import', createdBy: null });
    expect(head.state).toMatchObject({
      status: 'published',
      publishedVersion: 1,
      publicId: stableId('course', 'money-basics', 'en'),
    });
    const item = (await api.call('GET', `/api/staff/content/${id}`, editor.headers)).json() as {
      owner: string;
      languages: { lang: string }[];
    };
    expect(item.owner).toBe('import');
    expect(item.languages.map((l) => l.lang).sort()).toEqual(['en', 'hi']);
    // The Hindi file was made from the English one: nothing is stale, though it has less in it.
    const hindi = (
      (await api.call('GET', `/api/staff/content/${id}/hi/stale`, editor.headers)).json() as {
        fields: { field: string; state: string }[];
      }
    ).fields;
    expect(hindi.filter((f) => f.state === 'stale')).toEqual([]);
    expect(hindi.map((f) => f.field)).toContain('lessons[fraud-safety/never-share-otp].title');

    // The editor reorders the first chapter's lessons and publishes: every lesson keeps the id the import gave it.
    const before = await t.app.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.courseId, head.state.publicId))
      .orderBy(asc(lessons.id));
    const doc = structuredClone(head.body as CourseDocument);
    doc.title = 'Money basics, edited by staff';
    doc.chapters[0]!.lessons.reverse();
    await api.saveOk(editor.headers, id, 'en', 1, doc);
    await api.publishOk(editor.headers, id, 'en');
    const afterPublish = await t.app.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.courseId, head.state.publicId))
      .orderBy(asc(lessons.id));
    expect(afterPublish).toEqual(before);
    expect(afterPublish.map((l) => l.id)).toContain(
      stableId('lesson', 'money-basics', 'en', 'bank-account', 'why-a-bank-account'),
    );

    // The files change; the import skips the whole staff-owned course and applies the rest.
    fixture.write(
      'courses/money-basics/en.yaml',
      COURSE_EN.replace('title: Money basics', 'title: Money basics from the files'),
    );
    fixture.write(
      'blogs/blog-01.yaml',
      fixture.read('blogs/blog-01.yaml').replace('title: Blog 01', 'title: Blog one'),
    );
    const { result, lines } = await run();
    expect(result.courses).toMatchObject({ skipped: 2, updated: 0 });
    expect(result.blogs).toMatchObject({ updated: 1 });
    expect(lines).toContain(
      'skipped course money-basics (en): staff have edited it since it was imported, so the file was not applied',
    );
    expect(lines.at(-1)).toMatch(/2 skipped \(edited by staff\)$/);
    const now = await api.head(editor.headers, id, 'en');
    expect(now.version).toMatchObject({ number: 2, origin: 'save' });
    const course = (
      await t.app.inject({ method: 'GET', url: `/api/course/public/en/${head.state.publicId}` })
    ).json() as { course_en: { title: string } };
    expect(course.course_en.title).toBe('Money basics, edited by staff');
  });

  it('leaves an item alone that staff unpublished or deleted, even when its file says published', async () => {
    await run();
    const blog = await itemId('blog', 'blog-02');
    await api.call('POST', `/api/staff/content/${blog}/en/unpublish`, editor.headers);
    const story = await itemId('story', 'story-01');
    await api.call('DELETE', `/api/staff/content/${story}`, editor.headers);
    const { result } = await run();
    expect(result.blogs.skipped).toBe(1);
    expect(result.stories.skipped).toBe(1);
    expect((await api.head(editor.headers, blog, 'en')).state.publishedVersion).toBeNull();
    const [deleted] = await t.app.db.select().from(contentItems).where(eq(contentItems.id, story));
    expect(deleted!.deletedAt).not.toBeNull();
  });
});
