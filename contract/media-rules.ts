// The media library's plain values, shared by the server (the uploads pipeline, the database's
// CHECKs, the routes' schemas) and the staff console (which checks a file before sending it).
// Plain values that import nothing. docs/decisions/0015-uploads.md says why the limits are these:
// learners open these files on cheap phones over metered data, so the limits are about what a
// page can afford to show, not what a disk can hold.

/** What staff upload: each kind has its own accepted formats and size limit (ADR 15). */
export const UPLOAD_KINDS = ['image', 'document', 'video'] as const;

export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The longest alternative text of a file in one language: a sentence or two, read aloud by a screen reader. */
export const MEDIA_ALT_MAX_LENGTH = 300;

/** Files in one page of the media library. */
export const MEDIA_PAGE_SIZE = 24;

/** The longest search a media library list takes. */
export const MEDIA_SEARCH_MAX_LENGTH = 100;

/** What a file's bytes are, whatever its name says. */
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

/** "10 MB", "10.1 MB", "900 KB", "2.5 GB": rounded up, so a file just over a limit never reads as equal to it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${Math.ceil((bytes / (1024 * MB)) * 10) / 10} GB`;
  if (bytes >= MB) return `${Math.ceil((bytes / MB) * 10) / 10} MB`;
  return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}
