import { createHash, webcrypto } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PackKey, PackManifest, SignedPackManifest } from '../../../contract/packs';
import { courses, lessons } from '../../db/schema/courses';
import { createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { testAppPerFile } from '../../test/test-app';
import { uploadDepsFromConfig } from '../uploads/service';
import { picturesIn } from './service';

const t = testAppPerFile();
let course: CourseFixture;
const picture = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
const video = Buffer.alloc(300_000, 7);

beforeAll(async () => {
  course = await createCourseFixture(t.app.db);
  const { storage } = uploadDepsFromConfig(t.app.config);
  // The fixture's cover and the video; its poster is left missing, as a lost file would be.
  await storage.put('courses/cover.svg', picture, 'image/svg+xml');
  await storage.put('videos/welcome.webm', video, 'video/webm');
  await storage.put('by-hash/ab/lesson-picture.svg', picture, 'image/svg+xml');
  await t.app.db
    .update(lessons)
    .set({
      content:
        '<p>Look:</p><img src="/uploads/by-hash/ab/lesson-picture.svg" alt="A bank passbook"><img src="https://elsewhere.example/a.png" alt="">',
    })
    .where(eq(lessons.id, course.lessonIds.chapter1[0]));
  t.app.publicCaches.clearAll();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function manifestOf(url = `/api/packs/en/${course.courseId}`) {
  const answer = await get(url);
  expect(answer.statusCode, answer.body).toBe(200);
  const signed = answer.json() as SignedPackManifest;
  return { signed, manifest: JSON.parse(signed.manifest) as PackManifest, answer };
}

/** Verifies as the phone does: the key from the server, Web Crypto, the signed text's own bytes. */
async function verifies(signed: SignedPackManifest): Promise<boolean> {
  const key = (await get('/api/packs/key')).json() as PackKey;
  expect(key.keyId).toBe(signed.keyId);
  const publicKey = await webcrypto.subtle.importKey(
    'jwk',
    key.publicKey,
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  return webcrypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    publicKey,
    Buffer.from(signed.signature, 'base64url'),
    new TextEncoder().encode(signed.manifest),
  );
}

describe('a course pack', () => {
  it('lists every file the course needs offline, each with the size and hash of what its address answers', async () => {
    const { manifest, answer } = await manifestOf();
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(manifest).toMatchObject({
      format: 1,
      course: { id: course.courseId, lang: 'en', slug: course.slug },
      withVideos: false,
    });
    const urls = manifest.files.map((file) => file.url);
    expect(urls).toEqual([
      `/api/course/public/en/${course.courseId}`,
      `/api/chapter/public/en/${course.courseId}/chapters/${course.chapterIds[0]}`,
      `/api/chapter/public/en/${course.courseId}/chapters/${course.chapterIds[1]}`,
      ...course.quizzes.map((quiz) => `/api/quiz/public/en/${course.courseId}/quiz/${quiz.id}`),
      '/uploads/courses/cover.svg',
      '/uploads/by-hash/ab/lesson-picture.svg',
    ]);
    for (const file of manifest.files) {
      const body = (await get(file.url)).rawPayload;
      expect(file.size, file.url).toBe(body.length);
      expect(file.sha256, file.url).toBe(createHash('sha256').update(body).digest('hex'));
    }
    const sum = (kind: string) => manifest.files.filter((f) => f.kind === kind).reduce((n, f) => n + f.size, 0);
    // This course has no voices (its rows were written without authoring, so nothing voiced them).
    expect(manifest.sizes).toEqual({ text: sum('text'), pictures: sum('picture'), videos: video.length, audio: 0 });
    // No quiz file says which options are right.
    for (const file of manifest.files.filter((f) => f.url.includes('/quiz/'))) {
      expect((await get(file.url)).body).not.toMatch(/correct|isCorrect/i);
    }
  });

  it('holds the videos when asked, in the same version', async () => {
    const without = (await manifestOf()).manifest;
    const { manifest } = await manifestOf(`/api/packs/en/${course.courseId}?videos=true`);
    expect(manifest.withVideos).toBe(true);
    expect(manifest.files.filter((file) => file.kind === 'video')).toEqual([
      {
        url: '/uploads/videos/welcome.webm',
        kind: 'video',
        size: video.length,
        sha256: createHash('sha256').update(video).digest('hex'),
      },
    ]);
    expect(manifest.version).toBe(without.version);
  });

  it('is signed: the phone verifies the manifest with the server’s key, and a changed byte fails', async () => {
    const { signed } = await manifestOf();
    expect(await verifies(signed)).toBe(true);
    const tampered = signed.manifest.replace(/"size":(\d+)/, (_, n: string) => `"size":${Number(n) + 1}`);
    expect(tampered).not.toBe(signed.manifest);
    expect(await verifies({ ...signed, manifest: tampered })).toBe(false);
  });

  it('has a new version when the course is published again with a change, and the same one otherwise', async () => {
    const before = (await manifestOf()).manifest;
    expect((await manifestOf()).manifest.version).toBe(before.version);
    await t.app.db
      .update(lessons)
      .set({ content: '<p>Why, said again.</p>' })
      .where(eq(lessons.id, course.lessonIds.chapter1[1]));
    t.app.publicCaches.changed({ kind: 'course', lang: 'en' });
    const after = (await manifestOf()).manifest;
    expect(after.version).not.toBe(before.version);
    const changed = after.files.filter((file, i) => file.sha256 !== before.files[i]!.sha256).map((file) => file.url);
    expect(changed).toEqual([`/api/chapter/public/en/${course.courseId}/chapters/${course.chapterIds[0]}`]);
  });

  it('is 404 for a course not published in the language, and 400 for a malformed id', async () => {
    const draft = await createCourseFixture(t.app.db, { published: false });
    expect((await get(`/api/packs/en/${draft.courseId}`)).json()).toMatchObject({ code: 'courseNotFound' });
    expect((await get(`/api/packs/hi/${course.courseId}`)).statusCode).toBe(404);
    expect((await get(`/api/packs/xx/${course.courseId}`)).statusCode).toBe(404);
    expect((await get('/api/packs/en/not-a-course')).statusCode).toBe(400);
    await t.app.db.update(courses).set({ published: false }).where(eq(courses.id, draft.courseId));
  });
});

describe('the pictures a lesson shows', () => {
  it('are its img elements’ sources, in either quote', () => {
    expect(picturesIn(`<p>a</p><img alt="x" src="/uploads/a.webp"><IMG SRC='uploads/b.svg' /><image src="c">`)).toEqual(
      ['/uploads/a.webp', 'uploads/b.svg'],
    );
  });
});
