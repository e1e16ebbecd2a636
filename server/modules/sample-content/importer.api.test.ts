import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { contentItems } from '../../db/schema/authoring';
import { blogs } from '../../db/schema/blogs';
import { chapters, courses, courseVideos, lessons, options, questions, quizzes } from '../../db/schema/courses';
import { bannerImages, bannerItems } from '../../db/schema/banners';
import { galleryImages, galleryTitles } from '../../db/schema/gallery';
import { successStories } from '../../db/schema/success-stories';
import { stableId } from '../../lib/stable-id';
import { createTestDatabase } from '../../test/test-app';
import {
  BANNERS_HI,
  COURSE_EN,
  createContentFixture,
  silentLog,
  storyHindiYaml,
  TITLES_HI,
  type Fixture,
} from './content-fixture';
import { ContentValidationError, importContent, importContentIfEmpty } from './service';

const TABLES = {
  courses,
  chapters,
  lessons,
  courseVideos,
  quizzes,
  questions,
  options,
  blogs,
  successStories,
  galleryTitles,
  galleryImages,
  bannerItems,
  bannerImages,
};

let database: Database;
let fixture: Fixture;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  fixture = createContentFixture();
  // Each test starts from an empty database; deleting courses and items cascades to their children.
  for (const table of [courses, blogs, successStories, galleryTitles, bannerItems, contentItems])
    await database.db.delete(table);
});
afterEach(() => fixture.cleanup());

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(TABLES))
    out[name] = await database.db.select().from(table).orderBy(asc(table.id));
  return out;
}

function collectLog() {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(`warn: ${m}`) } };
}

const run = (log = silentLog) =>
  importContent({ db: database.db, contentDir: fixture.contentDir, uploadsDir: fixture.uploadsDir, log });

describe('importContent', () => {
  it('imports every kind of content with stable ids, sanitised HTML and stored file paths', async () => {
    const { lines, log } = collectLog();
    const result = await run(log);
    expect(result).toMatchObject({
      created: 12,
      updated: 0,
      unchanged: 0,
      courses: { created: 2, updated: 0, unchanged: 0 },
      blogs: { created: 3 },
      stories: { created: 3 },
      galleryTitles: { created: 2 },
      banners: { created: 2 },
      files: { copied: 13, unchanged: 0 },
    });
    expect(lines).toContain('imported course money-basics (en): 2 chapters, 3 lessons, 1 video, 1 quiz (created)');
    expect(lines).toContain('imported course money-basics (hi): 1 chapter, 1 lesson, 0 videos, 1 quiz (created)');
    expect(lines.at(-1)).toBe('content import done: 12 created, 0 updated, 0 unchanged');

    const db = database.db;
    const [en] = await db
      .select()
      .from(courses)
      .where(eq(courses.id, stableId('course', 'money-basics', 'en')));
    expect(en).toMatchObject({
      slug: 'money-basics',
      lang: 'en',
      title: 'Money basics',
      image: 'uploads/courses/money-basics/cover.svg',
      document: 'uploads/courses/money-basics/handbook.pdf',
      duration: 60,
      published: true,
    });
    expect(en!.description).toBe('<p>Learn to <strong>save</strong>, pay safely and stay clear of fraud.</p>');
    expect(en!.summary).toContain('keep your OTP secret');
    expect(en!.journal).toContain('one thing you will do');
    expect(en!.createdAt.toISOString()).toBe('2024-06-01T00:00:00.000Z');

    // A lesson's slug column holds its key, unique in the course: chapter/lesson for imported ones.
    const enLessons = await db.select().from(lessons).where(eq(lessons.courseId, en!.id)).orderBy(asc(lessons.slug));
    expect(enLessons.map((l) => [l.slug, l.position, l.duration])).toEqual([
      ['bank-account/opening-an-account', 2, 6],
      ['bank-account/why-a-bank-account', 1, 8],
      ['fraud-safety/never-share-otp', 1, 5],
    ]);
    const why = enLessons.find((l) => l.slug === 'bank-account/why-a-bank-account')!;
    expect(why.id).toBe(stableId('lesson', 'money-basics', 'en', 'bank-account', 'why-a-bank-account'));
    expect(why.chapterId).toBe(stableId('chapter', 'money-basics', 'en', 'bank-account'));
    expect(why.content).toContain(
      '<a href="https://pmjdy.gov.in" target="_blank" rel="noopener noreferrer">Jan Dhan</a>',
    );
    expect(why.content).not.toMatch(/onerror|<script/);

    const [video] = await db.select().from(courseVideos).where(eq(courseVideos.courseId, en!.id));
    expect(video).toMatchObject({
      video: 'uploads/videos/welcome.webm',
      poster: 'uploads/videos/welcome-poster.svg',
      duration: 40,
      position: 1,
    });

    const quizId = stableId('quiz', 'money-basics', 'en', 'basics-check');
    const qs = await db.select().from(questions).where(eq(questions.quizId, quizId)).orderBy(asc(questions.position));
    expect(qs.map((q) => [q.slug, q.type])).toEqual([
      ['q1', 'single'],
      ['q2', 'multi'],
    ]);
    // An explanation is optional, kept trimmed; none is null.
    expect(qs.map((q) => q.explanation)).toEqual([
      'A bank never asks for your OTP: whoever asks is a fraudster.',
      null,
    ]);
    const q2Options = await db
      .select()
      .from(options)
      .where(eq(options.questionId, qs[1]!.id))
      .orderBy(asc(options.position));
    expect(q2Options.map((o) => [o.slug, o.isCorrect])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
    ]);

    // The Hindi version is its own row with its own ids.
    const [hi] = await db
      .select()
      .from(courses)
      .where(eq(courses.id, stableId('course', 'money-basics', 'hi')));
    expect(hi!.title).toBe('पैसे की समझ');
    expect(hi!.document).toBeNull();

    const [blog] = await db.select().from(blogs).where(eq(blogs.slug, 'blog-01'));
    expect(blog).toMatchObject({
      id: stableId('blog', 'blog-01'),
      title: 'Blog 01',
      author: 'Writer 1',
      readTime: 3,
      image: 'uploads/blogs/blog.svg',
      published: true,
    });
    expect(blog!.createdAt.toISOString()).toBe('2025-01-02T00:00:00.000Z');
    expect(blog!.description).not.toMatch(/script|javascript:|onclick/);
    expect(blog!.description).toContain('<oembed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></oembed>');
    // A file with published: false is a draft: an item staff can work on, never on the site.
    expect(await db.select().from(blogs).where(eq(blogs.slug, 'draft-post'))).toEqual([]);
    const [draft] = await db.select().from(contentItems).where(eq(contentItems.slug, 'draft-post'));
    expect(draft).toMatchObject({ kind: 'blog', owner: 'import', idSeed: 'draft-post', deletedAt: null });

    const [story] = await db.select().from(successStories).where(eq(successStories.slug, 'story-02'));
    expect(story).toMatchObject({ authorName: 'Author 2', isHighlighted: true, image: 'uploads/stories/story.svg' });
    expect(story!.description).not.toMatch(/iframe|evil\.example/);

    const titles = await db.select().from(galleryTitles).orderBy(asc(galleryTitles.position));
    expect(titles.map((t) => t.slug)).toEqual(['van-outreach', 'school-camps']);
    const vanImages = await db
      .select()
      .from(galleryImages)
      .where(eq(galleryImages.titleId, titles[0]!.id))
      .orderBy(asc(galleryImages.position));
    expect(vanImages.map((i) => [i.image, i.alt])).toEqual([
      ['uploads/gallery/van-1.svg', 'A van in a village square'],
      ['uploads/gallery/van-2.svg', 'People reading leaflets'],
    ]);
    const banners = await db.select().from(bannerItems).orderBy(asc(bannerItems.position));
    expect(banners.map((b) => [b.slug, b.subTitle, b.location])).toEqual([
      ['sath-sath', 'Learning together', 'Pune'],
      ['gaon-gaon', '', ''],
    ]);
    expect(await db.select().from(bannerImages)).toHaveLength(4);

    // Referenced files are copied under the same relative path.
    expect(fs.readFileSync(path.join(fixture.uploadsDir, 'gallery/van-1.svg'), 'utf8')).toContain('van-1.svg');
    expect(fs.existsSync(path.join(fixture.uploadsDir, 'courses/money-basics/handbook.pdf'))).toBe(true);
  });

  it('is idempotent: a second run creates, updates and copies nothing and leaves every row as it was', async () => {
    await run();
    const before = await snapshot();
    const uploaded = fs.statSync(path.join(fixture.uploadsDir, 'blogs/blog.svg')).mtimeMs;
    const { lines, log } = collectLog();
    const second = await run(log);
    expect(second).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 12,
      courses: { created: 0, updated: 0, unchanged: 2 },
      files: { copied: 0, unchanged: 13 },
    });
    expect(lines).toContain('imported course money-basics (en): 2 chapters, 3 lessons, 1 video, 1 quiz (unchanged)');
    expect(await snapshot()).toEqual(before);
    expect(fs.statSync(path.join(fixture.uploadsDir, 'blogs/blog.svg')).mtimeMs).toBe(uploaded);
  });

  it('updates in place after an edit and removes what was taken out of a file', async () => {
    await run();
    const before = await snapshot();
    const removedLesson = stableId('lesson', 'money-basics', 'en', 'bank-account', 'opening-an-account');
    const removedOption = stableId('option', 'money-basics', 'en', 'basics-check', 'q2', 'c');
    expect((before.lessons as { id: string }[]).some((l) => l.id === removedLesson)).toBe(true);

    fixture.write(
      'courses/money-basics/en.yaml',
      COURSE_EN.replace('title: Why a bank account', 'title: Why open a bank account')
        .replace(/ {6}- slug: opening-an-account\n(?: {8}.*\n)+?(?= {2}- slug: fraud-safety)/, '')
        .replace(/\n {10}- slug: c\n {12}content: Sharing your UPI PIN\n/, '\n'),
    );
    fixture.write(
      'blogs/blog-02.yaml',
      fixture.read('blogs/blog-02.yaml').replace('title: Blog 02', 'title: Blog two'),
    );
    fixture.write('files/gallery/van-2.svg', '<svg xmlns="http://www.w3.org/2000/svg"><text>new</text></svg>\n');

    const { lines, log } = collectLog();
    const result = await run(log);
    expect(result).toMatchObject({
      created: 0,
      updated: 2,
      unchanged: 10,
      courses: { updated: 1, unchanged: 1 },
      blogs: { updated: 1, unchanged: 2 },
      files: { copied: 1, unchanged: 12 },
    });
    expect(lines).toContain('imported course money-basics (en): 2 chapters, 2 lessons, 1 video, 1 quiz (updated)');

    const after = await snapshot();
    const lessonRows = after.lessons as { id: string; title: string; position: number; slug: string }[];
    expect(lessonRows.some((l) => l.id === removedLesson)).toBe(false);
    expect(
      lessonRows.find((l) => l.slug === 'bank-account/why-a-bank-account' && l.title.startsWith('Why open')),
    ).toBeTruthy();
    expect((after.options as { id: string }[]).some((o) => o.id === removedOption)).toBe(false);
    expect(after.options).toHaveLength((before.options as unknown[]).length - 1);

    const enId = stableId('course', 'money-basics', 'en');
    const hiId = stableId('course', 'money-basics', 'hi');
    const courseAt = (snap: Record<string, unknown[]>, id: string) =>
      (snap.courses as { id: string; updatedAt: Date; createdAt: Date }[]).find((c) => c.id === id)!;
    expect(courseAt(after, enId).updatedAt.getTime()).toBeGreaterThan(courseAt(before, enId).updatedAt.getTime());
    expect(courseAt(after, enId).createdAt).toEqual(courseAt(before, enId).createdAt);
    expect(courseAt(after, hiId)).toEqual(courseAt(before, hiId));
    expect(fs.readFileSync(path.join(fixture.uploadsDir, 'gallery/van-2.svg'), 'utf8')).toContain('new');

    // And the run after that is quiet again.
    expect(await run()).toMatchObject({ created: 0, updated: 0 });
  });

  it('survives two imports at the same time (two servers starting together)', async () => {
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.created + b.created).toBe(12);
    expect(a.unchanged + b.unchanged).toBe(12);
    expect(await database.db.select().from(courses)).toHaveLength(2);
  });
});

function writeHindi(f: Fixture) {
  f.write('stories/story-01.hi.yaml', storyHindiYaml(1));
  f.write('media/titles.hi.yaml', TITLES_HI);
  f.write('media/banners.hi.yaml', BANNERS_HI);
}

describe('translations of stories, gallery titles and banner items', () => {
  it('imports each as a language of its English item: the text translated, the pictures, date and place the English ones', async () => {
    writeHindi(fixture);
    const { lines, log } = collectLog();
    const result = await run(log);
    expect(result).toMatchObject({
      created: 15,
      stories: { created: 4 },
      galleryTitles: { created: 3 },
      banners: { created: 3 },
    });
    expect(lines).toContain('imported success story story-01 (hi) (created)');
    expect(lines).toContain('imported 3 media titles in 2 languages, 5 images (3 created, 0 updated, 0 unchanged)');
    const db = database.db;

    // Still one item per story, title and banner: the Hindi is a language of it, not an item of its own.
    const items = await db.select().from(contentItems).where(eq(contentItems.slug, 'story-01'));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'story', sourceLang: 'en', owner: 'import' });

    const [en] = await db
      .select()
      .from(successStories)
      .where(eq(successStories.id, stableId('story', 'story-01')));
    const [hi] = await db
      .select()
      .from(successStories)
      .where(eq(successStories.id, stableId('story', 'story-01', '@hi')));
    expect(hi).toMatchObject({
      slug: 'story-01',
      lang: 'hi',
      authorName: 'लेखक 1',
      imageAlt: 'लेखक 1 का चित्र',
      image: en!.image,
      isHighlighted: en!.isHighlighted,
      published: true,
    });
    expect(hi!.createdAt).toEqual(en!.createdAt);
    expect(hi!.description).toBe('<p>कहानी 1: मैंने खाता खोला और अब हर महीने बचत करती हूँ।</p>');
    expect(await db.select().from(successStories).where(eq(successStories.slug, 'story-02'))).toHaveLength(1);

    const titles = await db.select().from(galleryTitles).orderBy(asc(galleryTitles.lang), asc(galleryTitles.position));
    expect(titles.map((t) => [t.lang, t.slug, t.title, t.position])).toEqual([
      ['en', 'van-outreach', 'Financial literacy vans', 1],
      ['en', 'school-camps', 'School camps', 2],
      ['hi', 'van-outreach', 'वित्तीय साक्षरता वैन', 1],
    ]);
    const hiTitle = titles[2]!;
    expect(hiTitle.id).toBe(stableId('media-title', 'van-outreach', '@hi'));
    const hiImages = await db
      .select()
      .from(galleryImages)
      .where(eq(galleryImages.titleId, hiTitle.id))
      .orderBy(asc(galleryImages.position));
    expect(hiImages.map((i) => [i.image, i.alt])).toEqual([
      ['uploads/gallery/van-1.svg', 'गाँव के चौक में एक वैन'],
      ['uploads/gallery/van-2.svg', 'पर्चे पढ़ते लोग'],
    ]);
    const [hiBanner] = await db.select().from(bannerItems).where(eq(bannerItems.lang, 'hi'));
    expect(hiBanner).toMatchObject({
      slug: 'sath-sath',
      title: 'साथ साथ',
      subTitle: 'साथ मिलकर सीखना',
      location: 'पुणे',
      position: 1,
    });
    const hiBannerImages = await db
      .select()
      .from(bannerImages)
      .where(eq(bannerImages.bannerId, hiBanner!.id))
      .orderBy(asc(bannerImages.position));
    expect(hiBannerImages.map((i) => i.image)).toEqual(['uploads/banners/sath-1.svg', 'uploads/banners/sath-2.svg']);
  });

  it('changes nothing when imported twice, and updates only the language whose file changed', async () => {
    writeHindi(fixture);
    await run();
    const before = await snapshot();
    expect(await run()).toMatchObject({ created: 0, updated: 0, unchanged: 15 });
    expect(await snapshot()).toEqual(before);

    fixture.write('stories/story-01.hi.yaml', storyHindiYaml(1).replace('लेखक 1\n', 'सुनीता\n'));
    expect(await run()).toMatchObject({ created: 0, updated: 1, stories: { updated: 1 } });
    const rows = await database.db
      .select()
      .from(successStories)
      .where(eq(successStories.slug, 'story-01'))
      .orderBy(asc(successStories.lang));
    expect(rows.map((r) => [r.lang, r.authorName])).toEqual([
      ['en', 'Author 1'],
      ['hi', 'सुनीता'],
    ]);
  });

  it('keeps a translation off the site when its file, or else its English file, says published: false', async () => {
    fixture.write('stories/story-01.hi.yaml', storyHindiYaml(1, 'published: false\n'));
    fixture.write('stories/hidden-story.hi.yaml', storyHindiYaml(90));
    fixture.write('stories/story-02.hi.yaml', storyHindiYaml(2));
    await run();
    const hindi = await database.db.select().from(successStories).where(eq(successStories.lang, 'hi'));
    expect(hindi.map((r) => r.slug)).toEqual(['story-02']);
  });
});

describe('invalid content', () => {
  const ERRORS: [string, (f: Fixture) => void, string][] = [
    [
      'a field of the wrong type',
      (f) => f.write('courses/money-basics/en.yaml', COURSE_EN.replace('duration: 5\n', 'duration: five\n')),
      'sample-content/courses/money-basics/en.yaml: chapters[1].lessons[0].duration must be a whole number',
    ],
    [
      'a missing field',
      (f) => f.write('courses/money-basics/en.yaml', COURSE_EN.replace('    title: Safety from fraud\n', '')),
      'sample-content/courses/money-basics/en.yaml: chapters[1].title is required',
    ],
    [
      'an unknown field',
      (f) => f.write('blogs/blog-01.yaml', f.read('blogs/blog-01.yaml').replace('readTime:', 'readtime: 3\nreadTime:')),
      'sample-content/blogs/blog-01.yaml: readtime is not a known field (see docs/content-format.md)',
    ],
    [
      'a lang that does not match the file name',
      (f) =>
        f.write('courses/money-basics/hi.yaml', f.read('courses/money-basics/hi.yaml').replace('lang: hi', 'lang: en')),
      'sample-content/courses/money-basics/hi.yaml: lang "en" must match the file name (hi.yaml)',
    ],
    [
      'an unknown language',
      (f) =>
        f.write('courses/money-basics/hi.yaml', f.read('courses/money-basics/hi.yaml').replace('lang: hi', 'lang: xx')),
      'sample-content/courses/money-basics/hi.yaml: lang must be one of en, hi, bn, gj, kn, ml, mh, od, tm, tl',
    ],
    [
      'a file name that is not a language',
      (f) => f.write('courses/money-basics/hindi.yaml', f.read('courses/money-basics/hi.yaml')),
      'sample-content/courses/money-basics/hindi.yaml: file name must be a language code and .yaml (en.yaml, hi.yaml, ...)',
    ],
    [
      'a slug that does not match the folder',
      (f) =>
        f.write(
          'courses/money-basics/hi.yaml',
          f.read('courses/money-basics/hi.yaml').replace('slug: money-basics', 'slug: money-basic'),
        ),
      'sample-content/courses/money-basics/hi.yaml: slug "money-basic" must match the folder name (money-basics)',
    ],
    [
      'a badly formed slug',
      (f) => f.write('courses/money-basics/en.yaml', COURSE_EN.replace('slug: fraud-safety', 'slug: Fraud_Safety')),
      'sample-content/courses/money-basics/en.yaml: chapters[1].slug must be lowercase letters, digits and single hyphens (like money-basics)',
    ],
    [
      'a blog file name that is not a slug',
      (f) => f.write('blogs/My Post.yaml', f.read('blogs/blog-01.yaml')),
      'sample-content/blogs/My Post.yaml: file name must be the slug (lowercase letters, digits and hyphens) and .yaml',
    ],
    [
      'a repeated slug among siblings',
      (f) =>
        f.write(
          'courses/money-basics/en.yaml',
          COURSE_EN.replace('slug: opening-an-account', 'slug: why-a-bank-account'),
        ),
      'sample-content/courses/money-basics/en.yaml: chapters[0].lessons[1].slug "why-a-bank-account" is already used by chapters[0].lessons[0]',
    ],
    [
      'a single question with two correct options',
      (f) =>
        f.write(
          'courses/money-basics/en.yaml',
          COURSE_EN.replace(
            'content: The bank officer on the phone',
            'content: The bank officer on the phone\n            correct: true',
          ),
        ),
      'sample-content/courses/money-basics/en.yaml: quizzes[0].questions[0].options must have exactly one correct option for a single question (found 2)',
    ],
    [
      'a multi question with no correct option',
      (f) =>
        f.write(
          'courses/money-basics/en.yaml',
          COURSE_EN.replace(/(Calling 1930 after a fraud|Reporting at cybercrime.gov.in)\n {12}correct: true/g, '$1'),
        ),
      'sample-content/courses/money-basics/en.yaml: quizzes[0].questions[1].options must have at least one correct option for a multi question',
    ],
    [
      'a question with one option',
      (f) =>
        f.write(
          'courses/money-basics/hi.yaml',
          f.read('courses/money-basics/hi.yaml').replace(/\n {10}- slug: b\n.*\n$/, '\n'),
        ),
      'sample-content/courses/money-basics/hi.yaml: quizzes[0].questions[0].options must have at least 2 entries',
    ],
    [
      'a pass mark above 100',
      (f) => f.write('courses/money-basics/en.yaml', COURSE_EN.replace('passingCriteria: 60', 'passingCriteria: 160')),
      'sample-content/courses/money-basics/en.yaml: quizzes[0].passingCriteria must be at most 100',
    ],
    [
      'a referenced file that does not exist',
      (f) => f.remove('files/videos/welcome.webm'),
      'sample-content/courses/money-basics/en.yaml: videos[0].video names files/videos/welcome.webm, which does not exist',
    ],
    [
      'a file of the wrong kind',
      (f) =>
        f.write(
          'stories/story-01.yaml',
          f
            .read('stories/story-01.yaml')
            .replace('image: stories/story.svg', 'image: courses/money-basics/handbook.pdf'),
        ),
      'sample-content/stories/story-01.yaml: image must be an image file (.svg, .png, .jpg, .jpeg, .webp, .avif, .gif), not "courses/money-basics/handbook.pdf"',
    ],
    [
      'a path that leaves the files folder',
      (f) =>
        f.write(
          'blogs/blog-01.yaml',
          f.read('blogs/blog-01.yaml').replace('image: blogs/blog.svg', 'image: ../../etc/passwd.svg'),
        ),
      'sample-content/blogs/blog-01.yaml: image must be a path under sample-content/files, like blogs/upi.svg (letters, digits, . _ - and /)',
    ],
    [
      'a date that does not exist',
      (f) => f.write('blogs/blog-01.yaml', f.read('blogs/blog-01.yaml').replace(/date: .*/, 'date: 2025-02-30')),
      'sample-content/blogs/blog-01.yaml: date "2025-02-30" is not a real date',
    ],
    [
      'a date in another format',
      (f) => f.write('stories/story-01.yaml', f.read('stories/story-01.yaml').replace(/date: .*/, 'date: 01/02/2025')),
      'sample-content/stories/story-01.yaml: date must be a date written as YYYY-MM-DD',
    ],
    [
      'broken YAML',
      (f) => f.write('blogs/blog-02.yaml', 'title: [unclosed\n'),
      'sample-content/blogs/blog-02.yaml: is not valid YAML',
    ],
    [
      'an empty file',
      (f) => f.write('stories/story-02.yaml', ''),
      'sample-content/stories/story-02.yaml: the file must be a set of fields (name: value)',
    ],
    [
      'a banner with one image',
      (f) =>
        f.write(
          'media/banners.yaml',
          f.read('media/banners.yaml').replace(/ {4}- image: banners\/gaon-2.svg\n.*\n/, ''),
        ),
      'sample-content/media/banners.yaml: [1].images must have at least 2 entries',
    ],
    [
      'a repeated media title slug',
      (f) =>
        f.write('media/titles.yaml', f.read('media/titles.yaml').replace('slug: school-camps', 'slug: van-outreach')),
      'sample-content/media/titles.yaml: [1].slug "van-outreach" is already used by [0]',
    ],
    [
      'an unknown media file',
      (f) => f.write('media/photos.yaml', '[]\n'),
      'sample-content/media/photos.yaml: unknown file; the media folder holds titles.yaml and banners.yaml',
    ],
    [
      'a story translation in a language that is not one of the ten',
      (f) => f.write('stories/story-01.xx.yaml', storyHindiYaml(1)),
      'sample-content/stories/story-01.xx.yaml: "xx" is not a language code; a translation\'s must be one of hi, bn, gj, kn, ml, mh, od, tm, tl',
    ],
    [
      'a story translation named as English',
      (f) => f.write('stories/story-01.en.yaml', storyHindiYaml(1)),
      'sample-content/stories/story-01.en.yaml: English is the file sample-content/stories/story-01.yaml itself',
    ],
    [
      'a story translation without its English file',
      (f) => f.write('stories/story-77.hi.yaml', storyHindiYaml(77)),
      'sample-content/stories/story-77.hi.yaml: translates sample-content/stories/story-77.yaml, which does not exist',
    ],
    [
      'a story translation without a field',
      (f) => f.write('stories/story-01.hi.yaml', storyHindiYaml(1).replace(/imageAlt: .*\n/, '')),
      'sample-content/stories/story-01.hi.yaml: imageAlt is required',
    ],
    [
      'a story translation with its own picture',
      (f) => f.write('stories/story-01.hi.yaml', storyHindiYaml(1, 'image: stories/story.svg\n')),
      'sample-content/stories/story-01.hi.yaml: image is not a known field',
    ],
    [
      'a gallery translation with a slug the English file does not have',
      (f) => f.write('media/titles.hi.yaml', TITLES_HI.replace('slug: van-outreach', 'slug: van-tours')),
      'sample-content/media/titles.hi.yaml: [0].slug "van-tours" is not in sample-content/media/titles.yaml',
    ],
    [
      'a gallery translation with another image',
      (f) => f.write('media/titles.hi.yaml', TITLES_HI.replace('gallery/van-2.svg', 'gallery/camp-1.svg')),
      'sample-content/media/titles.hi.yaml: [0].images[1].image "gallery/camp-1.svg" must be the English file\'s image, "gallery/van-2.svg" (sample-content/media/titles.yaml [0].images[1])',
    ],
    [
      'a gallery translation with an image left out',
      (f) => f.write('media/titles.hi.yaml', TITLES_HI.replace(/ {4}- image: gallery\/van-2.svg\n.*\n/, '')),
      'sample-content/media/titles.hi.yaml: [0].images must be the 2 images of sample-content/media/titles.yaml [0], in the same order (found 1)',
    ],
    [
      'a gallery translation without a title',
      (f) => f.write('media/titles.hi.yaml', TITLES_HI.replace(/ {2}title: .*\n/, '')),
      'sample-content/media/titles.hi.yaml: [0].title is required',
    ],
    [
      'a banner translation without the subtitle its English entry has',
      (f) => f.write('media/banners.hi.yaml', BANNERS_HI.replace(/ {2}subTitle: .*\n/, '')),
      'sample-content/media/banners.hi.yaml: [0].subTitle is required (sample-content/media/banners.yaml [0] has one)',
    ],
    [
      'a banner translation in a language that is not one of the ten',
      (f) => f.write('media/banners.hindi.yaml', BANNERS_HI),
      'sample-content/media/banners.hindi.yaml: "hindi" is not a language code',
    ],
    [
      'a banner translation without its English file',
      (f) => {
        f.remove('media/banners.yaml');
        f.write('media/banners.hi.yaml', BANNERS_HI);
      },
      'sample-content/media/banners.hi.yaml: translates sample-content/media/banners.yaml, which does not exist',
    ],
  ];

  it.each(ERRORS)('names the file and field of %s, and writes nothing', async (_name, breakIt, message) => {
    breakIt(fixture);
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentValidationError);
    const errors = (error as ContentValidationError).errors;
    expect(
      errors.some((e) => e.startsWith(message)),
      `${message}\nnot in:\n${errors.join('\n')}`,
    ).toBe(true);
    expect((error as Error).message).toContain(message);
    expect(await database.db.select().from(courses)).toHaveLength(0);
    expect(await database.db.select().from(blogs)).toHaveLength(0);
    expect(fs.existsSync(fixture.uploadsDir)).toBe(false);
  });

  it('reports every problem of every file together', async () => {
    const chosen = [0, 2, 3, 18, 21].map((i) => ERRORS[i]!);
    for (const [, breakIt] of chosen) breakIt(fixture);
    const error = (await run().catch((e: unknown) => e)) as ContentValidationError;
    for (const [, , message] of chosen)
      expect(
        error.errors.some((e) => e.startsWith(message)),
        message,
      ).toBe(true);
    expect(await snapshot()).toEqual(Object.fromEntries(Object.keys(TABLES).map((k) => [k, []])));
  });

  it('leaves stored content alone when a later import is invalid', async () => {
    await run();
    const before = await snapshot();
    fixture.write('blogs/blog-01.yaml', fixture.read('blogs/blog-01.yaml').replace('title: Blog 01', 'title: Changed'));
    fixture.write('courses/money-basics/en.yaml', COURSE_EN.replace('duration: 60', 'duration: -1'));
    await expect(run()).rejects.toThrow(/en\.yaml: duration must be at least 0/);
    expect(await snapshot()).toEqual(before);
  });

  it('reports a missing content folder', async () => {
    await expect(
      importContent({
        db: database.db,
        contentDir: path.join(fixture.root, 'nowhere'),
        uploadsDir: fixture.uploadsDir,
        log: silentLog,
      }),
    ).rejects.toThrow(/content folder not found/);
  });
});

describe('importContentIfEmpty', () => {
  const options = () => ({
    db: database.db,
    contentDir: fixture.contentDir,
    uploadsDir: fixture.uploadsDir,
    log: silentLog,
  });

  it('fills an empty database and leaves one with content alone', async () => {
    const first = await importContentIfEmpty(options());
    expect(first?.created).toBe(12);
    fixture.write('blogs/blog-01.yaml', fixture.read('blogs/blog-01.yaml').replace('title: Blog 01', 'title: Changed'));
    expect(await importContentIfEmpty(options())).toBeUndefined();
    const [blog] = await database.db.select().from(blogs).where(eq(blogs.slug, 'blog-01'));
    expect(blog!.title).toBe('Blog 01');
  });

  it('counts a database with only a story as not empty', async () => {
    await database.db
      .insert(successStories)
      .values({ slug: 'staff-story', authorName: 'Staff', image: 'uploads/x.svg', description: '<p>x</p>' });
    expect(await importContentIfEmpty(options())).toBeUndefined();
    expect(await database.db.select().from(courses)).toHaveLength(0);
  });

  it('refuses to overwrite a row that has the same slug but was not made by the import', async () => {
    await database.db.insert(blogs).values({
      slug: 'blog-01',
      title: 'Staff post',
      author: 'Staff',
      image: 'uploads/x.svg',
      description: '<p>x</p>',
    });
    await expect(run()).rejects.toThrow(/A blog with slug blog-01 \(en\) already exists with another id/);
    const [blog] = await database.db.select().from(blogs).where(eq(blogs.slug, 'blog-01'));
    expect(blog!.title).toBe('Staff post');
  });
});
