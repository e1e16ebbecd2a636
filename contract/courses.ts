// Wire shapes of the public course calls. The specification names keys by language (course_hi,
// chapter_his, lesson_his, quiz_his, question_his, option_his), so the schemas are built per language
// and a response holds exactly the key of the language asked for.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Uuid } from './ids';
import { LANGUAGE_CODES, type LanguageCode } from './languages';
import { RATING_MAX } from './learning-rules';
import { MessageResponse } from './message-responses';
import { COURSE_PAGE_SIZE } from './page-sizes';
import { pageQuery } from './page-query';

// `type: [x, 'null']` rather than anyOf: the response serializer handles it without trying each branch,
// and the OpenAPI document shows it as nullable.
const NullableString = (options: { description?: string } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
const NullableInteger = (options: { minimum?: number; maximum?: number; description?: string } = {}) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });

export const CourseListItem = Type.Object({
  id: Uuid,
  slug: Type.String({ description: 'The same in every language version of the course' }),
  lang: Type.String(),
  title: Type.String(),
  description: Type.String({ description: 'Sanitised HTML' }),
  image: Type.String({ description: 'Relative path under the API host' }),
  document: NullableString({ description: 'Relative path under the API host' }),
  chapterCount: Type.Integer(),
  lessonCount: Type.Integer(),
  quizCount: Type.Integer(),
  courseVideoCount: Type.Integer(),
  rating: Type.Integer({ description: 'Number of ratings' }),
  averageRating: Type.Number({ description: 'Mean rating 1 to 5, one decimal; 0 when unrated' }),
  duration: Type.Integer({ description: 'Minutes' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type CourseListItem = Static<typeof CourseListItem>;

export const CourseListQuery = Type.Composite([
  pageQuery(COURSE_PAGE_SIZE),
  Type.Object({
    search: Type.Optional(
      Type.String({ maxLength: 100, description: 'Matched case-insensitively in title and description' }),
    ),
    lang: Type.String({ pattern: '^[a-z]{2}$', default: 'en', description: `One of ${LANGUAGE_CODES.join(', ')}` }),
  }),
]);

export const CourseListResponse = Type.Object({ courses: Type.Array(CourseListItem), total: Type.Integer() });
export type CourseListResponse = Static<typeof CourseListResponse>;

export const LessonOutline = Type.Object({
  id: Uuid,
  title: Type.String(),
  order: Type.Integer(),
  duration: Type.Integer({ description: 'Minutes' }),
});
export type LessonOutline = Static<typeof LessonOutline>;

export const LessonFull = Type.Object({
  id: Uuid,
  title: Type.String(),
  order: Type.Integer(),
  duration: Type.Integer({ description: 'Minutes' }),
  content: Type.String({ description: 'Sanitised HTML' }),
});
export type LessonFull = Static<typeof LessonFull>;

export const QuizListing = Type.Object({ id: Uuid, title: Type.String(), order: Type.Integer() });
export type QuizListing = Static<typeof QuizListing>;

export const CourseVideo = Type.Object({
  id: Uuid,
  title: Type.String(),
  description: NullableString(),
  video: Type.String({ description: 'Relative path under the API host' }),
  poster: NullableString({ description: 'Relative path under the API host' }),
  duration: Type.Integer({ description: 'Seconds' }),
  order: Type.Integer(),
});
export type CourseVideo = Static<typeof CourseVideo>;

export function chapterOutlineSchema(lang: LanguageCode) {
  return Type.Object({
    id: Uuid,
    title: Type.String(),
    order: Type.Integer(),
    [`lesson_${lang}s`]: Type.Array(LessonOutline),
  });
}

export function courseDetailSchema(lang: LanguageCode) {
  return Type.Composite([
    CourseListItem,
    Type.Object({
      summary: NullableString({ description: 'Sanitised HTML; absent summary view when null' }),
      journal: NullableString({ description: 'Sanitised HTML: the reflection prompt; absent journal view when null' }),
      [`chapter_${lang}s`]: Type.Array(chapterOutlineSchema(lang), {
        description: 'Chapters in order, each with its lessons in order',
      }),
      [`quiz_${lang}s`]: Type.Array(QuizListing, { description: 'Quizzes in order' }),
      videos: Type.Array(CourseVideo, { description: 'Course videos in order (the sidebar lists them)' }),
    }),
  ]);
}

export function chapterDetailSchema(lang: LanguageCode) {
  return Type.Object({
    id: Uuid,
    title: Type.String(),
    order: Type.Integer(),
    [`lesson_${lang}s`]: Type.Array(LessonFull),
  });
}

export const PublicOption = Type.Object({ id: Uuid, content: Type.String() });

export function publicQuizSchema(lang: LanguageCode) {
  return Type.Object({
    id: Uuid,
    title: Type.String(),
    passingCriteria: Type.Integer({ description: 'Pass mark: percentage of questions answered right' }),
    [`question_${lang}s`]: Type.Array(
      Type.Object({
        id: Uuid,
        content: Type.String(),
        type: Type.Unsafe<'single' | 'multi'>({ type: 'string', enum: ['single', 'multi'] }),
        [`option_${lang}s`]: Type.Array(PublicOption),
      }),
    ),
  });
}

/** A response object with one optional key per language: `${prefix}_${lang}`. */
export function perLanguage(prefix: string, build: (lang: LanguageCode) => TSchema, description: string) {
  return Type.Object(
    Object.fromEntries(LANGUAGE_CODES.map((lang) => [`${prefix}_${lang}`, Type.Optional(build(lang))])),
    { description },
  );
}

// Types for the web: the per-language keys spelt out.
export type ChapterOutline<L extends LanguageCode> = { id: string; title: string; order: number } & {
  [K in `lesson_${L}s`]: LessonOutline[];
};
export type CourseDetail<L extends LanguageCode> = CourseListItem & {
  summary: string | null;
  journal: string | null;
  videos: CourseVideo[];
} & { [K in `chapter_${L}s`]: ChapterOutline<L>[] } & { [K in `quiz_${L}s`]: QuizListing[] };
export type CourseDetailResponse<L extends LanguageCode> = { [K in `course_${L}`]: CourseDetail<L> };

export type ChapterDetail<L extends LanguageCode> = { id: string; title: string; order: number } & {
  [K in `lesson_${L}s`]: LessonFull[];
};
export type ChapterDetailResponse<L extends LanguageCode> = { [K in `chapter_${L}`]: ChapterDetail<L> };

export type PublicQuestion<L extends LanguageCode> = { id: string; content: string; type: 'single' | 'multi' } & {
  [K in `option_${L}s`]: { id: string; content: string }[];
};
export type PublicQuiz<L extends LanguageCode> = { id: string; title: string; passingCriteria: number } & {
  [K in `question_${L}s`]: PublicQuestion<L>[];
};
export type PublicQuizResponse<L extends LanguageCode> = { [K in `quiz_${L}`]: PublicQuiz<L> };

export const RatingBody = Type.Object({ rating: Type.Integer({ minimum: 1, maximum: RATING_MAX }) });
export const RatingResponse = Type.Object({
  myRating: NullableInteger({
    minimum: 1,
    maximum: RATING_MAX,
    description: "The signed-in learner's rating, null when not rated",
  }),
  rating: Type.Integer({ description: 'Number of ratings of the course' }),
  averageRating: Type.Number({ description: 'One decimal; 0 when unrated' }),
});
export type RatingResponse = Static<typeof RatingResponse>;
export const RatingSaved = Type.Composite([MessageResponse, RatingResponse]);
export type RatingSaved = Static<typeof RatingSaved>;

/**
 * The courses not published in a language yet, each with the languages it is in (its title in each):
 * the catalogue says they exist rather than leaving them out.
 */
export const OtherLanguagesQuery = Type.Object({
  lang: Type.String({ pattern: '^[a-z]{2}$', description: `One of ${LANGUAGE_CODES.join(', ')}` }),
});

export const OtherLanguagesResponse = Type.Object({
  courses: Type.Array(
    Type.Object({
      slug: Type.String(),
      versions: Type.Array(Type.Object({ lang: Type.String(), id: Uuid, title: Type.String() }), {
        description: 'In the order of the languages (contract/languages.ts)',
      }),
    }),
  ),
});
export type OtherLanguagesResponse = Static<typeof OtherLanguagesResponse>;

/** The ids of a course's page in another language: the page a learner reads, found by slug. */
export const CounterpartQuery = Type.Object({
  chapterId: Type.Optional(Uuid),
  lessonId: Type.Optional(Uuid),
  videoId: Type.Optional(Uuid),
  quizId: Type.Optional(Uuid),
});
export type CounterpartQuery = Static<typeof CounterpartQuery>;

/**
 * The same course in another language (the translations of a course share its slug, and so do
 * its chapters, lessons, videos and quizzes), with the ids of the asked-for items it also has.
 */
export const CounterpartResponse = Type.Object({
  lang: Type.String(),
  courseId: Uuid,
  chapterId: Type.Optional(Uuid),
  lessonId: Type.Optional(Uuid),
  videoId: Type.Optional(Uuid),
  quizId: Type.Optional(Uuid),
});
export type CounterpartResponse = Static<typeof CounterpartResponse>;
