// "Next" and "Previous" below a learning view, following the sidebar's order and the learner's progress.
import { useTranslation } from '../../../i18n/react';
import type { LanguageCode } from '../../../../contract/languages';
import { useCourse } from '../api/courses';
import { useProgress } from '../api/progress';
import { learningItems } from './course-items';
import { NextStepLinks } from './learning-articles';
import type { LearningPaths } from './learning-paths';

export function NextStep({
  lang,
  courseId,
  current,
  paths,
}: {
  lang: LanguageCode;
  courseId: string;
  current: string;
  paths: LearningPaths;
}) {
  const { t } = useTranslation('learning');
  const course = useCourse(lang, courseId);
  const progress = useProgress(lang, courseId, true);
  if (!course.data) return null;
  const items = learningItems(course.data, progress.data, paths, { journal: t('journal'), summary: t('summary') });
  return <NextStepLinks items={items} current={current} coursePath={paths.course(lang, courseId)} />;
}
