// The course page's markup (cover, title, rating, duration, the actions, the description and the
// chapters and quizzes tabs), given the course: features/courses' course-detail.tsx reads it from the
// API and adds the learner's part (enrolment, progress, rating); the console's preview of a draft
// (features/learning's course-preview.tsx) gives it the draft's answer and nothing of a learner's.
// Here, below both features, because both show it.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { LanguageCode } from '../../../contract/languages';
import { fileUrl } from '../../lib/api-client';
import { RichText } from '../rich-text';
import { Tabs } from '../tabs';
import type { CourseView } from '../../lib/course/course-views';
import { completion } from '../../lib/course/course-items';
import type { LearningPaths } from '../../lib/learning-paths';
import { StarsShown } from './star-rating';
import './course.css';

export function CoursePage({
  course: c,
  lang,
  paths,
  done = completion(null),
  actions,
  status,
  notices,
  afterAbout,
  end,
}: {
  course: CourseView;
  lang: LanguageCode;
  paths: LearningPaths;
  /** What the learner has completed (check marks in the lists); nothing by default. */
  done?: ReturnType<typeof completion>;
  /** The buttons before Download (Enroll, Continue). */
  actions?: ReactNode;
  /** Under the buttons: the learner's progress. */
  status?: ReactNode;
  /** At the top of the page's body (a language notice, the consent step, "course finished"). */
  notices?: ReactNode;
  /** After the description (the learner's rating). */
  afterAbout?: ReactNode;
  /**
   * At the end of the page: what is drawn only once the page runs in the browser (saving the course
   * for offline), so that its arrival moves nothing the visitor is already reading.
   */
  end?: ReactNode;
}) {
  const { t } = useTranslation('learning');
  const [tab, setTab] = useState('chapters');
  const doneMark = (isDone: boolean, number: number) =>
    isDone ? (
      <span className="course__row-number course__row-number--done">
        <span aria-hidden="true">✓</span>
        <span className="visually-hidden">{t('completed')}</span>
      </span>
    ) : (
      <span className="course__row-number">{number}</span>
    );

  return (
    <article className="course">
      <div className="course__hero">
        <div className="container course__hero-inner">
          <img className="course__cover" src={fileUrl(c.image)} alt="" width={640} height={360} />
          <div className="course__head">
            <Link className="back-link" to={paths.courses()}>
              ← {t('allCourses')}
            </Link>
            <h1 className="course__title">{c.title}</h1>
            <p className="course__rating">
              <StarsShown value={c.averageRating} label={t('averageRating', { rating: c.averageRating.toFixed(1) })} />
              <span>
                {c.rating > 0
                  ? t('ratingSummary', { rating: c.averageRating.toFixed(1), count: c.rating })
                  : t('notRated')}
              </span>
            </p>
            <p className="course__meta">
              {t('durationMinutes', { count: c.duration })} · {t('lessonCount', { count: c.lessonCount })} ·{' '}
              {t('videoCount', { count: c.videos.length })} · {t('quizCount', { count: c.quizCount })}
            </p>
            <div className="course__actions">
              {actions}
              {c.document ? (
                <a className="btn btn--ghost" href={fileUrl(c.document)} download>
                  {t('download')}
                </a>
              ) : (
                <button type="button" className="btn btn--ghost" disabled aria-describedby="course-no-document">
                  {t('download')}
                </button>
              )}
            </div>
            {/* Said in words, not in a tooltip a phone never shows. */}
            {!c.document && (
              <p id="course-no-document" className="course__note">
                {t('noDocument')}
              </p>
            )}
            {status}
          </div>
        </div>
      </div>
      <div className="container learner-section course__body">
        {notices}
        <section aria-labelledby="about-course">
          <h2 id="about-course" className="section-title">
            {t('aboutCourse')}
          </h2>
          <RichText html={c.description} videoLabel={t('video')} playLabel={t('playVideo')} />
        </section>
        {afterAbout}
        <Tabs
          idPrefix="course-tabs"
          label={t('contents')}
          selected={tab}
          onSelect={setTab}
          items={[
            { id: 'chapters', label: t('chaptersTab', { count: c.chapters.length }) },
            { id: 'quizzes', label: t('quizzesTab', { count: c.quizzes.length }) },
          ]}
        >
          {tab === 'chapters' ? (
            <ol className="course__rows">
              {c.chapters.map((chapter, index) => (
                <li key={chapter.id}>
                  <Link className="course__row" to={paths.chapter(lang, c.id, chapter.id)}>
                    {doneMark(done.chapters.has(chapter.id), index + 1)}
                    <span>
                      <strong>{chapter.title}</strong>
                      <span className="course__row-meta">{t('lessonCount', { count: chapter.lessons.length })}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          ) : (
            <ol className="course__rows">
              {c.quizzes.map((quiz, index) => (
                <li key={quiz.id}>
                  <Link className="course__row" to={paths.quiz(lang, c.id, quiz.id)}>
                    {doneMark(done.quizzes.has(quiz.id), index + 1)}
                    <strong>{quiz.title}</strong>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </Tabs>
        {end}
      </div>
    </article>
  );
}
