// Course detail (/courses/{lang}/{courseId}): the course page (course-page.tsx) with the learner's
// part: Enroll (only without a progress record), Continue, progress, rating and check marks.
// Enrolling needs a signed-in learner; a visitor is sent to sign in first.
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { isLanguageCode, type LanguageCode } from '../../../../contract/languages';
import { ApiError, isConsentRequired, isNotFound } from '../../../lib/api-client';
import { localMessage } from '../../../i18n/server-messages';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { CourseLanguageNotice, useCourseFollowsLanguage } from '../../../components/course/course-language';
import { CoursePage } from '../../../components/course/course-page';
import { ProgressBar } from '../../../components/course/progress-bar';
import { StarInput } from '../../../components/course/star-rating';
import { completion, learningItems, resumeItem } from '../../../lib/course/course-items';
import { useCourse } from '../../../lib/course/courses';
import { useEnrol, useProgress } from '../../../lib/course/progress';
import { ENROL_PARAM, type LearningPaths } from '../../../lib/learning-paths';
import { useCourses, useProgressList } from '../api/catalogue';
import { useRate, useRating } from '../api/rating';
import { SaveForOffline } from './save-offline';
import './courses.css';

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
  onSavedOffline,
}: {
  lang: string;
  courseId: string;
  signedIn: boolean;
  /** Whether the visitor is signed in is not known yet (the page waits rather than change under them). */
  sessionPending?: boolean;
  paths: LearningPaths;
  /** Shown when the server says a parent's or guardian's consent is missing: the way to give it. */
  consentStep?: ReactNode;
  /** Told when the course has been saved on the phone (the app keeps what its learning views need). */
  onSavedOffline?: () => void;
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
        <QueryState
          isPending={course.isPending || learnerPending}
          isError={course.isError}
          refetch={() => void course.refetch()}
          minHeight="screen"
        />
      </div>
    );
  }
  const c = course.data;

  const showEnrol = !signedIn || (progress.isSuccess && progress.data === null);
  // A minor whose parent or guardian has not agreed yet: that is what is missing, not the page.
  const consentMissing = signedIn && isConsentRequired(progress.error);
  const resume = enrolled
    ? resumeItem(learningItems(c, progress.data, paths, { journal: t('journal'), summary: t('summary') }))
    : undefined;

  return (
    <CoursePage
      course={c}
      lang={lang}
      paths={paths}
      done={completion(progress.data)}
      actions={
        <>
          {showEnrol && (
            <button type="button" className="btn course__enrol" onClick={onEnrol} disabled={enrol.isPending}>
              {t('enroll')}
            </button>
          )}
          {resume && (
            <Link className="btn" to={resume.path}>
              {finished ? t('review') : t('continueLearning')}
            </Link>
          )}
        </>
      }
      status={
        <>
          {signedIn && progress.isError && !consentMissing && (
            <QueryState isPending={false} isError refetch={() => void progress.refetch()} minHeight={60} />
          )}
          {enrolled && progress.data && <ProgressBar value={progress.data.percentage} label={t('progressLabel')} />}
        </>
      }
      notices={
        <>
          {missingIn && <CourseLanguageNotice missing={missingIn} courseLang={lang} paths={paths} />}
          {consentMissing && consentStep}
          {finished && <CourseFinished lang={lang} paths={paths} />}
        </>
      }
      end={<SaveForOffline lang={lang} courseId={courseId} onSaved={onSavedOffline} />}
      afterAbout={
        enrolled && (
          <section className="course__rate">
            <StarInput
              value={rating.data?.myRating ?? null}
              legend={t('yourRating')}
              starLabel={(n) => t('stars', { count: n })}
              disabled={rate.isPending}
              onChange={(n) =>
                rate.mutate(n, {
                  onSuccess: (answer) => notify({ status: 200, message: localMessage(answer) }),
                  onError: (error) =>
                    notify({ status: error instanceof ApiError ? error.status : 500, message: localMessage(error) }),
                })
              }
            />
          </section>
        )
      }
    />
  );
}
