// "Next" and "Previous" below a learning view, following the sidebar's order.
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import type { LanguageCode } from '../../../../contract/languages';
import { clearNotifications } from '../../../components/notifications';
import { useCourse } from '../api/courses';
import { useProgress } from '../api/progress';
import { learningItems } from './course-items';
import type { LearningPaths } from './learning-paths';

export function NextStep({ lang, courseId, current, paths }: { lang: LanguageCode; courseId: string; current: string; paths: LearningPaths }) {
  const { t } = useTranslation('learning');
  const course = useCourse(lang, courseId);
  const progress = useProgress(lang, courseId, true);
  if (!course.data) return null;
  const items = learningItems(course.data, progress.data, paths, { journal: t('journal'), summary: t('summary') });
  const index = items.findIndex((item) => item.id === current);
  const previous = index > 0 ? items[index - 1] : undefined;
  const next = index >= 0 ? items[index + 1] : items[0];
  return (
    <nav className="next-step" aria-label={t('moveOn')}>
      {previous ? (
        <Link className="btn btn--ghost" to={previous.path} onClick={clearNotifications}>
          ← {t('previousItem')}
          <span className="visually-hidden">: {previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link className="btn" to={next.path} onClick={clearNotifications}>
          {t('nextItem')} →<span className="visually-hidden">: {next.title}</span>
        </Link>
      ) : (
        <Link className="btn" to={paths.course(lang, courseId)}>
          {t('backToCourse')}
        </Link>
      )}
    </nav>
  );
}
