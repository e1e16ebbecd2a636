// The learning views' frame (learning-frame.tsx) for a signed-in learner: their course and progress,
// and the notice when the interface's language has no translation of the course.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isLanguageCode, type LanguageCode } from '../../../../contract/languages';
import { isNotFound } from '../../../lib/api-client';
import { QueryState } from '../../../components/query-state';
import { CourseLanguageNotice, useCourseFollowsLanguage } from '../../../components/course/course-language';
import { completion } from '../../../lib/course/course-items';
import type { CourseView } from '../../../lib/course/course-views';
import type { ProgressRecord } from '../../../../contract/progress';
import { useCourse } from '../../../lib/course/courses';
import { learningItems } from '../../../lib/course/course-items';
import { useOutboxSender } from '../../../lib/offline/use-outbox';
import { useLearnerProgress } from '../api/learner-progress';
import { LearningFrame } from './learning-frame';
import { OfflineNotice } from './offline-notice';
import type { LearningPaths } from '../../../lib/learning-paths';

/**
 * The share of the course done: the server's tally, or counted here when changes made offline wait
 * (lessons, videos and passed quizzes over all of them, as the server counts).
 */
function percentageOf(course: CourseView, progress: ProgressRecord | null | undefined, paths: LearningPaths): number {
  if (!progress) return 0;
  const items = learningItems(course, progress, paths, { journal: '', summary: '' }).filter(
    (item) => item.kind !== 'journal' && item.kind !== 'summary',
  );
  if (items.length === 0) return progress.percentage;
  const counted = Math.round((items.filter((item) => item.done).length / items.length) * 1000) / 10;
  return Math.max(progress.percentage, counted);
}

export function LearningShell({
  lang: langParam,
  courseId,
  paths,
  children,
}: {
  lang: string;
  courseId: string;
  paths: LearningPaths;
  children: ReactNode;
}) {
  const lang: LanguageCode = isLanguageCode(langParam) ? langParam : 'en';
  const course = useCourse(lang, courseId);
  const progress = useLearnerProgress(lang, courseId);
  // The phone's outbox is sent from here on (at once, when the network returns, when shown, each minute).
  useOutboxSender();
  const missingIn = useCourseFollowsLanguage(lang, courseId, paths);

  if (!isLanguageCode(langParam)) return <Navigate to={paths.home()} replace />;
  if (isNotFound(course.error)) return <Navigate to={paths.home()} replace />;
  if (!course.data) {
    return (
      <div className="container learner-section">
        <QueryState
          isPending={course.isPending}
          isError={course.isError}
          refetch={() => void course.refetch()}
          minHeight="screen"
        />
      </div>
    );
  }
  return (
    <LearningFrame
      course={course.data}
      paths={paths}
      done={completion(progress.data)}
      percentage={percentageOf(course.data, progress.data, paths)}
      notice={
        <>
          <OfflineNotice course={course.data} paths={paths} />
          {missingIn && <CourseLanguageNotice missing={missingIn} courseLang={lang} paths={paths} />}
        </>
      }
    >
      {children}
    </LearningFrame>
  );
}
