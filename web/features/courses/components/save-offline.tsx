// "Learn without a network" on a course's page (ADR 42): the exact size of the course's pack before
// anything is downloaded (text and pictures, the voices that read it aloud and the videos if the
// learner wants them) and the
// space the phone lets the site use; then the download, checked file by file; then when it was
// saved, whether a newer version was published (updated by downloading only what changed), and
// Remove. Drawn only once the page runs in a browser that can keep a course.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { packKeys } from '../api/pack-keys';
import type { LanguageCode } from '../../../../contract/languages';
import { formatBytes } from '../../../../contract/media-rules';
import { LANGUAGES } from '../../../../contract/languages';
import { formatDate } from '../../../lib/text';
import {
  PackError,
  fetchPack,
  packsSupported,
  removePack,
  savePack,
  savedPack,
  spaceLeft,
  updateSize,
  type PackChoice,
  type PackProblem,
  type SaveProgress,
} from '../../../lib/course-packs';
import { offlineSide } from '../../../lib/when-offline';

export function SaveForOffline({
  lang,
  courseId,
  onSaved,
}: {
  lang: LanguageCode;
  courseId: string;
  /**
   * Called, with a network, when the course is found saved on the phone (saved here, opened from a
   * file another phone shared, or saved before): the app keeps what its learning views need offline.
   * Keep it the same function from one render to the next (useCallback): each new one is a call.
   */
  onSaved?: () => void;
}) {
  const { t, i18n } = useTranslation('learning');
  const queryClient = useQueryClient();
  // Known only in the browser: the page rendered on the server draws nothing here.
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(packsSupported()), []);
  const saved = useQuery({
    queryKey: packKeys.saved(lang, courseId),
    queryFn: () => savedPack(lang, courseId),
    enabled: supported,
  });
  const server = useQuery({
    queryKey: packKeys.server(lang, courseId),
    queryFn: async () => {
      const pack = await fetchPack(lang, courseId, { videos: false, voices: false });
      return { pack, toUpdate: await updateSize(lang, courseId, pack) };
    },
    enabled: supported,
    retry: false,
  });
  const space = useQuery({ queryKey: packKeys.space, queryFn: spaceLeft, enabled: supported });
  // A course saved here: what the learner did in it offline is sent from this page too, and what its
  // learning views need offline is kept up to date (ADR 42).
  const isSaved = Boolean(saved.data);
  useEffect(() => {
    if (!isSaved) return;
    void offlineSide().then((offline) => offline.startFlusher());
    if (navigator.onLine) onSaved?.();
  }, [isSaved, onSaved]);
  const [withVideos, setWithVideos] = useState(false);
  // The voices are taken unless the learner declines them: the learners who listen are the ones
  // who most need them where there is no network.
  const [withVoices, setWithVoices] = useState(true);
  const [progress, setProgress] = useState<SaveProgress>();
  const [problem, setProblem] = useState<PackProblem>();
  const [sharing, setSharing] = useState<'writing' | 'downloaded'>();

  if (!supported || saved.isPending) return null;
  const manifest = server.data?.pack.manifest;
  const sizes = manifest?.sizes;

  const save = async (choice: PackChoice) => {
    setProblem(undefined);
    setProgress({ files: 0, filesDone: 0, bytes: 0, bytesDone: 0 });
    try {
      const pack = await fetchPack(lang, courseId, choice);
      await savePack(lang, courseId, pack, setProgress);
    } catch (error) {
      setProblem(error instanceof PackError ? error.problem : 'stopped');
    } finally {
      setProgress(undefined);
      await queryClient.invalidateQueries({ queryKey: packKeys.all(lang, courseId) });
      await queryClient.invalidateQueries({ queryKey: packKeys.space });
      await queryClient.invalidateQueries({ queryKey: packKeys.list });
    }
  };
  const remove = async () => {
    await removePack(lang, courseId);
    await queryClient.invalidateQueries({ queryKey: packKeys.all(lang, courseId) });
    await queryClient.invalidateQueries({ queryKey: packKeys.space });
    await queryClient.invalidateQueries({ queryKey: packKeys.list });
  };

  // The file is written from what the phone keeps, by code fetched only when it is asked for.
  const share = async (title: string) => {
    setProblem(undefined);
    setSharing('writing');
    try {
      const { sharePackFile } = await import('../../../lib/course-pack-file');
      setSharing((await sharePackFile(lang, courseId, title)) === 'downloaded' ? 'downloaded' : undefined);
    } catch (error) {
      setSharing(undefined);
      // Closing the share sheet is not a problem.
      if ((error as Error).name !== 'AbortError') setProblem(error instanceof PackError ? error.problem : 'stopped');
    }
  };

  const kept = saved.data;
  const newer = kept && manifest && manifest.version !== kept.manifest.version;
  return (
    <section className="save-offline card" aria-labelledby="save-offline-title" data-testid="save-offline">
      <h2 id="save-offline-title" className="save-offline__title">
        {t('offline.title')}
      </h2>
      {kept ? (
        <>
          <p>
            {t('offline.saved', {
              size: formatBytes(kept.size),
              date: formatDate(kept.savedAt, LANGUAGES[i18n.language as LanguageCode]?.bcp47 ?? 'en'),
            })}
          </p>
          {newer && <p>{t('offline.newer', { size: formatBytes(server.data!.toUpdate) })}</p>}
        </>
      ) : (
        <>
          <p>{t('offline.intro')}</p>
          {sizes && (
            <ul className="save-offline__sizes">
              <li>{t('offline.size', { size: formatBytes(sizes.text + sizes.pictures) })}</li>
              {space.data !== undefined && <li>{t('offline.space', { size: formatBytes(space.data) })}</li>}
            </ul>
          )}
          {sizes && sizes.audio > 0 && (
            <label className="save-offline__videos">
              <input
                type="checkbox"
                checked={withVoices}
                onChange={(event) => setWithVoices(event.target.checked)}
                disabled={progress !== undefined}
              />
              {t('offline.withVoices', { size: formatBytes(sizes.audio) })}
            </label>
          )}
          {sizes && sizes.videos > 0 && (
            <label className="save-offline__videos">
              <input
                type="checkbox"
                checked={withVideos}
                onChange={(event) => setWithVideos(event.target.checked)}
                disabled={progress !== undefined}
              />
              {t('offline.withVideos', { size: formatBytes(sizes.videos) })}
            </label>
          )}
        </>
      )}
      {progress && (
        <div className="save-offline__progress">
          <progress max={Math.max(1, progress.bytes)} value={progress.bytesDone} aria-label={t('offline.saving')} />
          <span role="status">{t('offline.progress', { done: progress.filesDone, total: progress.files })}</span>
        </div>
      )}
      {problem && (
        <p className="save-offline__problem" role="alert">
          {t(`offline.problem.${problem}`)}
        </p>
      )}
      <div className="save-offline__actions">
        {!kept && (
          <button
            type="button"
            className="btn"
            onClick={() => void save({ videos: withVideos, voices: withVoices && (sizes?.audio ?? 0) > 0 })}
            disabled={!manifest || progress !== undefined}
            aria-busy={progress !== undefined}
          >
            {progress ? t('offline.saving') : problem === 'stopped' ? t('offline.goOn') : t('offline.save')}
          </button>
        )}
        {newer && (
          <button
            type="button"
            className="btn"
            onClick={() => void save({ videos: kept.manifest.withVideos, voices: kept.manifest.withVoices ?? false })}
            disabled={progress !== undefined}
            aria-busy={progress !== undefined}
          >
            {t('offline.update')}
          </button>
        )}
        {kept && (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void share(kept.manifest.course.title)}
            disabled={progress !== undefined || sharing === 'writing'}
            aria-busy={sharing === 'writing'}
          >
            {t('offline.share')}
          </button>
        )}
        {kept && (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void remove()}
            disabled={progress !== undefined}
          >
            {t('offline.remove')}
          </button>
        )}
      </div>
      {sharing === 'downloaded' && <p role="status">{t('offline.shareDownloaded')}</p>}
      {server.isError && !kept && <p className="save-offline__problem">{t('offline.problem.stopped')}</p>}
    </section>
  );
}
