// The interface language changed while a course is open: the same course opens in the new language
// at the same chapter, lesson, video or quiz (the translations share their slugs, and the server
// finds them), or, when the course has no such translation, the page says so and keeps the course
// in its own language.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n/use-language';
import { LANGUAGES, type LanguageCode } from '../../../contract/languages';
import type { CounterpartResponse } from '../../../contract/courses';
import { ApiError } from '../../lib/api-client';
import { fetchCounterpart } from '../../lib/course/courses';
import type { LearningPaths } from '../../lib/learning-paths';
import './course.css';

/** The address of the page found in the other language: the deepest item it has, else the course. */
function counterpartPath(found: CounterpartResponse, pathname: string, paths: LearningPaths): string {
  const { lang, courseId } = found;
  if (found.chapterId && found.lessonId) return paths.lesson(lang, courseId, found.chapterId, found.lessonId);
  if (found.chapterId) return paths.chapter(lang, courseId, found.chapterId);
  if (found.videoId) return paths.video(lang, courseId, found.videoId);
  if (found.quizId)
    return pathname.includes('/quiz_demo/')
      ? paths.quizDemo(lang, courseId, found.quizId)
      : paths.quiz(lang, courseId, found.quizId);
  if (pathname.endsWith('/journal')) return paths.courseJournal(lang, courseId);
  if (pathname.endsWith('/summary')) return paths.courseSummary(lang, courseId);
  return paths.course(lang, courseId);
}

/**
 * Follows a change of the interface language from a page of a course in `lang`; answers the
 * language the course is missing in (after such a change), or null.
 */
export function useCourseFollowsLanguage(
  lang: LanguageCode,
  courseId: string,
  paths: LearningPaths,
): LanguageCode | null {
  const { language } = useLanguage();
  const { chapterId, lessonId, videoId, quizId } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const seen = useRef(language);
  const [missing, setMissing] = useState<LanguageCode | null>(null);
  useEffect(() => {
    if (seen.current === language) return;
    seen.current = language;
    setMissing(null);
    if (language === lang) return;
    const controller = new AbortController();
    fetchCounterpart(lang, courseId, language, { chapterId, lessonId, videoId, quizId }, controller.signal)
      .then((found) => navigate(counterpartPath(found, pathname, paths), { replace: true }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'courseNotInLanguage') setMissing(language);
        else if (!controller.signal.aborted) console.warn('course in the new language not found', error);
      });
    return () => controller.abort();
    // Only a change of language moves the page; the address is read as it is at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);
  return missing === language ? missing : null;
}

/** Says that the course is not in the chosen language, and where that language's courses are. */
export function CourseLanguageNotice({
  missing,
  courseLang,
  paths,
}: {
  missing: LanguageCode;
  courseLang: LanguageCode;
  paths: LearningPaths;
}) {
  const { t } = useTranslation('learning');
  const language = LANGUAGES[missing].nativeName;
  return (
    <div className="course-language-notice card" role="status">
      <p>{t('notInLanguage', { language, courseLanguage: LANGUAGES[courseLang].nativeName })}</p>
      <Link className="btn btn--ghost" to={paths.courses()}>
        {t('coursesInLanguage', { language })}
      </Link>
    </div>
  );
}
