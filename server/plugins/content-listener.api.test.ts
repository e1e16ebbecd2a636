// A change announced in a committed transaction empties the public caches that hold its kind of
// content, on this instance and (on PostgreSQL) on every other one, within a second; a rolled-back
// one empties nothing; a lost listening connection, once back, empties everything. The apps here
// keep answers as outside tests (NODE_ENV=development: ten seconds), so a read that shows a change
// made without an announcement proves the cache was emptied, not that it expired.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { listenOnPostgres, openDatabase, type Database, type Db } from '../db/client';
import { blogs } from '../db/schema/blogs';
import { courses, quizzes } from '../db/schema/courses';
import { bannerItems } from '../db/schema/banners';
import { galleryTitles } from '../db/schema/gallery';
import { successStories } from '../db/schema/success-stories';
import { announceContentChange, CONTENT_CHANNEL, type ContentChange } from '../lib/content-changes';
import { createCourseFixture, type CourseFixture } from '../test/course-fixture';
import { captureLog, type LogCapture } from '../test/log-capture';
import { freePort, waitFor } from '../test/ports';
import { relayTo } from '../test/relay';
import { createTestApp, testConfig, type TestApp } from '../test/test-app';

/** What caching apps keep an answer for (publicCacheMs outside tests). */
const TTL_MS = 10_000;

const announce = (db: Db, change: ContentChange) => db.transaction(async (tx) => announceContentChange(tx, change));

async function announceAndRollBack(db: Db, change: ContentChange) {
  await expect(
    db.transaction(async (tx) => {
      await announceContentChange(tx, change);
      tx.rollback();
    }),
  ).rejects.toThrow(/rollback/i);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The titles the public reads of an app show now. */
function reads(app: FastifyInstance, ids: { blogId: string; storyId: string; course: CourseFixture }) {
  const json = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  const { courseId, quizzes: courseQuizzes } = ids.course;
  return {
    blogList: async () => (await json('/api/blog/public')).response.rows[0].title as string,
    blogRecent: async () => (await json('/api/blog/public/recent')).response[0].title as string,
    blog: async () => (await json(`/api/blog/public/${ids.blogId}`)).response.title as string,
    story: async () => (await json(`/api/successstories/public/${ids.storyId}`)).response.authorName as string,
    storyList: async () => (await json('/api/successstories/public')).response.rows[0].authorName as string,
    galleryTitles: async () => (await json('/api/media/public/titles')).media[0].title as string,
    banner: async () => (await json('/api/media/public/banner')).media[0].title as string,
    courseList: async () => (await json('/api/course/public?lang=en')).courses[0].title as string,
    course: async () => (await json(`/api/course/public/en/${courseId}`)).course_en.title as string,
    quiz: async () =>
      (await json(`/api/quiz/public/en/${courseId}/quiz/${courseQuizzes[0]!.id}`)).quiz_en.title as string,
  };
}

async function seed(db: Db) {
  const [blog] = await db
    .insert(blogs)
    .values({
      slug: 'upi-safety',
      title: 'Blog 1',
      description: '<p>Never share your PIN.</p>',
      image: 'uploads/blogs/upi.png',
      author: 'Asha',
    })
    .returning({ id: blogs.id });
  const [story] = await db
    .insert(successStories)
    .values({
      slug: 'sunita',
      authorName: 'Story 1',
      image: 'uploads/stories/sunita.png',
      description: '<p>Her first account.</p>',
    })
    .returning({ id: successStories.id });
  await db.insert(galleryTitles).values({ slug: 'camp', title: 'Gallery 1', position: 1 });
  await db.insert(bannerItems).values({ slug: 'camp', title: 'Banner 1', position: 1 });
  const course = await createCourseFixture(db, { title: 'Course 1' });
  return { blogId: blog!.id, storyId: story!.id, course };
}

/** Changes every title without announcing anything: a cached read goes on showing the old one. */
async function retitle(db: Db, ids: Awaited<ReturnType<typeof seed>>, n: number) {
  await db
    .update(blogs)
    .set({ title: `Blog ${n}` })
    .where(eq(blogs.id, ids.blogId));
  await db
    .update(successStories)
    .set({ authorName: `Story ${n}` })
    .where(eq(successStories.id, ids.storyId));
  await db.update(galleryTitles).set({ title: `Gallery ${n}` });
  await db.update(bannerItems).set({ title: `Banner ${n}` });
  await db
    .update(courses)
    .set({ title: `Course ${n}` })
    .where(eq(courses.id, ids.course.courseId));
  await db
    .update(quizzes)
    .set({ title: `Quiz ${n}` })
    .where(eq(quizzes.courseId, ids.course.courseId));
}

describe('public caches and content changes', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof seed>>;
  let read: ReturnType<typeof reads>;
  const log = captureLog();
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'development' }, { logger: log.logger });
    ids = await seed(t.app.db);
    read = reads(t.app, ids);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps every public read until its kind of content is announced in a committed transaction', async () => {
    const cachedAt = Date.now();
    const before = {
      blogList: 'Blog 1',
      blogRecent: 'Blog 1',
      blog: 'Blog 1',
      story: 'Story 1',
      storyList: 'Story 1',
      galleryTitles: 'Gallery 1',
      banner: 'Banner 1',
      courseList: 'Course 1',
      course: 'Course 1',
    };
    for (const [name, title] of Object.entries(before))
      expect(await read[name as keyof typeof before](), name).toBe(title);
    const quizBefore = await read.quiz();
    await retitle(t.app.db, ids, 2);
    for (const [name, title] of Object.entries(before))
      expect(await read[name as keyof typeof before](), `${name} cached`).toBe(title);

    // A blog announced: every blog read shows the change within a second, the others keep theirs.
    await announce(t.app.db, { kind: 'blog', lang: null });
    await waitFor(async () => (await read.blogList()) === 'Blog 2', 1000, 'the blog list to show the change');
    expect(await read.blogRecent()).toBe('Blog 2');
    expect(await read.blog()).toBe('Blog 2');
    expect(await read.story()).toBe('Story 1');
    expect(await read.galleryTitles()).toBe('Gallery 1');
    expect(await read.course()).toBe('Course 1');

    await announce(t.app.db, { kind: 'story', lang: null });
    await waitFor(async () => (await read.story()) === 'Story 2', 1000, 'the story to show the change');
    expect(await read.storyList()).toBe('Story 2');
    expect(await read.galleryTitles()).toBe('Gallery 1');

    await announce(t.app.db, { kind: 'gallery', lang: null });
    await waitFor(async () => (await read.galleryTitles()) === 'Gallery 2', 1000, 'the gallery to show the change');
    expect(await read.banner()).toBe('Banner 1');
    await announce(t.app.db, { kind: 'banner', lang: null });
    await waitFor(async () => (await read.banner()) === 'Banner 2', 1000, 'the banner to show the change');
    expect(await read.course()).toBe('Course 1');

    // A course in one language: the course reads and its quizzes.
    await announce(t.app.db, { kind: 'course', lang: 'en' });
    await waitFor(async () => (await read.course()) === 'Course 2', 1000, 'the course to show the change');
    expect(await read.courseList()).toBe('Course 2');
    expect(await read.quiz()).toBe('Quiz 2');
    expect(quizBefore).not.toBe('Quiz 2');
    // Every "still cached" answer above was read well inside the caches' lifetime.
    expect(Date.now() - cachedAt).toBeLessThan(TTL_MS);
  });

  it('keeps them when the announcing transaction is rolled back', async () => {
    const cachedAt = Date.now();
    expect(await read.blog()).toBe('Blog 2');
    expect(await read.course()).toBe('Course 2');
    await retitle(t.app.db, ids, 3);
    await announceAndRollBack(t.app.db, { kind: 'blog', lang: null });
    await announceAndRollBack(t.app.db, { kind: 'course', lang: null });
    await sleep(1000);
    expect(await read.blog()).toBe('Blog 2');
    expect(await read.course()).toBe('Course 2');
    expect(Date.now() - cachedAt).toBeLessThan(TTL_MS);
  });

  it('empties every cache on a notification it does not understand, and says so', async () => {
    const cachedAt = Date.now();
    const cached = [await read.blog(), await read.course(), await read.galleryTitles()];
    await retitle(t.app.db, ids, 4);
    expect([await read.blog(), await read.course(), await read.galleryTitles()]).toEqual(cached);
    await t.app.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, 'not a change')`);
    await waitFor(async () => (await read.blog()) === 'Blog 4', 1000, 'the blog to show the change');
    expect(await read.course()).toBe('Course 4');
    expect(await read.galleryTitles()).toBe('Gallery 4');
    expect(Date.now() - cachedAt).toBeLessThan(TTL_MS);
    expect(log.matching(/^content change not understood/)).toHaveLength(1);
  });

  it('starts when the database it listens on is away, and reports the loss', async () => {
    const away = captureLog();
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/jgk`;
    // Were the first failed attempt to hold up the start, buildApp would not return.
    const app = await buildApp({
      config: testConfig({ NODE_ENV: 'development' }),
      db: t.app.db,
      listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
      logger: away.logger,
    });
    try {
      expect(log.matching(/^not listening for content changes/)).toHaveLength(0);
      expect(away.matching(/^not listening for content changes/)).toHaveLength(1);
      expect((await app.inject({ method: 'GET', url: `/api/blog/public/${ids.blogId}` })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('registers every cache with the kinds of content it holds', () => {
    const caches = Object.fromEntries(t.app.publicCaches.list().map(({ name, kinds }) => [name, [...kinds].sort()]));
    expect(caches).toMatchObject({
      courses: ['course'],
      quizzes: ['course'],
      blogs: ['blog'],
      stories: ['story'],
      gallery: ['gallery'],
      banner: ['banner'],
    });
    expect(() => t.app.publicCaches.create({ name: 'blogs', kinds: ['blog'], maxEntries: 1 })).toThrow(
      /exists already/,
    );
    expect(() => t.app.publicCaches.create({ name: 'nothing', kinds: [], maxEntries: 1 })).toThrow(/kinds of content/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances on one PostgreSQL database', () => {
  let t: TestApp;
  let other: Database;
  let otherApp: FastifyInstance;
  let ids: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'development' });
    other = await openDatabase({ databaseUrl: t.database.url!, poolSize: 2 });
    otherApp = await buildApp({
      config: testConfig({ NODE_ENV: 'development' }),
      db: other.db,
      listen: other.listen,
      logger: false,
    });
    ids = await seed(t.app.db);
  });
  afterAll(async () => {
    await otherApp.close();
    await other.close();
    await t.close();
  });

  it('empties the other instance caches when one announces a change, and not when it rolls back', async () => {
    const cachedAt = Date.now();
    const mine = reads(t.app, ids);
    const theirs = reads(otherApp, ids);
    expect(await theirs.blog()).toBe('Blog 1');
    expect(await mine.blog()).toBe('Blog 1');
    await retitle(t.app.db, ids, 2);
    await announceAndRollBack(t.app.db, { kind: 'blog', lang: null });
    await sleep(1000);
    expect(await theirs.blog()).toBe('Blog 1');
    await announce(t.app.db, { kind: 'blog', lang: null });
    await waitFor(async () => (await theirs.blog()) === 'Blog 2', 1000, 'the other instance to show the change');
    await waitFor(async () => (await mine.blog()) === 'Blog 2', 1000, 'this instance to show the change');
    expect(Date.now() - cachedAt).toBeLessThan(TTL_MS);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('listening through a database restart', () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let app: FastifyInstance;
  let ids: Awaited<ReturnType<typeof seed>>;
  let log: LogCapture;
  beforeAll(async () => {
    t = await createTestApp();
    const url = new URL(t.database.url!);
    relay = await relayTo({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    const relayed = url.toString();
    log = captureLog();
    // The listening connection goes through the relay, so cutting it is a restart as this instance sees it.
    app = await buildApp({
      config: testConfig({ NODE_ENV: 'development' }),
      db: t.app.db,
      listen: (channel, handlers) => listenOnPostgres(relayed, channel, handlers),
      logger: log.logger,
    });
    ids = await seed(t.app.db);
  });
  afterAll(async () => {
    await app.close();
    await relay.down().catch(() => {});
    await t.close();
  });

  it('empties every cache once it listens again, and hears announcements after', async () => {
    const read = reads(app, ids);
    const cachedAt = Date.now();
    expect(await read.blog()).toBe('Blog 1');
    expect(await read.course()).toBe('Course 1');
    await relay.down();
    await waitFor(
      () => log.matching(/^not listening for content changes/).length === 1,
      2000,
      'the listener to notice',
    );
    await retitle(t.app.db, ids, 2);
    // Announced while this instance cannot hear it.
    await announce(t.app.db, { kind: 'blog', lang: null });
    await sleep(300);
    expect(await read.blog()).toBe('Blog 1');
    await relay.up();
    await waitFor(async () => (await read.blog()) === 'Blog 2', 3000, 'the caches to be emptied on reconnecting');
    expect(await read.course()).toBe('Course 2');
    expect(log.matching(/^listening for content changes again/)).toHaveLength(1);
    expect(Date.now() - cachedAt).toBeLessThan(TTL_MS);

    // And it listens again: the next announcement arrives as before.
    expect(await read.story()).toBe('Story 2');
    await retitle(t.app.db, ids, 3);
    await announce(t.app.db, { kind: 'story', lang: null });
    await waitFor(async () => (await read.story()) === 'Story 3', 1000, 'an announcement after reconnecting');
    expect(log.matching(/^not listening for content changes/)).toHaveLength(1);
  });
});
