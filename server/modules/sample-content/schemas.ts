// The shape of every content file (docs/content-format.md). `x-message` is what a writer reads when a
// value does not match, instead of a JSON-Schema phrase.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { LANGUAGE_CODES } from '../../../contract/languages';

export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
const SLUG_MESSAGE = 'must be lowercase letters, digits and single hyphens (like money-basics)';

const Slug = Type.String({ pattern: SLUG_PATTERN, 'x-message': SLUG_MESSAGE });
const Text = Type.String({ minLength: 1, pattern: '\\S', 'x-message': 'must be text, not empty' });
const Markdown = Type.String({ minLength: 1, pattern: '\\S', 'x-message': 'must be markdown text, not empty' });
const Minutes = Type.Integer({ minimum: 0, maximum: 100000 });
const IsoDate = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  'x-message': 'must be a date written as YYYY-MM-DD',
});
/** A path under sample-content/files; whether the file exists is checked separately. */
const FilePath = Type.String({
  pattern: '^[A-Za-z0-9_][A-Za-z0-9._-]*(?:/[A-Za-z0-9_][A-Za-z0-9._-]*)*$',
  'x-message': 'must be a path under sample-content/files, like blogs/upi.svg (letters, digits, . _ - and /)',
});
const strict = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

export const Lang = Type.Union(
  LANGUAGE_CODES.map((code) => Type.Literal(code)),
  { 'x-message': `must be one of ${LANGUAGE_CODES.join(', ')}` },
);

const Lesson = strict({
  slug: Slug,
  title: Text,
  duration: Minutes,
  content: Markdown,
});

const Chapter = strict({
  slug: Slug,
  title: Text,
  lessons: Type.Array(Lesson, { minItems: 1 }),
});

const Video = strict({
  slug: Slug,
  title: Text,
  description: Type.Optional(Type.String()),
  video: FilePath,
  poster: Type.Optional(FilePath),
  duration: Type.Integer({ minimum: 0, maximum: 86400 }),
});

const Option = strict({
  slug: Slug,
  content: Text,
  correct: Type.Optional(Type.Boolean()),
});

const Question = strict({
  slug: Slug,
  type: Type.Union([Type.Literal('single'), Type.Literal('multi')], { 'x-message': 'must be single or multi' }),
  content: Text,
  options: Type.Array(Option, { minItems: 2 }),
  // Why the right answer is right: shown with the result, never before the quiz is submitted.
  explanation: Type.Optional(Text),
});

const Quiz = strict({
  slug: Slug,
  title: Text,
  passingCriteria: Type.Integer({ minimum: 0, maximum: 100 }),
  questions: Type.Array(Question, { minItems: 1 }),
});

export const CourseFile = strict({
  slug: Slug,
  lang: Lang,
  title: Text,
  description: Markdown,
  image: FilePath,
  document: Type.Optional(FilePath),
  duration: Minutes,
  published: Type.Optional(Type.Boolean()),
  createdAt: Type.Optional(IsoDate),
  summary: Type.Optional(Markdown),
  journal: Type.Optional(Markdown),
  chapters: Type.Array(Chapter, { minItems: 1 }),
  videos: Type.Optional(Type.Array(Video)),
  quizzes: Type.Optional(Type.Array(Quiz)),
});
export type CourseFile = Static<typeof CourseFile>;

export const BlogFile = strict({
  title: Text,
  author: Text,
  date: IsoDate,
  readTime: Type.Integer({ minimum: 1, maximum: 600 }),
  image: FilePath,
  imageAlt: Text,
  published: Type.Optional(Type.Boolean()),
  description: Markdown,
});
export type BlogFile = Static<typeof BlogFile>;

export const StoryFile = strict({
  authorName: Text,
  date: IsoDate,
  image: FilePath,
  imageAlt: Text,
  isHighlighted: Type.Optional(Type.Boolean()),
  published: Type.Optional(Type.Boolean()),
  description: Markdown,
});
export type StoryFile = Static<typeof StoryFile>;

/** `stories/<slug>.<lang>.yaml`: a story's text in another language; image, date and highlight are the English file's. */
export const StoryTranslationFile = strict({
  authorName: Text,
  imageAlt: Text,
  published: Type.Optional(Type.Boolean()),
  description: Markdown,
});
export type StoryTranslationFile = Static<typeof StoryTranslationFile>;

const MediaImage = strict({ image: FilePath, alt: Text });

export const TitlesFile = Type.Array(
  strict({
    slug: Slug,
    title: Text,
    images: Type.Array(MediaImage, { minItems: 1 }),
  }),
);
export type TitlesFile = Static<typeof TitlesFile>;

export const BannersFile = Type.Array(
  strict({
    slug: Slug,
    title: Text,
    subTitle: Type.Optional(Type.String()),
    location: Type.Optional(Type.String()),
    images: Type.Array(MediaImage, { minItems: 2 }),
  }),
);
export type BannersFile = Static<typeof BannersFile>;

// `media/titles.<lang>.yaml` and `media/banners.<lang>.yaml` have the English files' shape; the
// loader checks that their slugs and image paths are the English ones.
