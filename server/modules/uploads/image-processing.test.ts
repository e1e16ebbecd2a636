import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processImage, targetWidths } from './image-processing';
import { MAX_INPUT_PIXELS } from './limits';
import { createSerialQueue } from './one-at-a-time';
import { UploadRefusedError } from './upload-refused';
import { animatedGif, phoneJpeg, photo, pngBomb } from './upload-test-files';

async function refusal(promise: Promise<unknown>): Promise<UploadRefusedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadRefusedError);
  return error as UploadRefusedError;
}

describe('targetWidths', () => {
  it('makes the site widths, never wider than the original', () => {
    expect(targetWidths(4000)).toEqual([1280, 640, 320]);
    expect(targetWidths(1280)).toEqual([1280, 640, 320]);
    expect(targetWidths(1000)).toEqual([1000, 640, 320]);
    expect(targetWidths(500)).toEqual([500, 320]);
    expect(targetWidths(320)).toEqual([320]);
    expect(targetWidths(90)).toEqual([90]);
  });
});

describe('processImage', () => {
  it('strips the GPS position, camera and time from a phone photo', async () => {
    const input = await phoneJpeg(1600, 1200);
    const before = await sharp(input).metadata();
    // The test photo really does carry them.
    expect(before.exif?.includes('WGS-84')).toBe(true);
    expect(before.exif?.includes('PhoneMaker')).toBe(true);

    const { variants } = await processImage(input, 'jpeg');
    expect(variants).toHaveLength(3);
    for (const variant of variants) {
      const after = await sharp(variant.data).metadata();
      expect(after.format).toBe('webp');
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      for (const trace of ['Exif', 'WGS-84', 'PhoneMaker', 'Budget 5G', 'Kamala', '2026:11:02']) {
        expect(variant.data.includes(trace), `${variant.width}px copy contains ${trace}`).toBe(false);
      }
    }
  });

  it('encodes WebP at the site widths, keeping the proportions, from a 12-megapixel photo', async () => {
    const result = await processImage(await phoneJpeg(4000, 3000), 'jpeg');
    expect({ width: result.width, height: result.height }).toEqual({ width: 4000, height: 3000 });
    expect(result.variants.map(({ width, height }) => [width, height])).toEqual([
      [1280, 960],
      [640, 480],
      [320, 240],
    ]);
    for (const variant of result.variants) {
      const metadata = await sharp(variant.data).metadata();
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
    }
  });

  it('never enlarges: a small picture gets copies no wider than itself', async () => {
    const result = await processImage(await photo(500, 250, 'png'), 'png');
    expect(result.variants.map(({ width, height }) => [width, height])).toEqual([
      [500, 250],
      [320, 160],
    ]);
    const tiny = await processImage(await photo(90, 60, 'png'), 'png');
    expect(tiny.variants.map(({ width, height }) => [width, height])).toEqual([[90, 60]]);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored 800 x 400 with "rotate 90° clockwise to view" (orientation 6): it is 400 x 800 upright.
    const input = await sharp(await photo(800, 400))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const result = await processImage(input, 'jpeg');
    expect({ width: result.width, height: result.height }).toEqual({ width: 400, height: 800 });
    expect(result.variants.map(({ width, height }) => [width, height])).toEqual([
      [400, 800],
      [320, 640],
    ]);
    expect((await sharp(result.variants[0]!.data).metadata()).orientation).toBeUndefined();
  });

  it('makes each copy lighter than the wider one, and no heavier than an already small upload', async () => {
    const photoUpload = await photo(1600, 1000);
    const { variants } = await processImage(photoUpload, 'jpeg');
    for (let i = 1; i < variants.length; i++)
      expect(variants[i]!.data.length).toBeLessThan(variants[i - 1]!.data.length);
    for (const variant of variants) expect(variant.data.length).toBeLessThan(photoUpload.length);

    // A JPEG saved at low quality: WebP at quality 80 would be heavier than the file itself.
    const squeezed = await photo(1000, 700, 'jpeg', 40);
    const atEighty = await sharp(squeezed).webp({ quality: 80, effort: 4 }).toBuffer();
    expect(atEighty.length).toBeGreaterThan(squeezed.length);
    const result = await processImage(squeezed, 'jpeg');
    expect(result.variants[0]!.width).toBe(1000);
    for (const variant of result.variants) expect(variant.data.length).toBeLessThanOrEqual(squeezed.length);
  });

  it('keeps a GIF animated, as an animated WebP', async () => {
    const result = await processImage(await animatedGif(400, 300), 'gif');
    expect(result.frames).toBe(3);
    expect(result.variants.map(({ width, height }) => [width, height])).toEqual([
      [400, 300],
      [320, 240],
    ]);
    const metadata = await sharp(result.variants[0]!.data, { animated: true }).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.pages).toBe(3);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = pngBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const error = await refusal(processImage(bomb, 'png'));
    expect(error.code).toBe('uploadTooManyPixels');
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(
      'The image is too large to process: 10000 × 10000 pixels (100 megapixels); at most 50 megapixels are accepted. Save it at a smaller size and upload it again.',
    );
    // Just under the limit is processed.
    expect(7000 * 7000).toBeLessThan(MAX_INPUT_PIXELS);
  });

  it('refuses a truncated JPEG and a truncated PNG', async () => {
    for (const [format, input] of [
      ['jpeg', await photo(800, 600, 'jpeg')],
      ['png', await photo(800, 600, 'png')],
    ] as const) {
      const cut = input.subarray(0, Math.floor(input.length * 0.6));
      const error = await refusal(processImage(cut, format));
      expect(error.code).toBe('uploadDamaged');
      expect(error.message).toBe(
        'The image could not be read: the file is damaged or incomplete. Open it on your device, save it again and upload the new file.',
      );
    }
  });

  it('refuses bytes that only start like an image', async () => {
    const error = await refusal(
      processImage(
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<?php system($_GET["c"]); ?>')]),
        'jpeg',
      ),
    );
    expect(error.code).toBe('uploadDamaged');
  });
});

describe('one image at a time', () => {
  it('runs queued jobs one after another, and a failed job does not stop the next', async () => {
    const queue = createSerialQueue();
    let running = 0;
    let mostAtOnce = 0;
    const job = (fail: boolean) => async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (fail) throw new Error('bad image');
      return 'done';
    };
    const results = await Promise.allSettled([
      queue.run(job(false)),
      queue.run(job(true)),
      queue.run(job(false)),
      queue.run(job(false)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(mostAtOnce).toBe(1);
  });

  it('processes photos uploaded together one at a time', async () => {
    const inputs = await Promise.all([photo(700, 500), photo(600, 400)]);
    const started: number[] = [];
    const both = await Promise.all(
      inputs.map((input) => processImage(input, 'jpeg').then((result) => (started.push(result.width), result))),
    );
    expect(both.map((result) => result.width)).toEqual([700, 600]);
    expect(started).toEqual([700, 600]);
  });
});
