// The kinds of content staff author, and the words of its workflow, shared by the server (database
// CHECKs, the authoring rules, the change announcements) and the staff console. Plain values that
// import nothing (docs/decisions/0019-authoring-drafts-versions-publishing.md).

/** What staff write and publish: each item is one of these, in one or more languages. */
export const CONTENT_KINDS = ['course', 'blog', 'story', 'gallery', 'banner'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const isContentKind = (value: string): value is ContentKind =>
  (CONTENT_KINDS as readonly string[]).includes(value);

/**
 * Where a language's newest version stands: being written (draft), waiting for an editor
 * (in_review), or the version learners see (published). A language whose newest version is newer
 * than its published one is a draft while the published one stays live.
 */
export const CONTENT_STATUSES = ['draft', 'in_review', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** What made a version: a member of staff saving, a member restoring an older one, or the sample-content import. */
export const VERSION_ORIGINS = ['save', 'restore', 'import'] as const;
export type VersionOrigin = (typeof VERSION_ORIGINS)[number];

/** Who an item belongs to: the sample-content import, until the first staff write; then staff, for good. */
export const CONTENT_OWNERS = ['import', 'staff'] as const;
export type ContentOwner = (typeof CONTENT_OWNERS)[number];

/**
 * The key of a chapter, lesson, video, quiz, question, option or image: the same in every language
 * and every version of an item, so translations and versions are matched by it. Lowercase letters,
 * digits and hyphens, in segments joined by "/" (an imported lesson's key is chapter/lesson).
 */
export const CONTENT_KEY_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)*$';
export const CONTENT_KEY_MAX = 100;

/** An item's address name, unique within its kind. */
export const CONTENT_SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const CONTENT_SLUG_MAX = 100;

/** A stored file as the site addresses it: `uploads/...` (an upload, or a file the import copied). */
export const STORED_FILE_PATTERN = '^uploads/[A-Za-z0-9_][A-Za-z0-9._-]*(?:/[A-Za-z0-9_][A-Za-z0-9._-]*)*$';

/** The latest a publication can be scheduled, counted from now. */
export const SCHEDULE_MAX_DAYS = 366;

/** The time zone staff schedule in and the console shows times in. */
export const STAFF_TIME_ZONE = 'Asia/Kolkata';

/** The schemes a link in rich text may have (besides an address on this site): what the server's allowlist keeps and the console's editor offers. */
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** The most pictures a gallery title and a banner item hold. */
export const GALLERY_IMAGES_MAX = 500;
export const BANNER_IMAGES_MAX = 50;
