// The media library through HTTP: who may do what, uploads checked from their bytes and kept once,
// photos without their metadata, text alternatives per language, where a file is used, and deletes
// refused while it is.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageBody } from '../../../contract/messages';
import { auditLog } from '../../db/schema/audit';
import { blogs } from '../../db/schema/blogs';
import { courseVideos, courses, lessons } from '../../db/schema/courses';
import { bannerImages, bannerItems } from '../../db/schema/banners';
import { galleryImages, galleryTitles } from '../../db/schema/gallery';
import { successStories } from '../../db/schema/success-stories';
import { mediaFiles } from '../../db/schema/media-library';
import { createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { signInAs, signInAsStaff, type SignedIn } from '../../test/sign-in';
import { testAppPerFile } from '../../test/test-app';
import { MAX_BYTES } from '../../../contract/media-rules';
import { uploadDepsFromConfig } from '../uploads/service';
import { uploadMedia } from './service';
import { courseBody, staffApi } from '../authoring/authoring-test-helpers';
import { mp4, pdf, phoneJpeg, photo, simpleSvg } from '../uploads/upload-test-files';

const t = testAppPerFile();

let admin: SignedIn;
let editor: SignedIn;
let translator: SignedIn;
let analyst: SignedIn;
let learner: SignedIn;

beforeAll(async () => {
  admin = await signInAsStaff(t.app, ['admin'], { name: 'Asha Admin' });
  editor = await signInAsStaff(t.app, ['editor'], { name: 'Esha Editor' });
  translator = await signInAsStaff(t.app, ['translator'], { languages: ['hi'], name: 'Meena Translator' });
  analyst = await signInAsStaff(t.app, ['analyst']);
  learner = await signInAs(t.app);
});

type Kind = 'image' | 'document' | 'video';

function form(bytes: Uint8Array, filename: string, type = 'application/octet-stream'): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return body;
}

const upload = (who: SignedIn | undefined, kind: Kind, bytes: Uint8Array, filename: string, type?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/media?kind=${kind}`,
    headers: who?.headers,
    payload: form(bytes, filename, type),
  });

const get = (who: SignedIn | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers });

const patchAlt = (who: SignedIn | undefined, id: string, alt: Record<string, string>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/staff/media/${id}`,
    headers: { ...who?.headers, 'content-type': 'application/json' },
    payload: { alt },
  });

const remove = (who: SignedIn | undefined, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/staff/media/${id}`, headers: who?.headers });

/** Uploads as the editor and gives the stored file (201 or 200). */
async function uploaded(kind: Kind, bytes: Uint8Array, filename: string) {
  const res = await upload(editor, kind, bytes, filename);
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json().file as MediaFileBody;
}

interface MediaFileBody {
  id: string;
  kind: Kind;
  format: string;
  originalName: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  path: string;
  variants: { path: string; contentType: string; bytes: number; width?: number; height?: number }[];
  alt: Record<string, string>;
  uploadedBy: { id: string; name: string } | null;
}

/** A stored file as the site serves it. */
const served = (filePath: string) => t.app.inject({ method: 'GET', url: `/${filePath}` });

const storedFile = (filePath: string) => path.join(t.config.uploadsDir, filePath.replace(/^uploads\//, ''));

/** Files left in the scratch folder where documents and videos arrive. */
function scratchFiles(): string[] {
  const dir = path.join(t.config.dataDir, 'tmp', 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function auditOf(id: string) {
  return t.app.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);
}

describe('who may use the media library', () => {
  const fakeId = '00000000-0000-4000-8000-000000000000';
  const calls = [
    ['POST', '/api/staff/media?kind=image'],
    ['GET', '/api/staff/media'],
    ['GET', `/api/staff/media/${fakeId}`],
    ['PATCH', `/api/staff/media/${fakeId}`],
    ['DELETE', `/api/staff/media/${fakeId}`],
  ] as const;
  const call = (who: SignedIn | undefined, [method, url]: (typeof calls)[number]) =>
    method === 'POST'
      ? t.app.inject({ method, url, headers: who?.headers, payload: form(Buffer.from('x'), 'a.jpg') })
      : t.app.inject({
          method,
          url,
          headers: { ...who?.headers, ...(method === 'PATCH' ? { 'content-type': 'application/json' } : {}) },
          ...(method === 'PATCH' ? { payload: { alt: { hi: 'x' } } } : {}),
        });

  it('nobody without a session (401), no learner (403, staff only) and no analyst (403)', async () => {
    for (const route of calls) {
      expect((await call(undefined, route)).json(), route.join(' ')).toEqual(messageBody('signInRequired'));
      const asLearner = await call(learner, route);
      expect([asLearner.statusCode, asLearner.json()], route.join(' ')).toEqual([403, messageBody('staffOnly')]);
      const asAnalyst = await call(analyst, route);
      expect([asAnalyst.statusCode, asAnalyst.json()], route.join(' ')).toEqual([403, messageBody('roleNotAllowed')]);
    }
  });

  it('translators read the library and set text alternatives, but neither upload nor delete', async () => {
    expect((await call(translator, calls[0])).json()).toEqual(messageBody('roleNotAllowed'));
    expect((await call(translator, calls[4])).json()).toEqual(messageBody('roleNotAllowed'));
    expect((await call(translator, calls[1])).statusCode).toBe(200);
    expect((await call(translator, calls[2])).json()).toEqual(messageBody('mediaNotFound'));
    expect((await call(translator, calls[3])).json()).toEqual(messageBody('mediaNotFound'));
  });
});

describe('uploading', () => {
  it('stores a phone photo as WebP copies without its GPS position, camera or owner', async () => {
    const jpeg = await phoneJpeg(2000, 1500);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(editor, 'image', jpeg, 'IMG_20261102_094100.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const { file, repeat, warnings } = res.json() as { file: MediaFileBody; repeat: boolean; warnings: string[] };
    expect({ repeat, warnings }).toEqual({ repeat: false, warnings: [] });
    expect(file).toMatchObject({
      kind: 'image',
      format: 'jpeg',
      originalName: 'IMG_20261102_094100.jpg',
      bytes: jpeg.length,
      width: 2000,
      height: 1500,
      durationSeconds: null,
      alt: {},
      uploadedBy: { id: editor.userId, name: 'Esha Editor' },
    });
    expect(file.variants.map((variant) => [variant.width, variant.height, variant.contentType])).toEqual([
      [1280, 960, 'image/webp'],
      [640, 480, 'image/webp'],
      [320, 240, 'image/webp'],
    ]);
    expect(file.path).toBe(file.variants[0]!.path);

    for (const variant of file.variants) {
      expect(variant.path).toMatch(/^uploads\/by-hash\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
      const res = await served(variant.path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(res.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.exif, metadata.xmp, metadata.icc]).toEqual([
        'webp',
        variant.width,
        undefined,
        undefined,
        undefined,
      ]);
      expect(res.rawPayload.includes('PhoneMaker')).toBe(false);
      expect(res.rawPayload.includes('Kamala Devi')).toBe(false);
    }

    const [entry] = await auditOf(file.id);
    expect(entry).toMatchObject({
      action: 'media.upload',
      entityKind: 'media',
      actorId: editor.userId,
      actorName: 'Esha Editor',
      before: null,
    });
    expect(entry!.after).toMatchObject({
      kind: 'image',
      format: 'jpeg',
      originalName: 'IMG_20261102_094100.jpg',
      bytes: jpeg.length,
    });
  });

  it('keeps a file once: the same bytes uploaded again, under another name, answer the stored file', async () => {
    const jpeg = await photo(800, 600);
    const first = await upload(editor, 'image', jpeg, 'school-visit.jpg');
    expect(first.statusCode).toBe(201);
    const filesAfterFirst = fs.readdirSync(t.config.uploadsDir, { recursive: true }).length;

    const again = await upload(admin, 'image', jpeg, 'copy of school-visit (2).jpg');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      repeat: true,
      file: { id: first.json().file.id, originalName: 'school-visit.jpg', variants: first.json().file.variants },
    });
    expect(fs.readdirSync(t.config.uploadsDir, { recursive: true }).length).toBe(filesAfterFirst);
    expect((await get(editor, '/api/staff/media?q=school-visit')).json()).toMatchObject({
      total: 1,
      rows: [{ id: first.json().file.id }],
    });
    // Nothing was written, so nothing was audited.
    expect((await auditOf(first.json().file.id)).map((entry) => entry.action)).toEqual(['media.upload']);
  });

  it('stores a PDF document, and an MP4 video with how long it plays', async () => {
    const document = await uploaded('document', await pdf(), 'savings-handbook.pdf');
    expect(document).toMatchObject({
      kind: 'document',
      format: 'pdf',
      width: null,
      durationSeconds: null,
      variants: [{ contentType: 'application/pdf' }],
    });
    expect(document.path).toMatch(/^uploads\/by-hash\/.+\.pdf$/);
    expect((await served(document.path)).statusCode).toBe(200);

    const video = await uploaded('video', mp4(undefined, undefined, 4096, 12_500), 'welcome.mp4');
    expect(video).toMatchObject({
      kind: 'video',
      format: 'mp4',
      durationSeconds: 12.5,
      variants: [{ contentType: 'video/mp4' }],
    });
  });

  it('refuses a file over its kind’s limit with 413 uploadTooLarge, and stores nothing', async () => {
    const before = await t.app.db.select({ id: mediaFiles.id }).from(mediaFiles);
    const big = Buffer.concat([await photo(64, 64), Buffer.alloc(MAX_BYTES.image, 0)]);
    const res = await upload(editor, 'image', big, 'huge.jpg');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'uploadTooLarge',
      message: 'Images can be at most 10 MB; this file is larger.',
    });
    expect(await t.app.db.select({ id: mediaFiles.id }).from(mediaFiles)).toHaveLength(before.length);
    expect(scratchFiles()).toEqual([]);
  });

  it.each([
    [
      'a PHP script named .jpg',
      'image',
      'photo.jpg',
      Buffer.from('<?php system($_GET["c"]); ?>\n'),
      415,
      'uploadNotAccepted',
      "This file is not an image of an accepted type. Accepted images: JPEG, PNG, WebP, GIF or SVG (the type is read from the file's content, not its name).",
    ],
    [
      'an HTML page named .jpg',
      'image',
      'photo.jpg',
      Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
      415,
      'uploadNotAccepted',
      "This file is not an image of an accepted type. Accepted images: JPEG, PNG, WebP, GIF or SVG (the type is read from the file's content, not its name).",
    ],
    [
      'a JPEG photo named .pdf',
      'document',
      'handbook.pdf',
      null,
      415,
      'uploadNotAccepted',
      "This file is a JPEG image, not a PDF document. Accepted documents: PDF (the type is read from the file's content, not its name).",
    ],
    [
      'an SVG with script',
      'image',
      'logo.svg',
      Buffer.from(simpleSvg('<rect width="4" height="3" onclick="alert(1)"/><script>fetch("/api/user/me")</script>')),
      422,
      'uploadActiveContent',
      null,
    ],
    ['an empty file', 'image', 'empty.png', Buffer.alloc(0), 400, 'uploadEmpty', 'The file is empty.'],
  ] as const)('refuses %s, saying what it is', async (_what, kind, filename, bytes, status, code, message) => {
    const body = bytes ?? (await photo(120, 90));
    const before = (await t.app.db.select({ id: mediaFiles.id }).from(mediaFiles)).length;
    const res = await upload(editor, kind, body, filename, kind === 'document' ? 'application/pdf' : 'image/jpeg');
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    if (message) expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(/^SVG images with script are not accepted, and this one has .*script/);
    expect((await t.app.db.select({ id: mediaFiles.id }).from(mediaFiles)).length).toBe(before);
  });

  it('stores an SVG without what it may not keep, and says what was removed', async () => {
    const res = await upload(
      editor,
      'image',
      Buffer.from(simpleSvg('<image href="https://tracker.example/pixel.png" width="1" height="1"/>')),
      'badge.svg',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().warnings).toHaveLength(1);
    expect(res.json().warnings[0]).toMatch(/^Removed .*image/);
    const stored = fs.readFileSync(storedFile(res.json().file.path), 'utf8');
    expect(stored).not.toContain('tracker.example');
    expect((await served(res.json().file.path)).headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  });

  it('refuses a request without a file, one that is not a form, and an unknown kind', async () => {
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/media?kind=image',
      headers: editor.headers,
      payload: noFile,
    });
    expect([res.statusCode, res.json()]).toEqual([400, messageBody('mediaFileMissing')]);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/staff/media?kind=image',
      headers: { ...editor.headers, 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect([json.statusCode, json.json()]).toEqual([415, messageBody('unsupportedType')]);

    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/staff/media?kind=image',
      headers: { ...editor.headers, 'content-type': 'image/jpeg' },
      payload: await photo(40, 30),
    });
    expect([raw.statusCode, raw.json().code]).toEqual([415, 'unsupportedType']);

    expect((await upload(editor, 'spreadsheet' as Kind, Buffer.from('a,b'), 'a.csv')).json()).toMatchObject({
      code: 'validation',
    });
    const noKind = await t.app.inject({
      method: 'POST',
      url: '/api/staff/media',
      headers: editor.headers,
      payload: form(Buffer.from('x'), 'a.jpg'),
    });
    expect([noKind.statusCode, noKind.json().code]).toEqual([400, 'validation']);
  });

  it('refuses a form cut off in the middle as a bad request, keeping nothing', async () => {
    const body = Buffer.from(
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 partial',
      'latin1',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/media?kind=image',
      headers: { ...editor.headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('badRequest');
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/staff/media?kind=image',
      headers: { ...editor.headers, 'content-type': 'multipart/form-data' },
      payload: body,
    });
    expect([noBoundary.statusCode, noBoundary.json().code]).toEqual([400, 'badRequest']);
    const crowded = new FormData();
    for (let i = 0; i < 12; i++) crowded.append(`field${i}`, 'x');
    crowded.append('file', new Blob([simpleSvg()]), 'a.svg');
    const tooManyParts = await t.app.inject({
      method: 'POST',
      url: '/api/staff/media?kind=image',
      headers: editor.headers,
      payload: crowded,
    });
    expect([tooManyParts.statusCode, tooManyParts.json().code]).toEqual([400, 'badRequest']);
    expect(scratchFiles()).toEqual([]);
  });
});

describe('the list', () => {
  let drawings: MediaFileBody[];
  let handbook: MediaFileBody;

  beforeAll(async () => {
    drawings = [];
    for (const [i, colour] of ['#c8102e', '#2b2f86', '#138808'].entries()) {
      drawings.push(
        await uploaded(
          'image',
          Buffer.from(simpleSvg(`<rect width="40" height="30" fill="${colour}"/>`)),
          `list-drawing-${i}.svg`,
        ),
      );
    }
    handbook = await uploaded('document', await pdf(), 'list-handbook-2026.pdf');
    const res = await patchAlt(editor, drawings[1]!.id, {
      en: 'Blue flag of the savings club',
      hi: 'बचत समूह का नीला झंडा',
    });
    expect(res.statusCode).toBe(200);
  });

  const list = async (query: string, who: SignedIn = translator) => {
    const res = await get(who, `/api/staff/media?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: MediaFileBody[]; total: number };
  };

  it('finds files by name and by text alternative in any language', async () => {
    expect((await list('q=list-drawing')).rows.map((row) => row.originalName)).toEqual([
      'list-drawing-2.svg',
      'list-drawing-1.svg',
      'list-drawing-0.svg',
    ]);
    expect((await list('q=LIST-HANDBOOK')).rows.map((row) => row.id)).toEqual([handbook.id]);
    expect((await list('q=savings%20club')).rows.map((row) => row.id)).toEqual([drawings[1]!.id]);
    expect((await list(`q=${encodeURIComponent('नीला झंडा')}`)).rows).toMatchObject([
      { id: drawings[1]!.id, alt: { en: 'Blue flag of the savings club', hi: 'बचत समूह का नीला झंडा' } },
    ]);
    // A search's own % and _ are plain characters.
    expect((await list('q=list%25drawing')).total).toBe(0);
    expect((await list('q=list_drawing')).total).toBe(0);
    expect((await list('q=nothing-is-called-this')).rows).toEqual([]);
  });

  it('filters by kind and pages newest first, with the total', async () => {
    const documents = await list('kind=document');
    expect(documents.rows.every((row) => row.kind === 'document')).toBe(true);
    expect(documents.rows.map((row) => row.id)).toContain(handbook.id);
    const all = await list('limit=50');
    expect(all.total).toBe(all.rows.length);
    const page1 = await list('limit=2');
    const page2 = await list('limit=2&offset=2');
    expect(page1.total).toBe(all.total);
    expect([...page1.rows, ...page2.rows].map((row) => row.id)).toEqual(all.rows.slice(0, 4).map((row) => row.id));
    expect((await get(translator, '/api/staff/media?limit=0')).statusCode).toBe(400);
    expect((await get(translator, '/api/staff/media?kind=spreadsheet')).statusCode).toBe(400);
    expect((await get(translator, `/api/staff/media?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('text alternatives', () => {
  let file: MediaFileBody;

  beforeAll(async () => {
    file = await uploaded('image', await photo(300, 200), 'alt-market.jpg');
  });

  it('editors set them in any language; an empty text removes one; each change is audited with before and after', async () => {
    const first = await patchAlt(editor, file.id, {
      en: '  A vegetable market  in the evening ',
      tm: 'மாலை நேர காய்கறிச் சந்தை',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().alt).toEqual({ en: 'A vegetable market in the evening', tm: 'மாலை நேர காய்கறிச் சந்தை' });
    const second = await patchAlt(admin, file.id, { tm: '' });
    expect(second.json().alt).toEqual({ en: 'A vegetable market in the evening' });
    expect((await get(editor, `/api/staff/media/${file.id}`)).json().alt).toEqual({
      en: 'A vegetable market in the evening',
    });

    const entries = (await auditOf(file.id)).filter((entry) => entry.action === 'media.alt');
    expect(entries.map((entry) => [entry.actorId, entry.lang, entry.before, entry.after])).toEqual([
      [
        editor.userId,
        null,
        { alt: { en: null, tm: null } },
        { alt: { en: 'A vegetable market in the evening', tm: 'மாலை நேர காய்கறிச் சந்தை' } },
      ],
      [admin.userId, 'tm', { alt: { tm: 'மாலை நேர காய்கறிச் சந்தை' } }, { alt: { tm: null } }],
    ]);
  });

  it('a translator sets them only in their own languages, and a refused change changes nothing', async () => {
    const own = await patchAlt(translator, file.id, { hi: 'शाम का सब्ज़ी बाज़ार' });
    expect(own.statusCode).toBe(200);
    expect(own.json().alt.hi).toBe('शाम का सब्ज़ी बाज़ार');
    for (const alt of [{ tm: 'சந்தை' }, { hi: 'बाज़ार', en: 'Market' }] as Record<string, string>[]) {
      const res = await patchAlt(translator, file.id, alt);
      expect([res.statusCode, res.json()]).toEqual([403, messageBody('languageNotAssigned')]);
    }
    expect((await get(translator, `/api/staff/media/${file.id}`)).json().alt).toEqual({
      en: 'A vegetable market in the evening',
      hi: 'शाम का सब्ज़ी बाज़ार',
    });
  });

  it('refuses a text that is too long, no language, an unknown language and an unknown file', async () => {
    expect((await patchAlt(editor, file.id, { en: 'x'.repeat(301) })).json()).toMatchObject({
      code: 'validation',
      details: [{ field: 'alt.en' }],
    });
    expect((await patchAlt(editor, file.id, {})).statusCode).toBe(400);
    expect((await patchAlt(editor, file.id, { xx: 'unknown' })).statusCode).toBe(400);
    expect((await patchAlt(editor, '00000000-0000-4000-8000-000000000000', { en: 'x' })).json()).toEqual(
      messageBody('mediaNotFound'),
    );
    expect((await patchAlt(editor, 'not-an-id', { en: 'x' })).statusCode).toBe(400);
  });
});

describe('where a file is used, and deleting it', () => {
  let course: CourseFixture;

  beforeAll(async () => {
    course = await createCourseFixture(t.app.db, { lang: 'hi', title: 'पैसे की समझ' });
  });

  it('lists every place content names the file, and refuses to delete it until none does', async () => {
    const cover = await uploaded('image', await photo(1600, 900), 'cover.jpg');
    const [wide, medium] = cover.variants;
    // Content names a copy by its path, or shows it in rich text by its address.
    await t.app.db.update(courses).set({ image: wide!.path }).where(eq(courses.id, course.courseId));
    await t.app.db
      .update(lessons)
      .set({ content: `<p>See:</p><img src="/${medium!.path}" alt="">` })
      .where(eq(lessons.id, course.lessonIds.chapter1[0]));
    const [blog] = await t.app.db
      .insert(blogs)
      .values({
        slug: 'market-day',
        title: 'Market day',
        description: '<p>Text</p>',
        image: medium!.path,
        author: 'Team',
      })
      .returning({ id: blogs.id });
    const [gallery] = await t.app.db
      .insert(galleryTitles)
      .values({ slug: 'melas', title: 'Melas', position: 1 })
      .returning({ id: galleryTitles.id });
    await t.app.db.insert(galleryImages).values([
      { titleId: gallery!.id, image: wide!.path, position: 1 },
      { titleId: gallery!.id, image: medium!.path, position: 2 },
    ]);

    const detail = await get(translator, `/api/staff/media/${cover.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().usedIn).toEqual([
      { kind: 'blog', id: blog!.id, title: 'Market day', lang: 'en', field: 'image', course: null, itemId: null },
      {
        kind: 'course',
        id: course.courseId,
        title: 'पैसे की समझ',
        lang: 'hi',
        field: 'image',
        course: null,
        itemId: null,
      },
      { kind: 'gallery', id: gallery!.id, title: 'Melas', lang: 'en', field: 'image', course: null, itemId: null },
      {
        kind: 'lesson',
        id: course.lessonIds.chapter1[0],
        title: 'Why save',
        lang: 'hi',
        field: 'content',
        course: { id: course.courseId, title: 'पैसे की समझ' },
        itemId: null,
      },
    ]);

    const refused = await remove(editor, cover.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'mediaInUse',
      params: { count: 4 },
      message:
        'This file is still used in 4 places: the image of the blog post "Market day" (English); the cover image of the course "पैसे की समझ" (Hindi); a picture in the gallery "Melas" (English); the text of the lesson "Why save" in the course "पैसे की समझ" (Hindi). Remove it from there first, then delete it.',
    });
    expect((await get(editor, `/api/staff/media/${cover.id}`)).statusCode).toBe(200);
    for (const variant of cover.variants) expect(fs.existsSync(storedFile(variant.path))).toBe(true);
    expect((await auditOf(cover.id)).map((entry) => entry.action)).toEqual(['media.upload']);

    // Taken out of all but one place: still refused, naming that one.
    await t.app.db.delete(blogs).where(eq(blogs.id, blog!.id));
    await t.app.db.delete(galleryTitles).where(eq(galleryTitles.id, gallery!.id));
    await t.app.db.update(courses).set({ image: 'uploads/courses/cover.svg' }).where(eq(courses.id, course.courseId));
    const once = await remove(admin, cover.id);
    expect(once.json()).toMatchObject({ code: 'mediaInUse', params: { count: 1 } });
    expect(once.json().message).toBe(
      'This file is still used in 1 place: the text of the lesson "Why save" in the course "पैसे की समझ" (Hindi). Remove it from there first, then delete it.',
    );
  });

  it('counts a draft staff are writing, until it names another file', async () => {
    const cover = await uploaded('image', await photo(1200, 800), 'draft-cover.jpg');
    const api = staffApi(t.app);
    const body = { ...courseBody('Safe money'), image: cover.variants[0]!.path };
    const { item, head } = await api.create(editor.headers, 'course', 'draft-with-cover', body);

    const refused = await remove(editor, cover.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This file is still used in 1 place: the unpublished draft of "Safe money" (English). Remove it from there first, then delete it.',
    );
    expect((await get(editor, `/api/staff/media/${cover.id}`)).json().usedIn).toEqual([
      { kind: 'draft', id: item.id, title: 'Safe money', lang: 'en', field: 'draft', course: null, itemId: item.id },
    ]);

    // Published, it is the course's cover and its lesson's picture, each naming the item staff edit.
    const lessonPicture = `<p>Look:</p><img src="/${cover.variants[1]!.path}" alt="">`;
    const withPicture = {
      ...body,
      chapters: [{ ...body.chapters[0]!, lessons: [{ ...body.chapters[0]!.lessons[0]!, content: lessonPicture }] }],
    };
    const saved = await api.saveOk(editor.headers, item.id, 'en', head.version.number, withPicture);
    const state = await api.publishOk(admin.headers, item.id, 'en', { version: saved.version.number });
    expect(
      (
        (await get(translator, `/api/staff/media/${cover.id}`)).json().usedIn as {
          kind: string;
          id: string;
          itemId: string | null;
        }[]
      ).map(({ kind, id, itemId }) => ({ kind, id, itemId })),
    ).toEqual([
      { kind: 'course', id: state.publicId, itemId: item.id },
      { kind: 'lesson', id: expect.any(String), itemId: item.id },
    ]);

    await api.saveOk(editor.headers, item.id, 'en', saved.version.number, {
      ...body,
      image: 'uploads/courses/cover.svg',
    });
    await api.publishOk(admin.headers, item.id, 'en');
    expect((await remove(editor, cover.id)).statusCode).toBe(204);
  });

  it('finds the file in every kind of place content can name it', async () => {
    const drawing = await uploaded(
      'image',
      Buffer.from(simpleSvg('<circle cx="20" cy="15" r="9" fill="#ff9933"/>')),
      'places.svg',
    );
    const video = await uploaded('video', mp4(undefined, undefined, 1024, 3_000), 'places.mp4');
    const handbook = await uploaded(
      'document',
      Buffer.concat([await pdf(), Buffer.from('\n% places\n')]),
      'places.pdf',
    );
    const link = (file: MediaFileBody) => `<p><a href="/${file.path}">open</a></p>`;
    const course2 = await createCourseFixture(t.app.db, { lang: 'tm', title: 'Tamil course' });
    await t.app.db
      .update(courses)
      .set({ document: handbook.path, description: link(drawing), summary: link(drawing), journal: link(drawing) })
      .where(eq(courses.id, course2.courseId));
    await t.app.db
      .update(courseVideos)
      .set({ video: video.path, poster: drawing.path })
      .where(eq(courseVideos.id, course2.videoId));
    await t.app.db
      .insert(successStories)
      .values({ slug: 'sunita', authorName: 'Sunita', image: drawing.path, description: link(video) });
    const [banner] = await t.app.db
      .insert(bannerItems)
      .values({ slug: 'sath', title: 'Saath saath', position: 1 })
      .returning({ id: bannerItems.id });
    await t.app.db
      .insert(bannerImages)
      .values({ bannerId: banner!.id, image: `https://cdn.example/${drawing.path}`, position: 1 });
    await t.app.db.insert(blogs).values({
      slug: 'places',
      title: 'Places',
      description: link(handbook),
      image: 'uploads/blogs/x.svg',
      author: 'Team',
    });

    const places = async (file: MediaFileBody) =>
      ((await get(editor, `/api/staff/media/${file.id}`)).json().usedIn as { kind: string; field: string }[]).map(
        (usage) => `${usage.kind}.${usage.field}`,
      );
    expect(await places(drawing)).toEqual([
      'banner.image',
      'course.description',
      'course.journal',
      'course.summary',
      'story.image',
      'video.poster',
    ]);
    expect(await places(video)).toEqual(['story.description', 'video.video']);
    expect(await places(handbook)).toEqual(['blog.description', 'course.document']);
    const message = (await remove(editor, drawing.id)).json().message as string;
    expect(message).toContain('the poster of the video "Welcome" of the course "Tamil course" (Tamil)');
    expect(message).toContain('the photo of the success story of Sunita');
    expect(message).toContain('a picture of the banner "Saath saath"');
    expect(message).toContain('the journal prompt of the course "Tamil course" (Tamil)');
    expect((await remove(editor, video.id)).json().message).toBe(
      'This file is still used in 2 places: the text of the success story of Sunita (English); the video "Welcome" of the course "Tamil course" (Tamil). Remove it from there first, then delete it.',
    );
  });

  it('deletes an unused file: it leaves the library and the store, and the delete is audited with what it was', async () => {
    const jpeg = await photo(700, 500);
    const file = await uploaded('image', jpeg, 'unused.jpg');
    await patchAlt(editor, file.id, { en: 'Unused picture' });
    const res = await remove(editor, file.id);
    expect(res.statusCode).toBe(204);
    expect((await get(editor, `/api/staff/media/${file.id}`)).json()).toEqual(messageBody('mediaNotFound'));
    for (const variant of file.variants) {
      expect(fs.existsSync(storedFile(variant.path))).toBe(false);
      expect((await served(variant.path)).statusCode).toBe(404);
    }
    const deleted = (await auditOf(file.id)).at(-1)!;
    expect(deleted).toMatchObject({ action: 'media.delete', actorId: editor.userId, after: null });
    expect(deleted.before).toMatchObject({
      originalName: 'unused.jpg',
      kind: 'image',
      alt: { en: 'Unused picture' },
      keys: file.variants.map((variant) => variant.path.replace(/^uploads\//, '')),
    });
    expect((await remove(editor, file.id)).json()).toEqual(messageBody('mediaNotFound'));

    // Uploaded again, it is a new file of the library, stored anew.
    const again = await upload(editor, 'image', jpeg, 'unused.jpg');
    expect(again.statusCode).toBe(201);
    expect(again.json().file.id).not.toBe(file.id);
    for (const variant of again.json().file.variants as MediaFileBody['variants'])
      expect(fs.existsSync(storedFile(variant.path))).toBe(true);
  });

  it('keeps a stored copy that another file of the library also has, until neither is left', async () => {
    // The same drawing, once with a comment: two files as uploaded, one stored file once cleaned.
    const plain = await uploaded(
      'image',
      Buffer.from(simpleSvg('<rect width="10" height="10" fill="#000080"/>')),
      'chakra.svg',
    );
    const commented = await uploaded(
      'image',
      Buffer.from(simpleSvg('<!-- exported --><rect width="10" height="10" fill="#000080"/>')),
      'chakra-export.svg',
    );
    expect(commented.id).not.toBe(plain.id);
    expect(commented.path).toBe(plain.path);

    expect((await remove(editor, plain.id)).statusCode).toBe(204);
    expect(fs.existsSync(storedFile(plain.path))).toBe(true);
    expect((await served(commented.path)).statusCode).toBe(200);
    expect((await remove(editor, commented.id)).statusCode).toBe(204);
    expect(fs.existsSync(storedFile(plain.path))).toBe(false);
  });

  it('refuses a delete by a translator, of an unknown file, and of a malformed id', async () => {
    const file = await uploaded('image', await photo(200, 100), 'keep.jpg');
    expect((await remove(translator, file.id)).json()).toEqual(messageBody('roleNotAllowed'));
    expect((await remove(editor, '00000000-0000-4000-8000-000000000000')).json()).toEqual(messageBody('mediaNotFound'));
    expect((await remove(editor, 'x')).statusCode).toBe(400);
    expect((await get(editor, `/api/staff/media/${file.id}`)).statusCode).toBe(200);
  });
});

describe('an upload that crosses the delete of the same file', () => {
  it('is refused with 409 (upload it again) when a file it needs left the store meanwhile, and adds nothing', async () => {
    const store = uploadDepsFromConfig(t.config);
    // storeUpload found the copies there (or wrote them), then a delete of the same file removed them.
    const crossed = {
      ...store,
      storage: {
        ...store.storage,
        put: async () => {},
        exists: async (key: string) => fs.existsSync(path.join(t.config.uploadsDir, key)),
      },
    };
    const jpeg = await photo(500, 300);
    const actor = { id: editor.userId, name: 'Esha Editor', address: '127.0.0.1' };
    const error = await uploadMedia(t.app.db, crossed, actor, {
      kind: 'image',
      filename: 'crossed.jpg',
      source: jpeg,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 409, code: 'mediaDeletedDuringUpload' });
    expect(await t.app.db.select().from(mediaFiles).where(eq(mediaFiles.originalName, 'crossed.jpg'))).toEqual([]);

    // Once the file is really there, the same upload goes through.
    const outcome = await uploadMedia(t.app.db, store, actor, { kind: 'image', filename: 'crossed.jpg', source: jpeg });
    expect(outcome).toMatchObject({ repeat: false, file: { originalName: 'crossed.jpg' } });
  });
});

describe('an upload declared larger than its kind allows', () => {
  const live = testAppPerFile();

  it('is refused with 413 before its body is read', async () => {
    const uploader = await signInAsStaff(live.app, ['editor']);
    const address = await live.app.listen({ port: 0, host: '127.0.0.1' });
    const declared = MAX_BYTES.image * 3;
    // Only the start of the body is sent: an answer means the server did not wait for the rest.
    const req = http.request(new URL('/api/staff/media?kind=image', address), {
      method: 'POST',
      headers: {
        cookie: uploader.headers.cookie,
        'content-type': 'multipart/form-data; boundary=XYZ',
        'content-length': String(declared),
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    req.write('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n\r\n');
    const { status, body } = await answer;
    req.destroy();
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({
      code: 'uploadTooLarge',
      message: 'Images can be at most 10 MB; this file is larger.',
    });
  });
});
