// The course read model (ADR 29): a published course language as the rows learners read, one course
// row with its chapters, lessons, videos, quizzes, questions and options. Ids come from the item's id
// seed, the language and each element's key (lib/read-models.ts), so a lesson keeps its id, and
// learners their completions of it, when it is reordered or moved to another chapter.
import type { CourseDocument } from '../../../contract/authoring';
import type { LanguageCode } from '../../../contract/languages';
import type { chapters, courses, courseVideos, lessons, options, questions, quizzes } from '../../db/schema/courses';
import { textOrNull, type ReadModelSource } from '../../lib/read-models';
import { stableId } from '../../lib/stable-id';

type WithId<T> = T & { id: string };

export interface CourseRows {
  course: WithId<typeof courses.$inferInsert>;
  chapters: WithId<typeof chapters.$inferInsert>[];
  lessons: WithId<typeof lessons.$inferInsert>[];
  videos: WithId<typeof courseVideos.$inferInsert>[];
  quizzes: WithId<typeof quizzes.$inferInsert>[];
  questions: WithId<typeof questions.$inferInsert>[];
  options: WithId<typeof options.$inferInsert>[];
}

export function courseRowId(item: ReadModelSource, lang: LanguageCode): string {
  return stableId('course', item.idSeed, lang);
}

export function courseRows(
  item: ReadModelSource,
  lang: LanguageCode,
  doc: CourseDocument,
  createdAt?: Date,
): CourseRows {
  const seed = item.idSeed;
  const id = courseRowId(item, lang);
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
      summary: textOrNull(doc.summary),
      journal: textOrNull(doc.journal),
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
      description: textOrNull(video.description),
      position: vi + 1,
      video: video.video ?? '',
      poster: video.poster,
      duration: video.duration,
    });
  });
  doc.quizzes.forEach((quiz, qi) => {
    const quizId = stableId('quiz', seed, lang, quiz.key!);
    rows.quizzes.push({
      id: quizId,
      courseId: id,
      slug: quiz.key!,
      title: quiz.title,
      position: qi + 1,
      passingCriteria: quiz.passingCriteria,
    });
    quiz.questions.forEach((question, ni) => {
      const questionId = stableId('question', seed, lang, quiz.key!, question.key!);
      rows.questions.push({
        id: questionId,
        quizId,
        slug: question.key!,
        position: ni + 1,
        content: question.content,
        type: question.type,
        explanation: question.explanation ?? null,
      });
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
