// The uploads pipeline, as the staff media routes will call it: storeUpload() takes one file of a
// kind (image, document or video), checks what it really is from its bytes, refuses anything else
// with a message a member of staff can act on, cleans or re-encodes it, and stores the result under
// keys derived from the stored bytes' hash (docs/decisions/0015-uploads.md).
//
// The media library (modules/media-library: its tables, alt text per language, where each file is
// used, the staff's multipart routes) calls it and keeps what it returns. Refusals are
// UploadRefusedError (upload-refused.ts), which carry their HTTP status.
//
// The module's surface for other modules (they call these, never its other files):
// - storeUpload, uploadDepsFromConfig: a file checked, cleaned and stored; the store of a server
// - UploadSource: what an upload reads its bytes from (a multipart file's stream)
// - tooLarge, UploadRefusedError: the refusal of a file over its kind's limit, for a route that
//   stops reading it itself; a refusal of a file another module checks
// - receiveUpTo, storeAudio: a file of another module's kind read within its limit, and sound the
//   server made (read-aloud's Ogg Opus voice-overs) stored under its hash
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Config } from '../../plugins/config';
import { createFileStorage } from '../../lib/storage/create-storage';
import { contentKey, type FileStorage, type StorageBody } from '../../lib/storage/file-storage';
import { processImage, type PhotoFormat } from './image-processing';
import {
  CONTENT_TYPES,
  EXTENSIONS,
  FORMATS,
  MAX_BYTES,
  maxBytesFor,
  type FileFormat,
  type UploadKind,
} from '../../../contract/media-rules';
import { removeMp4Metadata } from './mp4-metadata';
import { OverLimit, receiveInMemory, receiveToFile, type Received, type UploadSource } from './receive';
import { sniffFormat } from './sniff';
import { sanitiseSvg } from './svg-sanitiser';
import { notAccepted, tooLarge, UploadRefusedError } from './upload-refused';
import { videoDurationMs } from './video-duration';
import { streamDigest } from '../../lib/storage/stream-digest';

export type { UploadSource } from './receive';
export { tooLarge, UploadRefusedError } from './upload-refused';

export interface UploadDeps {
  storage: FileStorage;
  /** Where a document or video is written while it arrives, before its hash (and so its key) is known. */
  scratchDir: string;
}

/** The file store and scratch folder of this server, from its configuration. */
export function uploadDepsFromConfig(config: Pick<Config, 'uploadsDir' | 'dataDir'>): UploadDeps {
  return { storage: createFileStorage(config), scratchDir: path.join(config.dataDir, 'tmp', 'uploads') };
}

export interface UploadInput {
  kind: UploadKind;
  /** As the uploader named it; shown in the media library, never used to decide anything. */
  filename: string;
  /**
   * The whole file, or a stream of it (a multipart file). A stream is read only up to the kind's
   * limit; a route that also limits its multipart parser should allow one byte more than that
   * limit, so a cut-off stream is refused here as too large instead of stored as if complete.
   */
  source: UploadSource;
  /**
   * Asked with the hash of the file as uploaded, once its bytes are received and found to be of the
   * kind: true when this exact file is stored already, so it is not processed and stored again (the
   * answer then has `repeat` set and no variants).
   */
  isStored?: (sha256: string) => Promise<boolean>;
}

export interface StoredVariant {
  key: string;
  /** The address the site uses for it (`uploads/by-hash/...`). */
  path: string;
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
}

export interface StoredUpload {
  kind: UploadKind;
  /** What the bytes are, whatever the name said. */
  format: FileFormat;
  filename: string;
  /**
   * SHA-256 (hex) of the file as uploaded: the same file uploaded again has the same one. A stored
   * file's key comes from the hash of what was stored, which differs when it was cleaned.
   */
  sha256: string;
  /** Size of the file as uploaded. */
  bytes: number;
  /** The original's size in pixels once upright (images). */
  width?: number;
  height?: number;
  /** Videos: how long they play, when their header says. */
  durationMs?: number;
  /** Photos: the WebP copies, widest first. Other kinds: the one stored file. None for a repeat. */
  variants: StoredVariant[];
  /** The same file was stored before (isStored said so): nothing was processed or written. */
  repeat?: boolean;
  /** What was removed from an SVG that a person may miss (pictures or links to other files). */
  warnings: string[];
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function hashFile(file: string): Promise<string> {
  return (await streamDigest(fs.createReadStream(file))).sha256;
}

/** The name to show: its last path part, without control characters, at most 200 characters. */
export function cleanFilename(filename: string): string {
  const last = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const printable = last.replace(/[\u0000-\u001f\u007f]+/g, '');
  const clean = [...printable.replace(/\s+/g, ' ').trim()].slice(0, 200).join('');
  return clean || 'upload';
}

async function putOnce(storage: FileStorage, key: string, body: () => StorageBody, contentType: string): Promise<void> {
  // The key is the content's hash: if it is there, the same bytes are there.
  if (await storage.exists(key)) return;
  await storage.put(key, body(), contentType);
}

async function storeBytes(
  storage: FileStorage,
  bytes: Buffer,
  format: FileFormat,
  extra: Partial<StoredVariant> = {},
): Promise<StoredVariant> {
  const key = contentKey(sha256(bytes), EXTENSIONS[format]);
  await putOnce(storage, key, () => bytes, CONTENT_TYPES[format]);
  return { key, path: storage.publicPath(key), contentType: CONTENT_TYPES[format], bytes: bytes.length, ...extra };
}

/** What the bytes are, if they are a format of the kind and within its limit; a refusal if not. */
function checkFormat(kind: UploadKind, received: Received): FileFormat {
  if (received.size === 0) throw new UploadRefusedError('uploadEmpty', 'The file is empty.');
  const format = sniffFormat(received.head);
  if (!format || !FORMATS[kind].includes(format)) throw notAccepted(kind, format);
  if (received.size > maxBytesFor(kind, format)) throw tooLarge(kind, format, received.size);
  return format;
}

/**
 * The bytes of a file that another module checks itself (a recording, for read-aloud), read up to
 * `limit`: refused with the caller's `tooLarge` past it (without reading the rest), as empty with none.
 */
export async function receiveUpTo(source: UploadSource, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const received = await receiveInMemory(source, limit).catch((error: unknown) => {
    throw error instanceof OverLimit ? tooLarge() : error;
  });
  if (received.size === 0) throw new UploadRefusedError('uploadEmpty', 'The file is empty.');
  return received.bytes;
}

/** Sound the server made or re-encoded, an Ogg Opus file, stored once under the hash of its bytes. */
export async function storeAudio(storage: FileStorage, bytes: Buffer): Promise<StoredVariant> {
  const key = contentKey(sha256(bytes), 'opus');
  await putOnce(storage, key, () => bytes, 'audio/ogg');
  return { key, path: storage.publicPath(key), contentType: 'audio/ogg', bytes: bytes.length };
}

export async function storeUpload(deps: UploadDeps, input: UploadInput): Promise<StoredUpload> {
  const filename = cleanFilename(input.filename);
  return input.kind === 'image' ? storeImage(deps, input, filename) : storeAsUploaded(deps, input, filename);
}

async function isRepeat(input: UploadInput, sha256: string): Promise<boolean> {
  return input.isStored ? input.isStored(sha256) : false;
}

/** Images: small enough to hold in memory while they are checked and re-encoded or cleaned. */
async function storeImage(deps: UploadDeps, input: UploadInput, filename: string): Promise<StoredUpload> {
  const received = await receiveInMemory(input.source, MAX_BYTES.image).catch((error: unknown) => {
    throw error instanceof OverLimit ? tooLarge('image', undefined, error.size) : error;
  });
  const format = checkFormat('image', received);
  const base = {
    kind: 'image' as const,
    format,
    filename,
    sha256: received.sha256,
    bytes: received.size,
    warnings: [] as string[],
  };
  if (await isRepeat(input, received.sha256)) return { ...base, variants: [], repeat: true };
  if (format === 'svg') return { ...base, ...(await storeSvg(deps.storage, received.bytes)) };
  const image = await processImage(received.bytes, format as PhotoFormat);
  const variants: StoredVariant[] = [];
  for (const variant of image.variants) {
    variants.push(
      await storeBytes(deps.storage, variant.data, 'webp', { width: variant.width, height: variant.height }),
    );
  }
  return { ...base, width: image.width, height: image.height, variants };
}

/**
 * Documents and videos: written to a scratch file as they arrive (so a 200 MB video never sits in
 * memory), then stored as uploaded (the server has no tools to re-encode them), less an MP4's
 * location.
 */
async function storeAsUploaded(deps: UploadDeps, input: UploadInput, filename: string): Promise<StoredUpload> {
  const kind = input.kind;
  const received = await receiveToFile(input.source, MAX_BYTES[kind], deps.scratchDir).catch((error: unknown) => {
    throw error instanceof OverLimit ? tooLarge(kind, undefined, error.size) : error;
  });
  try {
    const format = checkFormat(kind, received);
    const base = { kind, format, filename, sha256: received.sha256, bytes: received.size, warnings: [] as string[] };
    if (await isRepeat(input, received.sha256)) return { ...base, variants: [], repeat: true };
    if (format === 'pdf') await assertCompletePdf(received.file, received.size);
    const changed = format === 'mp4' && (await removeMp4Metadata(received.file));
    const durationMs = kind === 'video' ? await videoDurationMs(received.file, format) : undefined;
    const key = contentKey(changed ? await hashFile(received.file) : received.sha256, EXTENSIONS[format]);
    await putOnce(deps.storage, key, () => fs.createReadStream(received.file), CONTENT_TYPES[format]);
    const variant = {
      key,
      path: deps.storage.publicPath(key),
      contentType: CONTENT_TYPES[format],
      bytes: received.size,
    };
    return { ...base, ...(durationMs === undefined ? {} : { durationMs }), variants: [variant] };
  } finally {
    await fsp.rm(received.file, { force: true });
  }
}

async function storeSvg(
  storage: FileStorage,
  bytes: Buffer,
): Promise<Pick<StoredUpload, 'variants' | 'warnings' | 'width' | 'height'>> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UploadRefusedError(
      'uploadDamaged',
      'The SVG image could not be read: it is not UTF-8 text. Save it again from your drawing program and upload the new file.',
    );
  }
  const { svg, findings } = sanitiseSvg(text);
  if (findings.activeContent.length > 0) {
    throw new UploadRefusedError(
      'uploadActiveContent',
      `SVG images with script are not accepted, and this one has ${findings.activeContent.join(', ')}. Export the drawing again without interactivity (or as PNG) and upload that.`,
    );
  }
  const clean = Buffer.from(svg, 'utf8');
  // What is stored must still be a drawing a browser can show: librsvg (inside sharp) reads it.
  let size: { width?: number; height?: number };
  try {
    size = await sharp(clean).metadata();
  } catch {
    throw new UploadRefusedError(
      'uploadDamaged',
      'The SVG image could not be read: it is not a complete SVG drawing. Save it again from your drawing program and upload the new file.',
    );
  }
  const warnings = findings.removed.map(
    (what) => `Removed ${what}: an SVG image here shows only its own shapes, text and colours.`,
  );
  const variant = await storeBytes(storage, clean, 'svg', { width: size.width, height: size.height });
  return { variants: [variant], warnings, width: size.width, height: size.height };
}

/** A PDF ends with %%EOF (within its last kilobyte, allowing for trailing bytes): a cut-off upload does not. */
async function assertCompletePdf(file: string, size: number): Promise<void> {
  const tail = Buffer.alloc(Math.min(size, 1024));
  const handle = await fsp.open(file, 'r');
  try {
    await handle.read(tail, 0, tail.length, size - tail.length);
  } finally {
    await handle.close();
  }
  if (!tail.includes('%%EOF')) {
    throw new UploadRefusedError(
      'uploadDamaged',
      'The PDF document is incomplete (it does not end as a PDF does). Save it again and upload the new file.',
    );
  }
}
