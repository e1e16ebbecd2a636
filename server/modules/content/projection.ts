// A published document as the rows of the public tables learners read. Every row's id is derived
// from the item's id seed, the language and the element's key (lib/stable-id.ts), never from its
// place: a lesson keeps its id, and learners their completions of it, when it is reordered or moved
// to another chapter. Imported content has its slug as seed and its slugs as keys, so its ids are
// the ones the import always gave.
import type { BannerDocument, BlogDocument, CourseDocument, GalleryDocument, StoryDocument } from '../../../contract/authoring';
import type { LanguageCode } from '../../../contract/languages';
import { stableId } from '../../lib/stable-id';
import type { BannerRows, CourseRows, GalleryRows } from './repository';
import type { blogs } from '../../db/schema/blogs';
import type { successStories } from '../../db/schema/success-stories';

export interface ProjectedItem {
  slug: string;
  idSeed: string;
}

const orNull = (text: string | null | undefined) => (text && text.trim() ? text : null);
const day = (date: string) => new Date(`${date}T00:00:00.000Z`);

/**
 * Blogs, stories, gallery titles and banner items were English only before they had languages: the
 * English row keeps the id it always had, another language's row adds "@lang" (a key never holds
 * "@", so the two can never meet).
 */
const langParts = (lang: LanguageCode) => (lang === 'en' ? [] : [`@${lang}`]);

export function courseId(item: ProjectedItem, lang: LanguageCode): string {
  return stableId('course', item.idSeed, lang);
}

export function courseRows(item: ProjectedItem, lang: LanguageCode, doc: CourseDocument, createdAt?: Date): CourseRows {
  const seed = item.idSeed;
  const id = courseId(item, lang);
  const rows: CourseRows = {
    course: {
      id,
      slug: item.slug,
      lang,
      title: doc.title,
      description: doc.description,
      image: doc.image ?? '',
      document: doc.document,
      duration: doc.duration,
      summary: orNull(doc.summary),
      journal: orNull(doc.journal),
      published: true,
      createdAt,
    },
    chapters: [],
    lessons: [],
    videos: [],
    quizzes: [],
    questions: [],
    options: [],
  };
  doc.chapters.forEach((chapter, ci) => {
    const chapterId = stableId('chapter', seed, lang, chapter.key!);
    rows.chapters.push({ id: chapterId, courseId: id, slug: chapter.key!, title: chapter.title, position: ci + 1 });
    chapter.lessons.forEach((lesson, li) => {
      rows.lessons.push({
        id: stableId('lesson', seed, lang, lesson.key!),
        chapterId,
        courseId: id,
        slug: lesson.key!,
        title: lesson.title,
        position: li + 1,
        duration: lesson.duration,
        content: lesson.content,
      });
    });
  });
  doc.videos.forEach((video, vi) => {
    rows.videos.push({
      id: stableId('video', seed, lang, video.key!),
      courseId: id,
      slug: video.key!,
      title: video.title,
      description: orNull(video.description),
      position: vi + 1,
      video: video.video ?? '',
      poster: video.poster,
      duration: video.duration,
    });
  });
  doc.quizzes.forEach((quiz, qi) => {
    const quizId = stableId('quiz', seed, lang, quiz.key!);
    rows.quizzes.push({ id: quizId, courseId: id, slug: quiz.key!, title: quiz.title, position: qi + 1, passingCriteria: quiz.passingCriteria });
    quiz.questions.forEach((question, ni) => {
      const questionId = stableId('question', seed, lang, quiz.key!, question.key!);
      rows.questions.push({ id: questionId, quizId, slug: question.key!, position: ni + 1, content: question.content, type: question.type, explanation: question.explanation ?? null });
      question.options.forEach((option, oi) => {
        rows.options.push({
          id: stableId('option', seed, lang, quiz.key!, question.key!, option.key!),
          questionId,
          slug: option.key!,
          position: oi + 1,
          content: option.content,
          isCorrect: option.correct,
        });
      });
    });
  });
  return rows;
}

export function blogId(item: ProjectedItem, lang: LanguageCode): string {
  return stableId('blog', item.idSeed, ...langParts(lang));
}

export function blogRow(item: ProjectedItem, lang: LanguageCode, doc: BlogDocument): typeof blogs.$inferInsert & { id: string } {
  return {
    id: blogId(item, lang),
    slug: item.slug,
    lang,
    title: doc.title,
    description: doc.description,
    image: doc.image ?? '',
    imageAlt: doc.imageAlt,
    author: doc.author,
    readTime: doc.readTime,
    published: true,
    createdAt: day(doc.date),
  };
}

export function storyId(item: ProjectedItem, lang: LanguageCode): string {
  return stableId('story', item.idSeed, ...langParts(lang));
}

export function storyRow(item: ProjectedItem, lang: LanguageCode, doc: StoryDocument): typeof successStories.$inferInsert & { id: string } {
  return {
    id: storyId(item, lang),
    slug: item.slug,
    lang,
    authorName: doc.authorName,
    image: doc.image ?? '',
    imageAlt: doc.imageAlt,
    description: doc.description,
    isHighlighted: doc.isHighlighted,
    published: true,
    createdAt: day(doc.date),
  };
}

export function galleryId(item: ProjectedItem, lang: LanguageCode): string {
  return stableId('media-title', item.idSeed, ...langParts(lang));
}

export function galleryRows(item: ProjectedItem, lang: LanguageCode, doc: GalleryDocument): GalleryRows {
  const titleId = galleryId(item, lang);
  return {
    title: { id: titleId, slug: item.slug, lang, title: doc.title, position: doc.position },
    images: doc.images.map((image, ii) => ({
      id: stableId('media-image', item.idSeed, ...langParts(lang), image.key!),
      titleId,
      image: image.image,
      alt: image.alt,
      position: ii + 1,
    })),
  };
}

export function bannerId(item: ProjectedItem, lang: LanguageCode): string {
  return stableId('banner', item.idSeed, ...langParts(lang));
}

export function bannerRows(item: ProjectedItem, lang: LanguageCode, doc: BannerDocument): BannerRows {
  const bannerId_ = bannerId(item, lang);
  return {
    banner: { id: bannerId_, slug: item.slug, lang, title: doc.title, subTitle: doc.subTitle, location: doc.location, position: doc.position },
    images: doc.images.map((image, ii) => ({
      id: stableId('banner-image', item.idSeed, ...langParts(lang), image.key!),
      bannerId: bannerId_,
      image: image.image,
      alt: image.alt,
      position: ii + 1,
    })),
  };
}
