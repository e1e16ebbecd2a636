// "Next" and "Previous" below a learning view, following the sidebar's order and the learner's progress.
import { useTranslation } from '../../../i18n/react';
import type { LanguageCode } from '../../../../contract/languages';
import { learningItems } from '../../../lib/course/course-items';
import { useCourse } from '../../../lib/course/courses';
import { useLearnerProgress } from '../api/learner-progress';
import { NextStepLinks } from './learning-articles';
import type { LearningPaths } from '../../../lib/learning-paths';

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
  const progress = useLearnerProgress(lang, courseId);
  if (!course.data) return null;
  const items = learningItems(course.data, progress.data, paths, { journal: t('journal'), summary: t('summary') });
  return <NextStepLinks items={items} current={current} coursePath={paths.course(lang, courseId)} />;
}
