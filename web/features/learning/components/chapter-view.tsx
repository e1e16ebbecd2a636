// A chapter (its lessons listed) or one lesson of it with Mark as Complete.
import { Navigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import type { LanguageCode } from '../../../../contract/languages';
import { ApiError, isNotFound } from '../../../lib/api-client';
import { localMessage } from '../../../i18n/server-messages';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { useLearnerProgress } from '../api/learner-progress';
import { useChapter } from '../api/chapter-quiz';
import { useCompleteLesson } from '../api/progress';
import { completion } from '../../../lib/course/course-items';
import { EnrolOffer } from './enrol-offer';
import { ChapterLessons, LessonArticle } from './learning-articles';
import type { LearningPaths } from '../../../lib/learning-paths';
import { NextStep } from './next-step';

export function ChapterView({
  lang,
  courseId,
  chapterId,
  lessonId,
  paths,
}: {
  lang: LanguageCode;
  courseId: string;
  chapterId: string;
  lessonId?: string;
  paths: LearningPaths;
}) {
  const { t } = useTranslation('learning');
  const chapter = useChapter(lang, courseId, chapterId);
  const progress = useLearnerProgress(lang, courseId);
  const complete = useCompleteLesson(lang, courseId);
  const done = completion(progress.data);

  if (isNotFound(chapter.error)) return <Navigate to={paths.home()} replace />;
  if (!chapter.data)
    return (
      <QueryState
        isPending={chapter.isPending}
        isError={chapter.isError}
        refetch={() => void chapter.refetch()}
        minHeight="screen"
      />
    );

  const c = chapter.data;
  if (!lessonId)
    return <ChapterLessons chapter={c} lang={lang} courseId={courseId} paths={paths} doneLessons={done.lessons} />;

  const lesson = c.lessons.find((l) => l.id === lessonId);
  if (!lesson) return <Navigate to={paths.chapter(lang, courseId, chapterId)} replace />;
  const isDone = done.lessons.has(`${chapterId}::${lesson.id}`);
  // Known not to be enrolled (the progress record is missing): completing needs an enrolment first.
  const notEnrolled = progress.isSuccess && progress.data === null;
  const markComplete = () =>
    complete.mutate(
      { chapterId, lessonId: lesson.id },
      {
        onSuccess: (answer) =>
          notify({ status: 200, message: answer.sent ? localMessage(answer.sent) : t('offline.away.keptOnPhone') }),
        onError: (error) => {
          notify({ status: error instanceof ApiError ? error.status : 500, message: localMessage(error) });
          // Enrolment ended elsewhere (another device): read the record again, and the offer shows.
          if (error instanceof ApiError && error.code === 'notEnrolled') void progress.refetch();
        },
      },
    );

  return (
    <LessonArticle
      chapterTitle={c.title}
      lesson={lesson}
      actions={
        isDone ? (
          <p className="done-note" role="status">
            ✓ {t('lessonDone')}
          </p>
        ) : notEnrolled ? (
          <EnrolOffer lang={lang} courseId={courseId} actionLabel={t('enrollAndComplete')} then={markComplete} />
        ) : (
          <button
            type="button"
            className="btn"
            disabled={complete.isPending || progress.isPending}
            onClick={markComplete}
          >
            {t('markComplete')}
          </button>
        )
      }
      next={<NextStep lang={lang} courseId={courseId} current={`${chapterId}::${lesson.id}`} paths={paths} />}
    />
  );
}
