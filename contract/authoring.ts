// The shapes of authoring (/api/staff/content/...): the document of each kind of content, as one
// language of an item holds it, and the calls that save, version, compare, publish and translate it
// (docs/decisions/0019-authoring-drafts-versions-publishing.md).
//
// A document is the whole of one language of an item. Text may be empty while it is a draft; what
// must be filled in before it can be published is checked when publishing. Every chapter, lesson,
// video, quiz, question, option and image carries a `key`, the same in every language and every
// version; a new one may leave it out and the server gives it one.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  BANNER_IMAGES_MAX,
  CONTENT_KEY_MAX,
  CONTENT_KEY_PATTERN,
  CONTENT_KINDS,
  CONTENT_SLUG_MAX,
  CONTENT_SLUG_PATTERN,
  CONTENT_STATUSES,
  GALLERY_IMAGES_MAX,
  STORED_FILE_PATTERN,
  VERSION_ORIGINS,
} from './content-kinds';
import { TEXT_MAX } from './document-fields';
import { LANGUAGE_CODES, type LanguageCode } from './languages';
import { Uuid } from './ids';
import {
  chapterDetailSchema,
  courseDetailSchema,
  perLanguage,
  publicQuizSchema,
  type ChapterDetailResponse,
  type CourseDetailResponse,
  type PublicQuizResponse,
} from './courses';
import type { QuestionKey } from './quiz-scoring';
import { BlogOne, StoryOne } from './public-content';
import { CONTENT_PAGE_MAX, PAGE_OFFSET_MAX } from './page-sizes';
import { StringEnum, nullable } from './schema-helpers';

const strict = <T extends Record<string, TSchema>>(properties: T, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

export const ContentKindSchema = StringEnum(CONTENT_KINDS);
export const ContentStatusSchema = StringEnum(CONTENT_STATUSES);
const Lang = StringEnum(LANGUAGE_CODES);

const Key = Type.Optional(
  Type.String({
    pattern: CONTENT_KEY_PATTERN,
    maxLength: CONTENT_KEY_MAX,
    description: 'Stable across languages and versions; left out for a new element, the server gives one',
  }),
);
/** Plain text, shown as typed (titles, questions, alternative texts); its limit from TEXT_MAX, which the console's fields share. */
const Text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });
/** HTML, sanitised by the server when saved (server/lib/rich-text.ts). */
const RichText = Type.String({
  maxLength: 200_000,
  description: 'HTML; the server keeps only what its rich-text allowlist allows',
});
const StoredFile = Type.String({
  pattern: STORED_FILE_PATTERN,
  maxLength: 500,
  description: 'A stored file: uploads/...',
});
const Whole = (minimum: number, maximum: number, description?: string) =>
  Type.Integer({ minimum, maximum, ...(description ? { description } : {}) });
const IsoDay = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', description: 'YYYY-MM-DD' });

export const LessonDocument = strict({
  key: Key,
  title: Text(TEXT_MAX.lesson.title),
  duration: Whole(0, 100_000, 'Minutes'),
  content: RichText,
});
export const ChapterDocument = strict({
  key: Key,
  title: Text(TEXT_MAX.chapter.title),
  lessons: Type.Array(LessonDocument, { maxItems: 200 }),
});
export const VideoDocument = strict({
  key: Key,
  title: Text(TEXT_MAX.video.title),
  description: nullable(Text(TEXT_MAX.video.description)),
  video: nullable(StoredFile),
  poster: nullable(StoredFile),
  duration: Whole(0, 86_400, 'Seconds'),
});
export const OptionDocument = strict({ key: Key, content: Text(TEXT_MAX.option.content), correct: Type.Boolean() });
export const QuestionDocument = strict({
  key: Key,
  // Literals rather than StringEnum: documents are also checked by TypeBox's own compiler.
  type: Type.Union([Type.Literal('single'), Type.Literal('multi')], {
    description: 'single: exactly one correct option; multi: one or more',
  }),
  content: Text(TEXT_MAX.question.content),
  explanation: Type.Optional(
    nullable(
      Text(TEXT_MAX.question.explanation, 'Why the right answer is right: shown to the learner after they submit'),
    ),
  ),
  options: Type.Array(OptionDocument, { maxItems: 20 }),
});
export const QuizDocument = strict({
  key: Key,
  title: Text(TEXT_MAX.quiz.title),
  passingCriteria: Whole(0, 100, 'Pass mark: percent of questions right'),
  questions: Type.Array(QuestionDocument, { maxItems: 200 }),
});

export const CourseDocument = strict(
  {
    title: Text(TEXT_MAX.course.title),
    description: RichText,
    image: nullable(StoredFile),
    document: nullable(StoredFile),
    duration: Whole(0, 100_000, 'Minutes'),
    summary: nullable(RichText),
    journal: nullable(RichText),
    chapters: Type.Array(ChapterDocument, { maxItems: 200 }),
    videos: Type.Array(VideoDocument, { maxItems: 200 }),
    quizzes: Type.Array(QuizDocument, { maxItems: 100 }),
  },
  'A course in one language: chapters and lessons in order, videos, quizzes',
);
export type CourseDocument = Static<typeof CourseDocument>;

export const BlogDocument = strict(
  {
    title: Text(TEXT_MAX.blog.title),
    author: Text(TEXT_MAX.blog.author),
    date: IsoDay,
    readTime: Whole(1, 600, 'Minutes'),
    image: nullable(StoredFile),
    imageAlt: Text(TEXT_MAX.blog.imageAlt),
    description: RichText,
  },
  'A blog post in one language',
);
export type BlogDocument = Static<typeof BlogDocument>;

export const StoryDocument = strict(
  {
    authorName: Text(TEXT_MAX.story.authorName),
    date: IsoDay,
    image: nullable(StoredFile),
    imageAlt: Text(TEXT_MAX.story.imageAlt),
    isHighlighted: Type.Boolean(),
    description: RichText,
  },
  'A success story in one language',
);
export type StoryDocument = Static<typeof StoryDocument>;

export const MediaImageDocument = strict({ key: Key, image: StoredFile, alt: Text(TEXT_MAX.image.alt) });

export const GalleryDocument = strict(
  {
    title: Text(TEXT_MAX.gallery.title),
    position: Whole(1, 10_000, 'Place among the gallery titles'),
    images: Type.Array(MediaImageDocument, { maxItems: GALLERY_IMAGES_MAX }),
  },
  'A gallery title with its images, in one language',
);
export type GalleryDocument = Static<typeof GalleryDocument>;

export const BannerDocument = strict(
  {
    title: Text(TEXT_MAX.banner.title),
    subTitle: Text(TEXT_MAX.banner.subTitle),
    location: Text(TEXT_MAX.banner.location),
    position: Whole(1, 10_000, 'Place among the banner items'),
    images: Type.Array(MediaImageDocument, { maxItems: BANNER_IMAGES_MAX }),
  },
  'A banner item with its images, in one language',
);
export type BannerDocument = Static<typeof BannerDocument>;

export const CONTENT_DOCUMENTS = {
  course: CourseDocument,
  blog: BlogDocument,
  story: StoryDocument,
  gallery: GalleryDocument,
  banner: BannerDocument,
} as const;

export interface ContentDocuments {
  course: CourseDocument;
  blog: BlogDocument;
  story: StoryDocument;
  gallery: GalleryDocument;
  banner: BannerDocument;
}
export type AnyDocument = ContentDocuments[keyof ContentDocuments];

/** The document of a language, whichever the item's kind: checked against it when saved. */
export const AnyContentDocument = Type.Union(Object.values(CONTENT_DOCUMENTS), {
  description:
    'The document of the item’s kind: CourseDocument, BlogDocument, StoryDocument, GalleryDocument or BannerDocument',
});

/** A save's document is checked by the server against the item's kind (one schema per kind above). */
const SubmittedDocument = Type.Unknown({
  description:
    'The whole document of the language, of the item’s kind (its shape is the `body` of GET /api/staff/content/{id}/{lang})',
});

// ---------------------------------------------------------------- calls

/** Whose hand a version or a change is: a member of staff, or null for the sample-content import. */
export const Author = nullable(Type.Object({ id: nullable(Type.String()), name: Type.String() }));

export const LanguageState = Type.Object({
  lang: Lang,
  publicId: Type.String({
    format: 'uuid',
    description: 'The id learners and the public API know this language by (a course’s, a post’s...), once published',
  }),
  status: ContentStatusSchema,
  headVersion: Type.Integer(),
  publishedVersion: nullable(Type.Integer({ description: 'The version learners see; null when nothing is published' })),
  publishedAt: nullable(Type.String({ format: 'date-time' })),
  scheduled: nullable(
    Type.Object({
      version: Type.Integer(),
      at: Type.String({
        format: 'date-time',
        description: 'When it will be published (UTC; the console shows it in IST)',
      }),
    }),
  ),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type LanguageState = Static<typeof LanguageState>;

export const ContentItem = Type.Object({
  id: Uuid,
  kind: ContentKindSchema,
  slug: Type.String(),
  sourceLang: Lang,
  title: Type.String({ description: 'The title in the source language (a story: its author’s name)' }),
  owner: StringEnum(['import', 'staff'] as const, {
    description: 'import: untouched by staff since the sample content was imported',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  deletedAt: nullable(Type.String({ format: 'date-time' })),
  languages: Type.Array(LanguageState, {
    description: "Each language the item has, in the platform's order of languages (English first)",
  }),
});
export type ContentItem = Static<typeof ContentItem>;

export const ContentListQuery = Type.Object({
  kind: Type.Optional(ContentKindSchema),
  status: Type.Optional(
    StringEnum([...CONTENT_STATUSES, 'scheduled'] as const, { description: 'Items with a language in this status' }),
  ),
  lang: Type.Optional(Lang),
  search: Type.Optional(
    Type.String({ maxLength: 100, description: 'Part of the slug or of the source-language title' }),
  ),
  deleted: Type.Optional(
    Type.Boolean({ default: false, description: 'true: only deleted items; false (default): only the others' }),
  ),
  // Bounded like every paged list: a larger number is no page, and past the database's bigint it fails.
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: PAGE_OFFSET_MAX, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CONTENT_PAGE_MAX, default: 50 })),
});
export type ContentListQuery = Static<typeof ContentListQuery>;

export const ContentList = Type.Object({ items: Type.Array(ContentItem), total: Type.Integer() });
export type ContentList = Static<typeof ContentList>;

export const CreateContent = Type.Object({
  kind: ContentKindSchema,
  slug: Type.String({
    pattern: CONTENT_SLUG_PATTERN,
    maxLength: CONTENT_SLUG_MAX,
    description: 'Lowercase letters, digits and hyphens; unique within the kind',
  }),
  lang: Type.Optional(
    Type.Unsafe<(typeof LANGUAGE_CODES)[number]>({
      ...Lang,
      default: 'en',
      description: 'The source language (en unless said)',
    }),
  ),
  body: SubmittedDocument,
});
export type CreateContent = Static<typeof CreateContent>;

export const VersionInfo = Type.Object({
  number: Type.Integer(),
  origin: StringEnum(VERSION_ORIGINS),
  restoredFrom: nullable(Type.Integer()),
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Author,
});
export type VersionInfo = Static<typeof VersionInfo>;

/**
 * How long a pause ends an editing session (ADR 36): a save that continues the session's version
 * updates it only when that version was written less than this many minutes ago.
 */
export const EDIT_SESSION_PAUSE_MINUTES = 10;

/** A language's newest version with its document (or any version, read by number). */
export const LanguageHead = Type.Object({
  itemId: Uuid,
  kind: ContentKindSchema,
  lang: Lang,
  version: VersionInfo,
  revision: Type.String({
    description:
      'A short hash of the version’s document: it changes when an editing session’s saves update the version (ADR 36). Sent back as `baseRevision`.',
  }),
  state: LanguageState,
  body: AnyContentDocument,
});
export type LanguageHead = Static<typeof LanguageHead>;

/**
 * A language's newest version (draft or not) as the site would answer it once published: for a blog
 * the public post's answer, for a story the public story's, for a course the public course's and
 * each chapter's (keyed by chapter id), each exactly as its public call would send it. Gallery
 * titles and banner items show on the pages that list them: their preview has none of these yet.
 */
export const PreviewResponse = Type.Object({
  itemId: Uuid,
  kind: ContentKindSchema,
  lang: Lang,
  version: Type.Integer({ description: 'The version previewed: the language’s newest' }),
  publicId: Uuid,
  blog: Type.Optional(BlogOne),
  story: Type.Optional(StoryOne),
  course: Type.Optional(
    perLanguage('course', courseDetailSchema, 'As GET /api/course/public/{lang}/{courseId} would answer'),
  ),
  chapters: Type.Optional(
    Type.Record(
      Type.String(),
      perLanguage(
        'chapter',
        chapterDetailSchema,
        'As GET /api/chapter/public/{lang}/{courseId}/chapters/{chapterId} would answer',
      ),
      {
        description: 'Each chapter’s answer, keyed by chapter id',
      },
    ),
  ),
  quizzes: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Object({
        quiz: perLanguage(
          'quiz',
          publicQuizSchema,
          'As GET /api/quiz/public/{lang}/{courseId}/quiz/{quizId} would answer',
        ),
        key: Type.Array(
          Type.Object({
            id: Uuid,
            type: Type.String(),
            options: Type.Array(Type.Object({ id: Uuid, isCorrect: Type.Boolean() })),
            explanation: Type.Optional(nullable(Type.String())),
          }),
          {
            description:
              'Each question’s correct options (and explanation), for the editor’s try of the quiz to be scored in the browser by the rule the server uses (contract/quiz-scoring.ts); staff only, never in a public answer',
          },
        ),
      }),
      { description: 'Each quiz’s answer and answer key, keyed by quiz id' },
    ),
  ),
});
export type PreviewResponse = Omit<Static<typeof PreviewResponse>, 'course' | 'chapters' | 'quizzes'> & {
  course?: CourseDetailResponse<LanguageCode>;
  chapters?: Record<string, ChapterDetailResponse<LanguageCode>>;
  quizzes?: Record<string, PreviewQuiz>;
};
/** A quiz of a previewed course: its public answer and its answer key. */
export interface PreviewQuiz {
  quiz: PublicQuizResponse<LanguageCode>;
  key: QuestionKey[];
}

export const SaveContent = Type.Object({
  baseVersion: Type.Integer({
    minimum: 0,
    description:
      'The version this edit started from (the head read before editing); 0 for a language that has none yet',
  }),
  baseRevision: Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        'The `revision` of the version this edit started from: a save based on a version that changed since (another session’s saves updated it) is refused as stale. Without it only the number is checked.',
    }),
  ),
  continueVersion: Type.Optional(
    Type.Boolean({
      description:
        'This save continues the editing session that made the newest version (the editor’s own saves as the person types): the version is updated instead of a new one being made when it is this person’s draft, neither published nor scheduled nor in review, written in the last EDIT_SESSION_PAUSE_MINUTES minutes, and no translation was made from it. Otherwise a new version, as without it.',
    }),
  ),
  body: SubmittedDocument,
  confirmFields: Type.Optional(
    Type.Array(Type.String({ maxLength: 400 }), {
      maxItems: 2000,
      description:
        'A translation’s fields whose text still says what the current source says, though unchanged: they stop being stale',
    }),
  ),
});
export type SaveContent = Static<typeof SaveContent>;

/** A field's value in a flat comparison of documents (contract/document-fields.ts). */
const FieldValueSchema = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

/** 409: the save was based on an older version; nothing was written. */
export const StaleVersionResponse = Type.Object({
  code: Type.Literal('staleVersion'),
  message: Type.String(),
  current: LanguageHead,
  conflicts: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.String({ description: 'The field’s path, by keys' }),
        base: FieldValueSchema,
        mine: FieldValueSchema,
        theirs: FieldValueSchema,
      }),
      {
        description:
          'When the save could be merged with the current version but for these fields, which both changed (ADR 36): each with its value in the version the edit started from, in the save, and now. Absent when the structure changed on either side.',
      },
    ),
  ),
});

export const TemplateResponse = Type.Object({
  sourceLang: Lang,
  sourceVersion: Type.Integer(),
  baseVersion: Type.Integer({ description: 'The language’s head to save this on (0 when it has none)' }),
  body: AnyContentDocument,
});
export type TemplateResponse = Static<typeof TemplateResponse>;

export const PublishContent = Type.Object({
  version: Type.Optional(Type.Integer({ minimum: 1, description: 'The version to publish; the newest when left out' })),
  at: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'Publish at this time instead of now (with its offset, e.g. 2026-12-01T09:30:00+05:30)',
    }),
  ),
});
export type PublishContent = Static<typeof PublishContent>;

export const SubmitContent = Type.Object({
  version: Type.Integer({ minimum: 1, description: 'The version submitted: the head the translator saw' }),
});

export const VersionList = Type.Object({
  versions: Type.Array(
    Type.Composite([
      VersionInfo,
      Type.Object({ published: Type.Boolean({ description: 'The version learners see' }) }),
    ]),
  ),
});
export type VersionList = Static<typeof VersionList>;

export const ElementName = Type.Object(
  {
    list: Type.String({ description: 'Its list: lessons, questions, options…' }),
    number: Type.Integer({ minimum: 1, description: 'Its place in its list' }),
    title: Type.String({ description: 'What it is called: its title, text or text alternative, as plain text' }),
  },
  { description: 'The element a field belongs to, named for a person (contract/document-fields.ts: elementNames)' },
);

export const FieldChange = Type.Object({
  field: Type.String({ description: 'The field’s path, by keys: lessons[bank-account/why].content' }),
  change: StringEnum(['added', 'removed', 'changed'] as const),
  before: FieldValueSchema,
  after: FieldValueSchema,
  element: nullable(ElementName),
});

/** The largest version number: the column is a PostgreSQL integer. */
export const VERSION_NUMBER_MAX = 2_147_483_647;

export const DiffQuery = Type.Object({
  from: Type.Integer({ minimum: 1, maximum: VERSION_NUMBER_MAX }),
  to: Type.Integer({ minimum: 1, maximum: VERSION_NUMBER_MAX }),
});

export const DiffResponse = Type.Object({ from: Type.Integer(), to: Type.Integer(), changes: Type.Array(FieldChange) });
export type DiffResponse = Static<typeof DiffResponse>;

export const RestoreVersion = Type.Object({
  baseVersion: Type.Integer({ minimum: 1, description: 'The head the restore was decided on' }),
});

export const TRANSLATION_CELL_STATUSES = ['missing', ...CONTENT_STATUSES] as const;

export const TranslationCell = Type.Object({
  lang: Lang,
  status: StringEnum(TRANSLATION_CELL_STATUSES),
  live: Type.Boolean({ description: 'A version is published' }),
  headVersion: nullable(Type.Integer()),
  stale: Type.Integer({ description: 'Fields whose source text changed after they were translated' }),
  missing: Type.Integer({ description: 'Fields the source has that are empty here' }),
});

export const TranslationMatrix = Type.Object({
  languages: Type.Array(Lang),
  items: Type.Array(
    Type.Object({
      id: Uuid,
      kind: ContentKindSchema,
      slug: Type.String(),
      title: Type.String(),
      sourceLang: Lang,
      sourceVersion: nullable(Type.Integer()),
      cells: Type.Array(TranslationCell, { description: 'One per language, in the order of `languages`' }),
    }),
  ),
});
export type TranslationMatrix = Static<typeof TranslationMatrix>;

export const StaleFields = Type.Object({
  sourceLang: Lang,
  sourceVersion: Type.Integer(),
  version: nullable(Type.Integer({ description: 'The translation’s head (null: not started)' })),
  fields: Type.Array(
    Type.Object({
      field: Type.String(),
      element: nullable(ElementName),
      state: StringEnum(['stale', 'missing'] as const),
      source: nullable(Type.String({ description: 'The source’s text now' })),
      translatedFrom: nullable(
        Type.Object(
          { version: Type.Integer(), text: nullable(Type.String()) },
          { description: 'The source’s text when the field was translated' },
        ),
      ),
      translation: nullable(Type.String()),
    }),
  ),
});
export type StaleFields = Static<typeof StaleFields>;

// ---------------------------------------------------------------- the translator exchange (XLIFF 2.0)

/** Why an imported unit was not applied, with the English text the report gives. */
export const XLIFF_REFUSALS = {
  unknownUnit:
    'No text field of the item has this unit’s id now (tampered with, or removed from the source since the export)',
  duplicateUnit: 'The file has this unit twice; only the first was read',
  notTranslatable: 'This field is not text a translator writes (a file, a number or a setting)',
  sourceChanged: 'The source text changed after the export: export again and translate the new text',
  emptyTarget: 'The target is empty: the field keeps its text',
  inlineMarkup: 'The target holds XLIFF inline elements; this exchange carries rich text as escaped HTML only',
  markupInPlainText: 'Plain text cannot hold markup (tags)',
  markupRefused: 'The rich text holds markup the site does not allow',
} as const;
export type XliffRefusal = keyof typeof XLIFF_REFUSALS;
export const XLIFF_REFUSAL_CODES = Object.keys(XLIFF_REFUSALS) as XliffRefusal[];

/** What became of one item (one <file>) of an imported exchange file. */
export const XLIFF_ITEM_RESULTS = ['saved', 'unchanged', 'conflict', 'refused'] as const;
export const XLIFF_FIELD_OUTCOMES = ['changed', 'unchanged', 'confirmed', 'refused'] as const;

export const XliffImportReport = Type.Object({
  lang: Lang,
  totals: Type.Object({
    changed: Type.Integer(),
    unchanged: Type.Integer(),
    confirmed: Type.Integer(),
    refused: Type.Integer(),
    conflicts: Type.Integer({ description: 'Items not written because they were saved after the export' }),
  }),
  items: Type.Array(
    Type.Object({
      file: Type.String({ description: 'The <file> id: the item’s id' }),
      itemId: nullable(Uuid),
      result: StringEnum(XLIFF_ITEM_RESULTS, {
        description:
          'saved: a new version of the language; unchanged: nothing to write; conflict: the language was saved after the export, nothing written (export again); refused: the item could not be read or saved (see code)',
      }),
      code: Type.Optional(Type.String({ description: 'Why an item was refused: a message code' })),
      message: Type.Optional(Type.String()),
      details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
      exportedFrom: nullable(
        Type.Integer({ description: 'The language’s version the file was made from (0: none yet)' }),
      ),
      version: nullable(Type.Integer({ description: 'The language’s newest version after the import' })),
      fields: Type.Array(
        Type.Object({
          unit: Type.String(),
          field: nullable(
            Type.String({ description: 'The field path the unit stands for (null when the id is not one)' }),
          ),
          outcome: StringEnum(XLIFF_FIELD_OUTCOMES, {
            description:
              'confirmed: a stale field whose unchanged text the translator marked translated, reviewed or final',
          }),
          reason: Type.Optional(StringEnum(XLIFF_REFUSAL_CODES)),
          message: Type.Optional(Type.String()),
        }),
      ),
    }),
  ),
});
export type XliffImportReport = Static<typeof XliffImportReport>;
