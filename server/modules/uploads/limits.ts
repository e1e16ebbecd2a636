// What the programme accepts as uploads, in one place (docs/decisions/0015-uploads.md says why).
// Learners open these files on cheap phones over metered data, so the limits are about what a page
// can afford to show, not what a disk can hold.

import type { UploadKind } from '../../../contract/media-rules';

export type { UploadKind };
export type FileFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'svg' | 'pdf' | 'mp4' | 'webm';

const MB = 1024 * 1024;

export const MAX_BYTES: Record<UploadKind, number> = {
  image: 10 * MB,
  document: 20 * MB,
  video: 200 * MB,
};

/**
 * SVG is text that is parsed and cleaned in the server's own thread (not in a worker like photos),
 * and a phone draws every element of it: a drawing larger than this is better uploaded as a photo.
 */
export const MAX_SVG_BYTES = 1 * MB;

/**
 * A photo decodes to width x height x 4 bytes whatever its file size; 50 megapixels (about 200 MB
 * decoded) covers the 48 and 50 megapixel modes of phone cameras and refuses decompression bombs.
 * For an animated GIF the frames count together.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Widths of the WebP copies made of each photo. The site shows photos at 96 to 120 CSS pixels
 * (story and blog thumbnails), 400 (story page), 640 (course cards) and up to 1200 (blog, banner,
 * gallery and lightbox images, in a content column of 1160): 320 covers the thumbnails at twice the
 * density, 640 a phone's full width, 1280 the widest image on a computer.
 */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

/**
 * WebP qualities for photos, tried in turn only while a copy comes out heavier than the file as
 * uploaded (an already heavily compressed JPEG): 80 keeps a photo's detail; below 50 the loss shows.
 */
export const WEBP_QUALITIES = [80, 65, 50] as const;

export const FORMATS: Record<UploadKind, readonly FileFormat[]> = {
  image: ['jpeg', 'png', 'webp', 'gif', 'svg'],
  document: ['pdf'],
  video: ['mp4', 'webm'],
};

export const FORMAT_NAMES: Record<FileFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  svg: 'SVG',
  pdf: 'PDF',
  mp4: 'MP4',
  webm: 'WebM',
};

export const CONTENT_TYPES: Record<FileFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

export const EXTENSIONS: Record<FileFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  svg: 'svg',
  pdf: 'pdf',
  mp4: 'mp4',
  webm: 'webm',
};

export function kindOf(format: FileFormat): UploadKind {
  const kinds = Object.keys(FORMATS) as UploadKind[];
  return kinds.find((kind) => FORMATS[kind].includes(format)) ?? 'image';
}

/** "JPEG, PNG, WebP, GIF or SVG" */
export function acceptedNames(kind: UploadKind): string {
  const names = FORMATS[kind].map((format) => FORMAT_NAMES[format]);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

export function maxBytesFor(kind: UploadKind, format?: FileFormat): number {
  return format === 'svg' ? MAX_SVG_BYTES : MAX_BYTES[kind];
}

/** "10 MB", "10.1 MB", "900 KB": rounded up, so a file just over a limit never reads as equal to it. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Math.ceil((bytes / MB) * 10) / 10} MB`;
  return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}
