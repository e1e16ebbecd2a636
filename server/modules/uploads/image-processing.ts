// Photos (JPEG, PNG, WebP, GIF) are never stored as uploaded: each is decoded, turned upright by its
// EXIF orientation, and encoded again as WebP at the widths the site shows. The new files carry no
// metadata at all (sharp writes none unless asked), so a camera's GPS position, its serial number
// and the time a photo was taken stay with the person who took it.
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import type { FileFormat } from '../../../contract/media-rules';
import { IMAGE_WIDTHS, MAX_INPUT_PIXELS, WEBP_QUALITIES } from './limits';
import { createSerialQueue } from './one-at-a-time';
import { UploadRefusedError } from './upload-refused';

export type PhotoFormat = Extract<FileFormat, 'jpeg' | 'png' | 'webp' | 'gif'>;

export interface EncodedVariant {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** The original's size once upright. */
  width: number;
  height: number;
  frames: number;
  /**
   * Largest first; never wider than the original, each lighter than the one before it, and each
   * re-encoded at a lower quality while it is heavier than the uploaded file.
   */
  variants: EncodedVariant[];
}

// libvips' operation cache would keep decoded photos in memory between uploads; uploads are never
// the same twice in a row, so it would only hold memory. One libvips thread per photo: with one
// photo at a time (below) that leaves the other cores to the requests, and a second thread was
// measured to save nothing on a 12-megapixel JPEG (ADR 15).
sharp.cache(false);
sharp.concurrency(1);

const queue = createSerialQueue();

const damaged = () =>
  new UploadRefusedError(
    'uploadDamaged',
    'The image could not be read: the file is damaged or incomplete. Open it on your device, save it again and upload the new file.',
  );

/** The widths to make for an image this wide: the site's widths, and none wider than the original. */
export function targetWidths(originalWidth: number): number[] {
  const widths = new Set(IMAGE_WIDTHS.map((width) => Math.min(width, originalWidth)));
  return [...widths].sort((a, b) => b - a);
}

export function processImage(input: Buffer, format: PhotoFormat): Promise<ProcessedImage> {
  return queue.run(() => encodeVariants(input, format));
}

async function encodeVariants(input: Buffer, format: PhotoFormat): Promise<ProcessedImage> {
  const options: SharpOptions = {
    limitInputPixels: MAX_INPUT_PIXELS,
    // Every frame of an animation, so it stays animated.
    animated: format === 'gif' || format === 'webp',
    // A cut-off file is refused; the small warnings many cameras' files raise are not.
    failOn: 'truncated',
  };
  let metadata: Metadata;
  try {
    // The header only, which holds the size; sharp would refuse an oversized one without saying
    // by how much, so the limit is checked below instead.
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw damaged();
  }
  const frames = metadata.pages ?? 1;
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (!metadata.width || !frameHeight) throw damaged();
  // Checked from the header before anything is decoded, to say what is wrong in plain words;
  // limitInputPixels above refuses the same if a header lies.
  const pixels = metadata.width * frameHeight * frames;
  if (pixels > MAX_INPUT_PIXELS) {
    const size = `${metadata.width} × ${frameHeight} pixels${frames > 1 ? ` in ${frames} frames` : ''}`;
    throw new UploadRefusedError(
      'uploadTooManyPixels',
      `The image is too large to process: ${size} (${megapixels(pixels)} megapixels); at most ${megapixels(MAX_INPUT_PIXELS)} megapixels are accepted. Save it at a smaller size and upload it again.`,
    );
  }
  const upright =
    frames === 1 && metadata.autoOrient ? metadata.autoOrient : { width: metadata.width, height: frameHeight };

  const encode = async (width: number, quality: number): Promise<EncodedVariant> => {
    try {
      const { data, info } = await sharp(input, options)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.pageHeight ?? info.height };
    } catch {
      throw damaged();
    }
  };

  const variants: EncodedVariant[] = [];
  for (const width of targetWidths(upright.width)) {
    let lightest: EncodedVariant | undefined;
    for (const quality of WEBP_QUALITIES) {
      const encoded = await encode(width, quality);
      if (!lightest || encoded.data.length < lightest.data.length) lightest = encoded;
      if (encoded.data.length <= input.length) break;
    }
    const wider = variants.at(-1);
    // A narrower copy that is not lighter than the wider one saves a phone nothing.
    if (lightest && !(wider && lightest.data.length >= wider.data.length)) variants.push(lightest);
  }
  return { width: upright.width, height: upright.height, frames, variants };
}

const megapixels = (pixels: number) => Number((pixels / 1_000_000).toFixed(1));
