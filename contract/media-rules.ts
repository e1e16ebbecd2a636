// The media library's plain values, shared by the server (the database's CHECKs, the routes'
// schemas) and the staff console. Plain values that import nothing.

/** What staff upload: each kind has its own accepted formats and size limit (ADR 15). */
export const UPLOAD_KINDS = ['image', 'document', 'video'] as const;

export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The longest alternative text of a file in one language: a sentence or two, read aloud by a screen reader. */
export const MEDIA_ALT_MAX_LENGTH = 300;

/** Files in one page of the media library. */
export const MEDIA_PAGE_SIZE = 24;

/** The longest search a media library list takes. */
export const MEDIA_SEARCH_MAX_LENGTH = 100;
