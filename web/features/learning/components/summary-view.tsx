import { Navigate } from 'react-router';
import type { LanguageCode } from '../../../../contract/languages';
import { QueryState } from '../../../components/query-state';
import { useCourse } from '../../../lib/course/courses';
import { ConclusionArticle } from './learning-articles';
import type { LearningPaths } from '../../../lib/learning-paths';
import { NextStep } from './next-step';

/** The course summary (Conclusion group); a course without one has no summary view. */
export function SummaryView({ lang, courseId, paths }: { lang: LanguageCode; courseId: string; paths: LearningPaths }) {
  const course = useCourse(lang, courseId);
  if (!course.data)
    return (
      <QueryState
        isPending={course.isPending}
        isError={course.isError}
        refetch={() => void course.refetch()}
        minHeight="screen"
      />
    );
  if (!course.data.summary) return <Navigate to={paths.course(lang, courseId)} replace />;
  return (
    <ConclusionArticle
      part="summary"
      text={course.data.summary}
      next={<NextStep lang={lang} courseId={courseId} current="summary" paths={paths} />}
    />
  );
}
