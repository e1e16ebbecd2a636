// "Saved on this phone" on the catalogue: every course kept for learning without a network (ADR 42),
// with its size, when it was saved and whether a newer version was published (updated on the
// course's page, downloading only what changed), each removable here. Loaded after the page, and
// only where a course can have been saved: a first visit's load carries none of it.
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { LANGUAGES, type LanguageCode } from '../../../../contract/languages';
import { formatBytes } from '../../../../contract/media-rules';
import { formatDate } from '../../../lib/text';
import type { LearningPaths } from '../../../lib/learning-paths';
import { fetchPack, removePack, savedCourses } from '../../../lib/course-packs';
import { packKeys } from '../api/pack-keys';

export default function SavedCourses({ paths }: { paths: LearningPaths }) {
  const { t, i18n } = useTranslation('learning');
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: packKeys.list, queryFn: savedCourses });
  const courses = saved.data ?? [];
  // Whether each has a newer version: asked of the server, so known only with a network.
  const versions = useQueries({
    queries: courses.map((course) => ({
      queryKey: [...packKeys.server(course.lang, course.courseId), 'version'],
      queryFn: async () =>
        (
          await fetchPack(course.lang, course.courseId, {
            videos: course.manifest.withVideos,
            voices: course.manifest.withVoices,
          })
        ).manifest.version,
      retry: false,
    })),
  });
  if (courses.length === 0) return null;

  const remove = async (lang: LanguageCode, courseId: string) => {
    await removePack(lang, courseId);
    await queryClient.invalidateQueries({ queryKey: packKeys.everything });
  };
  const locale = LANGUAGES[i18n.language as LanguageCode]?.bcp47 ?? 'en';
  return (
    <section className="saved-courses card" aria-labelledby="saved-courses-title">
      <h2 id="saved-courses-title" className="section-title">
        {t('offline.savedListTitle')}
      </h2>
      <ul className="saved-courses__list">
        {courses.map((course, index) => {
          const latest = versions[index]?.data;
          return (
            <li key={`${course.lang}:${course.courseId}`} className="saved-courses__item">
              <Link to={paths.course(course.lang, course.courseId)} lang={LANGUAGES[course.lang].bcp47}>
                {course.manifest.course.title}
              </Link>
              <span>
                {t('offline.savedListItem', {
                  size: formatBytes(course.size),
                  date: formatDate(course.savedAt, locale),
                  language: LANGUAGES[course.lang].nativeName,
                })}
              </span>
              {latest && latest !== course.manifest.version && <span>{t('offline.savedListNewer')}</span>}
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => void remove(course.lang, course.courseId)}
              >
                {t('offline.remove')}
                <span className="visually-hidden">: {course.manifest.course.title}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
