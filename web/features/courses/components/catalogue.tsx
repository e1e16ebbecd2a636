// The course catalogue (/courses): language selector, welcome-back cards for a signed-in learner,
// the grid of published courses in the chosen language, and the courses not in it yet, each with
// the languages it is in (so a course is never just absent).
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { fileUrl, isConsentRequired } from '../../../lib/api-client';
import { plainText } from '../../../../contract/plain-text';
import { truncateWords } from '../../../lib/text';
import { useLanguage } from '../../../i18n/use-language';
import { QueryState } from '../../../components/query-state';
import { ProgressBar } from '../../../components/course/progress-bar';
import type { LearningPaths } from '../../../lib/learning-paths';
import { LANGUAGES, isLanguageCode } from '../../../../contract/languages';
import { useCourses, useCoursesInOtherLanguages, useProgressList } from '../api/catalogue';
import { LanguageSelect } from './language-select';
import { OpenCourseFile } from './open-course-file';
import './courses.css';

export const DESCRIPTION_WORDS = 50;

/** The courses saved on this phone: code of its own, loaded after the page (see where it is drawn). */
const SavedCourses = lazy(() => import('./saved-courses'));

/**
 * Whether the service worker serves this page: a returning visitor, who may have saved courses (a
 * course is saved only where the worker runs). A first visit loads nothing of the saved courses' code.
 */
function useServedByWorker(): boolean {
  const [may, setMay] = useState(false);
  useEffect(() => setMay(Boolean(navigator.serviceWorker?.controller) && 'caches' in window), []);
  return may;
}

export function Catalogue({
  signedIn,
  userName,
  paths,
  consentStep,
}: {
  signedIn: boolean;
  userName?: string;
  paths: LearningPaths;
  /** Shown when the server says a parent's or guardian's consent is missing: the way to give it. */
  consentStep?: ReactNode;
}) {
  const { t } = useTranslation('learning');
  const servedByWorker = useServedByWorker();
  const { language } = useLanguage();
  const courses = useCourses(language);
  const progress = useProgressList(language, signedIn);
  const elsewhere = useCoursesInOtherLanguages(language);

  return (
    <>
      <div className="page-hero">
        <div className="container catalogue__hero">
          <div>
            <h1>{t('catalogueTitle')}</h1>
            <p>{t('catalogueIntro')}</p>
          </div>
          <LanguageSelect />
        </div>
      </div>
      <div className="container learner-section">
        {signedIn && progress.data && progress.data.courses.length > 0 && (
          <section className="welcome" aria-labelledby="welcome-title">
            <h2 id="welcome-title" className="section-title">
              {userName ? t('welcomeBackName', { name: userName }) : t('welcomeBack')}
            </h2>
            <ul className="welcome__list">
              {progress.data.courses.map((course) => (
                <li key={course.id} className="card welcome__card">
                  <h3 className="welcome__title">{course.title}</h3>
                  <ProgressBar value={course.percentage} label={t('progressLabel')} />
                  <Link className="btn btn--ghost" to={paths.course(course.lang, course.id)}>
                    {course.status === 'completed' ? t('review') : t('continue')}
                    <span className="visually-hidden">: {course.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {signedIn && isConsentRequired(progress.error) && consentStep}
        {signedIn && progress.isError && !isConsentRequired(progress.error) && (
          <QueryState isPending={false} isError refetch={() => void progress.refetch()} minHeight={80} />
        )}

        <section aria-labelledby="all-courses">
          <h2 id="all-courses" className="section-title">
            {t('allCourses')}
          </h2>
          {/* About a screen of course cards held while they load, so the banner below does not jump. */}
          <QueryState
            isPending={courses.isPending}
            isError={courses.isError}
            refetch={() => void courses.refetch()}
            minHeight={900}
          />
          {courses.data && courses.data.courses.length === 0 && <p className="empty-state">{t('noCourses')}</p>}
          {courses.data && courses.data.courses.length > 0 && (
            <ul className="course-grid">
              {courses.data.courses.map((course, index) => (
                <li key={course.id} className="card course-card">
                  {/* The first cover is the largest picture on a phone's first screen: fetched at once. */}
                  <img
                    className="course-card__image"
                    src={fileUrl(course.image)}
                    alt=""
                    width={640}
                    height={360}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                  />
                  <div className="course-card__body">
                    <h3 className="course-card__title">{course.title}</h3>
                    <p className="course-card__meta">
                      {t('minutes', { count: course.duration })} · {t('lessonCount', { count: course.lessonCount })}
                    </p>
                    <p className="course-card__text">
                      {truncateWords(plainText(course.description), DESCRIPTION_WORDS)}
                    </p>
                    <Link className="btn course-card__cta" to={paths.course(course.lang, course.id)}>
                      {t('startLearning')}
                      <span className="visually-hidden">: {course.title}</span>
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        {elsewhere.data && elsewhere.data.courses.length > 0 && (
          <section className="other-languages" aria-labelledby="other-languages">
            <h2 id="other-languages" className="section-title">
              {t('otherLanguagesTitle', { language: LANGUAGES[language].nativeName })}
            </h2>
            <p>{t('otherLanguagesIntro')}</p>
            <ul className="other-languages__list">
              {elsewhere.data.courses.map((course) => {
                const first = course.versions[0]!;
                return (
                  <li key={course.slug} className="card other-languages__item">
                    <h3 className="other-languages__title" lang={bcp47(first.lang)}>
                      {first.title}
                    </h3>
                    <p className="other-languages__links">
                      {course.versions.map((version) => (
                        <Link
                          key={version.lang}
                          className="btn btn--ghost"
                          to={paths.course(version.lang, version.id)}
                          lang={bcp47(version.lang)}
                        >
                          {isLanguageCode(version.lang) ? LANGUAGES[version.lang].nativeName : version.lang}
                          <span className="visually-hidden">: {version.title}</span>
                        </Link>
                      ))}
                    </p>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        {servedByWorker && (
          <Suspense fallback={null}>
            <SavedCourses paths={paths} />
          </Suspense>
        )}
        <OpenCourseFile paths={paths} returning={servedByWorker} />
      </div>
    </>
  );
}

const bcp47 = (code: string) => (isLanguageCode(code) ? LANGUAGES[code].bcp47 : undefined);
