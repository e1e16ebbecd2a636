// The shapes of the media library's calls (/api/staff/media): the files staff uploaded, their text
// alternatives per language, and where each is used.
import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGE_CODES, type LanguageCode } from './languages';
import { MEDIA_ALT_MAX_LENGTH, MEDIA_PAGE_SIZE, MEDIA_SEARCH_MAX_LENGTH, UPLOAD_KINDS } from './media-rules';
import { pageQuery } from './page-query';
import { StringEnum, nullable } from './schema-helpers';
import { Uuid } from './ids';

export const UploadKindSchema = StringEnum(UPLOAD_KINDS, {
  description: 'image (JPEG, PNG, WebP, GIF, SVG), document (PDF) or video (MP4, WebM)',
});

export const MediaVariant = Type.Object({
  path: Type.String({ description: 'The address the site uses (`uploads/by-hash/...`), cached for a year' }),
  contentType: Type.String(),
  bytes: Type.Integer(),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
});

const altText = () => Type.Optional(Type.String({ maxLength: MEDIA_ALT_MAX_LENGTH }));
const altFields = Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, altText()])) as {
  [L in LanguageCode]: ReturnType<typeof altText>;
};

export const MediaAlt = Type.Object(altFields, {
  additionalProperties: false,
  description: 'The text alternative in each language that has one (what a screen reader says for the picture)',
});
export type MediaAlt = Static<typeof MediaAlt>;

export const MediaFile = Type.Object({
  id: Type.String(),
  kind: UploadKindSchema,
  format: Type.String({
    description: 'What the bytes are (jpeg, png, webp, gif, svg, pdf, mp4, webm), whatever the name said',
  }),
  originalName: Type.String(),
  bytes: Type.Integer({ description: 'Size of the file as uploaded' }),
  width: nullable(Type.Integer()),
  height: nullable(Type.Integer()),
  durationSeconds: nullable(Type.Number({ description: 'Videos: how long they play, when the file says' })),
  path: Type.String({ description: 'The address to use in content: the widest copy of a photo, or the file' }),
  variants: Type.Array(MediaVariant, {
    description: 'Photos: WebP copies 1280, 640 and 320 wide (at most the original width), widest first',
  }),
  alt: MediaAlt,
  uploadedBy: nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  uploadedAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type MediaFile = Static<typeof MediaFile>;

export const MEDIA_USAGE_KINDS = ['course', 'lesson', 'video', 'blog', 'story', 'gallery', 'banner', 'draft'] as const;
export const MEDIA_USAGE_FIELDS = [
  'image',
  'document',
  'video',
  'poster',
  'description',
  'summary',
  'journal',
  'content',
  'draft',
] as const;

export const MediaUsage = Type.Object({
  kind: StringEnum(MEDIA_USAGE_KINDS, { description: 'What uses the file' }),
  id: Type.String({ description: 'Its id (a gallery image or banner image: the gallery or banner item)' }),
  title: Type.String(),
  lang: nullable(
    Type.String({
      description:
        'The language version (of a course and what is in it, a post, a story, a gallery, a banner, a draft)',
    }),
  ),
  field: StringEnum(MEDIA_USAGE_FIELDS, {
    description: 'Where in it: a file field, or a rich text that names the file',
  }),
  course: nullable(
    Type.Object(
      { id: Type.String(), title: Type.String() },
      { description: 'The course a lesson or video is part of' },
    ),
  ),
  itemId: nullable(
    Type.String({
      description:
        'The content item staff edit it as (a lesson or video: its course’s), for the console’s page of that item in `lang`; null when no item holds it',
    }),
  ),
});
export type MediaUsage = Static<typeof MediaUsage>;

export const MediaFileDetail = Type.Composite([MediaFile, Type.Object({ usedIn: Type.Array(MediaUsage) })]);
export type MediaFileDetail = Static<typeof MediaFileDetail>;

export const MediaListQuery = Type.Composite([
  pageQuery(MEDIA_PAGE_SIZE),
  Type.Object({
    q: Type.Optional(
      Type.String({
        maxLength: MEDIA_SEARCH_MAX_LENGTH,
        description: 'Words in the file’s name or its text alternatives, in any language',
      }),
    ),
    kind: Type.Optional(UploadKindSchema),
  }),
]);
export type MediaListQuery = Static<typeof MediaListQuery>;

export const MediaList = Type.Object({
  rows: Type.Array(MediaFile, { description: 'Newest first' }),
  total: Type.Integer(),
});

export const MediaParams = Type.Object({ id: Uuid });

export const MediaUploadQuery = Type.Object({ kind: UploadKindSchema });

export const MediaUploadResult = Type.Object({
  file: MediaFile,
  repeat: Type.Boolean({ description: 'The same file was uploaded before: this is that file, nothing new was stored' }),
  warnings: Type.Array(Type.String(), { description: 'What was removed from an SVG that a person may miss (English)' }),
});

export const MediaAltPatch = Type.Object(
  {
    alt: Type.Object(altFields, {
      additionalProperties: false,
      // Checked before unknown fields are dropped: a language the platform does not have is refused.
      propertyNames: { enum: [...LANGUAGE_CODES] },
      minProperties: 1,
    }),
  },
  { description: 'Text alternatives to set, by language; an empty text removes that language’s' },
);
export type MediaAltPatch = Static<typeof MediaAltPatch>;
