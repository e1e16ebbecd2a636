import { Navigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import type { LanguageCode } from '../../../../contract/languages';
import { QueryState } from '../../../components/query-state';
import { RichText } from '../../../components/rich-text';
import { useCourse } from '../api/courses';
import type { LearningPaths } from './learning-paths';
import { NextStep } from './next-step';

/** The course summary (Conclusion group); a course without one has no summary view. */
export function SummaryView({ lang, courseId, paths }: { lang: LanguageCode; courseId: string; paths: LearningPaths }) {
  const { t } = useTranslation('learning');
  const course = useCourse(lang, courseId);
  if (!course.data) return <QueryState isPending={course.isPending} isError={course.isError} refetch={() => void course.refetch()} minHeight="screen" />;
  if (!course.data.summary) return <Navigate to={paths.course(lang, courseId)} replace />;
  return (
    <article className="view" aria-labelledby="view-title">
      <p className="eyebrow">{t('conclusion')}</p>
      <h1 id="view-title" className="view__title">
        {t('summary')}
      </h1>
      <RichText html={course.data.summary} videoLabel={t('video')} playLabel={t('playVideo')} className="lesson__content" />
      <NextStep lang={lang} courseId={courseId} current="summary" paths={paths} />
    </article>
  );
}
