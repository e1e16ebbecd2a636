// The frame of every learning view: the course sidebar (chapters with their lessons, videos,
// quizzes, the Conclusion group when present, overall progress, check marks) beside the view.
// Under 900 px the sidebar is a drawer opened by a button above the view. Given its course and
// progress: learning-shell.tsx reads them for a learner; the console's preview of a draft gives the
// draft's course and no progress.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { ProgressBar } from '../../../components/course/progress-bar';
import { completion } from '../../../lib/course/course-items';
import type { CourseView } from '../../../lib/course/course-views';
import type { LearningPaths } from '../../../lib/learning-paths';
import './learning.css';

type Completion = ReturnType<typeof completion>;

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

/**
 * A link of the sidebar, marked as the page shown when its address is the one open: its path, and
 * its query when it has one (in the console's preview every place is the frame's one path, told
 * apart by the query; a learner's address may carry a query its links do not).
 */
function SidebarLink({ to, children }: { to: string; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const [path, query] = to.split('?');
  const current = path === pathname && (query === undefined || `?${query}` === search);
  return (
    <Link className={`sidebar__link${current ? ' is-active' : ''}`} to={to} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

function Sidebar({
  course,
  paths,
  done,
  percentage,
}: {
  course: CourseView;
  paths: LearningPaths;
  done: Completion;
  percentage: number;
}) {
  const { t } = useTranslation('learning');
  const lang = course.lang;
  const doneLabel = t('completed');
  return (
    <nav className="sidebar" aria-label={t('courseContents')}>
      <Link className="sidebar__course" to={paths.course(lang, course.id)}>
        {course.title}
      </Link>
      <ProgressBar value={percentage} label={t('overallProgress')} />
      <h2 className="sidebar__group">{t('chapters')}</h2>
      <ol className="sidebar__list">
        {course.chapters.map((chapter) => (
          <li key={chapter.id}>
            <SidebarLink to={paths.chapter(lang, course.id, chapter.id)}>
              <Check done={done.chapters.has(chapter.id)} label={doneLabel} />
              <span className="sidebar__chapter">{chapter.title}</span>
            </SidebarLink>
            <ol className="sidebar__list sidebar__list--nested">
              {chapter.lessons.map((lesson) => (
                <li key={lesson.id}>
                  <SidebarLink to={paths.lesson(lang, course.id, chapter.id, lesson.id)}>
                    <Check done={done.lessons.has(`${chapter.id}::${lesson.id}`)} label={doneLabel} />
                    <span>{lesson.title}</span>
                  </SidebarLink>
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
                <SidebarLink to={paths.video(lang, course.id, video.id)}>
                  <Check done={done.videos.has(video.id)} label={doneLabel} />
                  <span>{video.title}</span>
                </SidebarLink>
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
                <SidebarLink to={paths.quiz(lang, course.id, quiz.id)}>
                  <Check done={done.quizzes.has(quiz.id)} label={doneLabel} />
                  <span>{quiz.title}</span>
                </SidebarLink>
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
                <SidebarLink to={paths.courseJournal(lang, course.id)}>
                  <Check done={false} label={doneLabel} />
                  <span>{t('journal')}</span>
                </SidebarLink>
              </li>
            )}
            {course.summary && (
              <li>
                <SidebarLink to={paths.courseSummary(lang, course.id)}>
                  <Check done={false} label={doneLabel} />
                  <span>{t('summary')}</span>
                </SidebarLink>
              </li>
            )}
          </ul>
        </>
      )}
    </nav>
  );
}

/**
 * The frame of the learning views around `children`: the sidebar (a drawer under 900 px, opened by
 * the button above the view) and, above the view, `notice`.
 */
export function LearningFrame({
  course,
  paths,
  done = completion(null),
  percentage = 0,
  notice,
  children,
}: {
  course: CourseView;
  paths: LearningPaths;
  /** What the learner has completed (the sidebar's check marks); nothing by default. */
  done?: Completion;
  /** The learner's overall progress in percent. */
  percentage?: number;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('learning');
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);
  return (
    <div className="learning container">
      <button
        type="button"
        className="btn btn--ghost learning__toggle"
        aria-expanded={open}
        aria-controls="learning-sidebar"
        onClick={() => setOpen((v) => !v)}
      >
        {open ? t('hideContents') : t('showContents')}
      </button>
      <div id="learning-sidebar" className={`learning__sidebar${open ? ' is-open' : ''}`}>
        <Sidebar course={course} paths={paths} done={done} percentage={percentage} />
      </div>
      <div className="learning__main">
        {notice}
        {children}
      </div>
    </div>
  );
}
