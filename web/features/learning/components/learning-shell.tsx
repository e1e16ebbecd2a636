// The frame of every learning view: the course sidebar (chapters with their lessons, videos,
// quizzes, the Conclusion group when present, overall progress, check marks) beside the view.
// Under 900 px the sidebar is a drawer opened by a button above the view.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { isLanguageCode, type LanguageCode } from '../../../../contract/languages';
import { isNotFound } from '../../../lib/api-client';
import { QueryState } from '../../../components/query-state';
import { useCourse, type CourseView } from '../api/courses';
import { useProgress } from '../api/progress';
import { completion } from './course-items';
import { CourseLanguageNotice, useCourseFollowsLanguage } from './course-language';
import type { LearningPaths } from './learning-paths';
import { ProgressBar } from './progress-bar';
import './learning.css';

function Check({ done, label }: { done: boolean; label: string }) {
  return done ? (
    <span className="check" data-done="true">
      <span aria-hidden="true">✓</span>
      <span className="visually-hidden">{label}</span>
    </span>
  ) : (
    <span className="check check--empty" aria-hidden="true" />
  );
}

function Sidebar({ course, paths }: { course: CourseView; paths: LearningPaths }) {
  const { t } = useTranslation('learning');
  const lang = course.lang;
  const progress = useProgress(lang as LanguageCode, course.id, true);
  const done = completion(progress.data);
  const cls = ({ isActive }: { isActive: boolean }) => `sidebar__link${isActive ? ' is-active' : ''}`;
  const doneLabel = t('completed');
  return (
    <nav className="sidebar" aria-label={t('courseContents')}>
      <Link className="sidebar__course" to={paths.course(lang, course.id)}>
        {course.title}
      </Link>
      <ProgressBar value={progress.data?.percentage ?? 0} label={t('overallProgress')} />
      <h2 className="sidebar__group">{t('chapters')}</h2>
      <ol className="sidebar__list">
        {course.chapters.map((chapter) => (
          <li key={chapter.id}>
            <NavLink className={cls} to={paths.chapter(lang, course.id, chapter.id)} end>
              <Check done={done.chapters.has(chapter.id)} label={doneLabel} />
              <span className="sidebar__chapter">{chapter.title}</span>
            </NavLink>
            <ol className="sidebar__list sidebar__list--nested">
              {chapter.lessons.map((lesson) => (
                <li key={lesson.id}>
                  <NavLink className={cls} to={paths.lesson(lang, course.id, chapter.id, lesson.id)}>
                    <Check done={done.lessons.has(`${chapter.id}::${lesson.id}`)} label={doneLabel} />
                    <span>{lesson.title}</span>
                  </NavLink>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
      {course.videos.length > 0 && (
        <>
          <h2 className="sidebar__group">{t('videos')}</h2>
          <ul className="sidebar__list">
            {course.videos.map((video) => (
              <li key={video.id}>
                <NavLink className={cls} to={paths.video(lang, course.id, video.id)}>
                  <Check done={done.videos.has(video.id)} label={doneLabel} />
                  <span>{video.title}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {course.quizzes.length > 0 && (
        <>
          <h2 className="sidebar__group">{t('quizzes')}</h2>
          <ul className="sidebar__list">
            {course.quizzes.map((quiz) => (
              <li key={quiz.id}>
                <NavLink className={cls} to={paths.quiz(lang, course.id, quiz.id)}>
                  <Check done={done.quizzes.has(quiz.id)} label={doneLabel} />
                  <span>{quiz.title}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {(course.journal || course.summary) && (
        <>
          <h2 className="sidebar__group">{t('conclusion')}</h2>
          <ul className="sidebar__list">
            {course.journal && (
              <li>
                <NavLink className={cls} to={paths.courseJournal(lang, course.id)}>
                  <Check done={false} label={doneLabel} />
                  <span>{t('journal')}</span>
                </NavLink>
              </li>
            )}
            {course.summary && (
              <li>
                <NavLink className={cls} to={paths.courseSummary(lang, course.id)}>
                  <Check done={false} label={doneLabel} />
                  <span>{t('summary')}</span>
                </NavLink>
              </li>
            )}
          </ul>
        </>
      )}
    </nav>
  );
}

export function LearningShell({ lang: langParam, courseId, paths, children }: { lang: string; courseId: string; paths: LearningPaths; children: ReactNode }) {
  const { t } = useTranslation('learning');
  const lang: LanguageCode = isLanguageCode(langParam) ? langParam : 'en';
  const course = useCourse(lang, courseId);
  const missingIn = useCourseFollowsLanguage(lang, courseId, paths);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);

  if (!isLanguageCode(langParam)) return <Navigate to={paths.home()} replace />;
  if (isNotFound(course.error)) return <Navigate to={paths.home()} replace />;
  if (!course.data) {
    return (
      <div className="container learner-section">
        <QueryState isPending={course.isPending} isError={course.isError} refetch={() => void course.refetch()} minHeight="screen" />
      </div>
    );
  }
  return (
    <div className="learning container">
      <button type="button" className="btn btn--ghost learning__toggle" aria-expanded={open} aria-controls="learning-sidebar" onClick={() => setOpen((v) => !v)}>
        {open ? t('hideContents') : t('showContents')}
      </button>
      <div id="learning-sidebar" className={`learning__sidebar${open ? ' is-open' : ''}`}>
        <Sidebar course={course.data} paths={paths} />
      </div>
      <div className="learning__main">
        {missingIn && <CourseLanguageNotice missing={missingIn} courseLang={lang} paths={paths} />}
        {children}
      </div>
    </div>
  );
}
