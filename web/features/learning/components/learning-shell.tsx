// The learning views' frame (learning-frame.tsx) for a signed-in learner: their course and progress,
// and the notice when the interface's language has no translation of the course.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isLanguageCode, type LanguageCode } from '../../../../contract/languages';
import { isNotFound } from '../../../lib/api-client';
import { QueryState } from '../../../components/query-state';
import { CourseLanguageNotice, useCourseFollowsLanguage } from '../../../components/course/course-language';
import { completion } from '../../../lib/course/course-items';
import { useCourse } from '../../../lib/course/courses';
import { useProgress } from '../../../lib/course/progress';
import { LearningFrame } from './learning-frame';
import type { LearningPaths } from '../../../lib/learning-paths';

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
  const progress = useProgress(lang, courseId, true);
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
      percentage={progress.data?.percentage ?? 0}
      notice={missingIn && <CourseLanguageNotice missing={missingIn} courseLang={lang} paths={paths} />}
    >
      {children}
    </LearningFrame>
  );
}
