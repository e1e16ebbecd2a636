// Course detail (/courses/{lang}/{courseId}): cover, title, rating, description, duration, Enroll
// (only without a progress record), progress, the document download and the chapters and quizzes
// tabs. Enrolling needs a signed-in learner; a visitor is sent to sign in first.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { isLanguageCode, type LanguageCode } from '../../../../contract/languages';
import { ApiError, fileUrl, isConsentRequired, isNotFound } from '../../../lib/api-client';
import { localMessage } from '../../../i18n/server-messages';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { RichText } from '../../../components/rich-text';
import { Tabs } from '../../../components/tabs';
import { useCourse, useCourses } from '../api/courses';
import { useEnrol, useProgress, useProgressList, useRate, useRating } from '../api/progress';
import { completion } from './course-items';
import { CourseLanguageNotice, useCourseFollowsLanguage } from './course-language';
import { ENROL_PARAM, type LearningPaths } from './learning-paths';
import { ProgressBar } from './progress-bar';
import { StarInput, StarsShown } from './star-rating';
import './learning.css';

/**
 * A finished course says so, and where the certificate is: ready once every course of the language
 * is finished (the certificate is one per language), else how many courses are left.
 */
function CourseFinished({ lang, paths }: { lang: LanguageCode; paths: LearningPaths }) {
  const { t } = useTranslation('learning');
  const courses = useCourses(lang);
  const mine = useProgressList(lang, true);
  const finishedHere = mine.data?.courses.filter((course) => course.status === 'completed').length;
  const left = courses.data && finishedHere !== undefined ? Math.max(0, courses.data.total - finishedHere) : undefined;
  return (
    <section className="course__finished card" aria-labelledby="course-finished" data-testid="course-finished">
      <h2 id="course-finished" className="course__finished-title">
        <span aria-hidden="true">✓ </span>
        {t('courseFinished')}
      </h2>
      {left === 0 && (
        <>
          <p>{t('certificateReadyHere')}</p>
          <Link className="btn" to={paths.certificate()}>
            {t('getCertificate')}
          </Link>
        </>
      )}
      {left !== undefined && left > 0 && (
        <>
          <p>{t('certificateAfterOthers', { count: left })}</p>
          <Link className="btn btn--ghost" to={paths.courses()}>
            {t('allCourses')}
          </Link>
        </>
      )}
    </section>
  );
}

export function CourseDetail({
  lang: langParam,
  courseId,
  signedIn,
  sessionPending = false,
  paths,
  consentStep,
}: {
  lang: string;
  courseId: string;
  signedIn: boolean;
  /** Whether the visitor is signed in is not known yet (the page waits rather than change under them). */
  sessionPending?: boolean;
  paths: LearningPaths;
  /** Shown when the server says a parent's or guardian's consent is missing: the way to give it. */
  consentStep?: ReactNode;
}) {
  const { t } = useTranslation('learning');
  const navigate = useNavigate();
  const lang: LanguageCode = isLanguageCode(langParam) ? langParam : 'en';
  const course = useCourse(lang, courseId);
  const progress = useProgress(lang, courseId, signedIn);
  const enrolled = signedIn && progress.data != null;
  const rating = useRating(lang, courseId, enrolled);
  const enrol = useEnrol(lang, courseId);
  const missingIn = useCourseFollowsLanguage(lang, courseId, paths);
  const rate = useRate(lang, courseId);
  const [tab, setTab] = useState('chapters');
  const finished = enrolled && progress.data?.completed === true;
  const [params, setParams] = useSearchParams();
  // Enroll pressed before signing in: sign-in comes back here with ?enrol=1, and the enrolment
  // the learner asked for is made (once; the parameter is then taken off the address).
  const enrolAsked = params.has(ENROL_PARAM);

  const sendEnrol = () =>
    enrol.mutate(undefined, {
      onSuccess: (answer) => notify({ status: 200, message: localMessage(answer) }),
      onError: (error) => {
        // The specification logs an enrol failure; a learner still deserves to know why.
        console.warn('enrol failed', error);
        if (error instanceof ApiError) notify({ status: error.status, message: localMessage(error) });
      },
    });

  const onEnrol = () => {
    if (!signedIn) {
      navigate(paths.login(paths.courseEnrol(lang, courseId)));
      return;
    }
    sendEnrol();
  };

  useEffect(() => {
    if (!enrolAsked || !signedIn || progress.isPending || progress.isFetching) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ENROL_PARAM);
        return next;
      },
      { replace: true },
    );
    // Already enrolled, or consent missing (the consent step shows): nothing more to do here.
    if (progress.isSuccess && progress.data === null) sendEnrol();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the progress record is known
  }, [enrolAsked, signedIn, progress.isPending, progress.isFetching]);

  if (!isLanguageCode(langParam)) return <Navigate to={paths.home()} replace />;
  if (isNotFound(course.error)) return <Navigate to={paths.home()} replace />;
  // A signed-in learner's page is drawn once, with their progress: the progress bar, the Continue
  // button and the check marks arriving after the page would push it down as it is read.
  const learnerPending = sessionPending || (signedIn && progress.isPending);
  if (!course.data || learnerPending) {
    return (
      <div className="container learner-section">
        <QueryState isPending={course.isPending || learnerPending} isError={course.isError} refetch={() => void course.refetch()} minHeight="screen" />
      </div>
    );
  }
  const c = course.data;


  const enrolButton = (
    <button type="button" className="btn course__enrol" onClick={onEnrol} disabled={enrol.isPending}>
      {t('enroll')}
    </button>
  );
  const showEnrol = !signedIn || (progress.isSuccess && progress.data === null);
  const done = completion(progress.data);
  const doneMark = (isDone: boolean, number: number) =>
    isDone ? (
      <span className="course__row-number course__row-number--done">
        <span aria-hidden="true">✓</span>
        <span className="visually-hidden">{t('completed')}</span>
      </span>
    ) : (
      <span className="course__row-number">{number}</span>
    );
  // A minor whose parent or guardian has not agreed yet: that is what is missing, not the page.
  const consentMissing = signedIn && isConsentRequired(progress.error);
  const firstLesson = c.chapters.find((ch) => ch.lessons.length > 0);

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
              <span>{c.rating > 0 ? t('ratingSummary', { rating: c.averageRating.toFixed(1), count: c.rating }) : t('notRated')}</span>
            </p>
            <p className="course__meta">
              {t('durationMinutes', { count: c.duration })} · {t('lessonCount', { count: c.lessonCount })} · {t('quizCount', { count: c.quizCount })}
            </p>
            <div className="course__actions">
              {showEnrol && enrolButton}
              {enrolled && firstLesson?.lessons[0] && (
                <Link className="btn" to={paths.lesson(lang, c.id, firstLesson.id, firstLesson.lessons[0].id)}>
                  {finished ? t('review') : t('continueLearning')}
                </Link>
              )}
              {c.document ? (
                <a className="btn btn--ghost" href={fileUrl(c.document)} download>
                  {t('download')}
                </a>
              ) : (
                <button type="button" className="btn btn--ghost" disabled title={t('noDocument')}>
                  {t('download')}
                </button>
              )}
            </div>
            {signedIn && progress.isError && !consentMissing && <QueryState isPending={false} isError refetch={() => void progress.refetch()} minHeight={60} />}
            {enrolled && progress.data && <ProgressBar value={progress.data.percentage} label={t('progressLabel')} />}
          </div>
        </div>
      </div>
      <div className="container learner-section course__body">
        {missingIn && <CourseLanguageNotice missing={missingIn} courseLang={lang} paths={paths} />}
        {consentMissing && consentStep}
        {finished && <CourseFinished lang={lang} paths={paths} />}
        <section aria-labelledby="about-course">
          <h2 id="about-course" className="section-title">
            {t('aboutCourse')}
          </h2>
          <RichText html={c.description} videoLabel={t('video')} playLabel={t('playVideo')} />
        </section>
        {enrolled && (
          <section className="course__rate">
            <StarInput
              value={rating.data?.myRating ?? null}
              legend={t('yourRating')}
              starLabel={(n) => t('stars', { count: n })}
              disabled={rate.isPending}
              onChange={(n) =>
                rate.mutate(n, {
                  onSuccess: (answer) => notify({ status: 200, message: localMessage(answer) }),
                  onError: (error) => notify({ status: error instanceof ApiError ? error.status : 500, message: localMessage(error) }),
                })
              }
            />
          </section>
        )}
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
      </div>
    </article>
  );
}
