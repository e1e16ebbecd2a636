// "Open a course file" at the end of the catalogue: a course a friend's phone passed on (ADR 42),
// checked against the server's signature and every file's hash before anything of it is kept, then
// opened. The code that reads the file is not in the catalogue's first load: it is fetched when the
// browser is idle on a visitor's return (a page the service worker already serves), so the worker
// keeps it for a file opened later with no network, or else when a file is chosen.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import type { LearningPaths } from '../../../lib/learning-paths';

const loadReader = () => import('../../../lib/course-pack-file');

type Outcome = { problem: string } | { opening: true } | undefined;

/** `returning`: a page the service worker serves, where the reader's code is fetched at idle. */
export function OpenCourseFile({ paths, returning }: { paths: LearningPaths; returning: boolean }) {
  const { t } = useTranslation('learning');
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>();
  useEffect(() => {
    if (!returning || !('requestIdleCallback' in window)) return;
    const idle = window.requestIdleCallback(() => void loadReader().catch(() => undefined));
    return () => window.cancelIdleCallback(idle);
  }, [returning]);

  const open = async (file: File | undefined) => {
    if (!file) return;
    setOutcome({ opening: true });
    try {
      // It refuses a browser that cannot keep a course (unsupported) before reading anything.
      const { openPackFile } = await loadReader();
      const course = await openPackFile(file);
      // The course page says it is saved on this phone, with its size and date.
      void navigate(paths.course(course.lang, course.courseId));
    } catch (error) {
      // No problem named: the reader's code itself could not be fetched (no network, and never
      // kept on this phone), which opening the site once with a network mends.
      const problem = (error as { problem?: string }).problem;
      setOutcome({ problem: !problem ? 'noKey' : problem === 'stopped' ? 'notGenuine' : problem });
    }
  };

  return (
    <section className="open-course-file card" aria-labelledby="open-course-file-title">
      <h2 id="open-course-file-title" className="section-title">
        {t('offline.fileTitle')}
      </h2>
      <p>{t('offline.fileIntro')}</p>
      <label className="btn btn--ghost open-course-file__choose">
        {outcome && 'opening' in outcome ? t('offline.fileOpening') : t('offline.fileOpen')}
        <input
          type="file"
          accept=".jgkpack,application/octet-stream"
          className="visually-hidden"
          disabled={outcome !== undefined && 'opening' in outcome}
          onChange={(event) => {
            void open(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {outcome && 'problem' in outcome && (
        <p className="save-offline__problem" role="alert">
          {t(outcome.problem === 'notGenuine' ? 'offline.fileNotGenuine' : `offline.problem.${outcome.problem}`)}
        </p>
      )}
    </section>
  );
}
