// Uploading to the media library: a zone to drop files on, or a "Choose files" button (several at
// once), and the list of this visit's uploads, each with its own progress bar, Cancel, and what was
// refused and why: the console's own check (contract/media-rules.ts: type and size, before a byte
// is sent) or the server's message (it reads the bytes). Files go one after another, so a phone on
// a slow connection finishes each as soon as it can; one refused file never stops the others, one
// lost on the way (the connection dropped) can be tried again, and leaving the page while files are
// going asks first.
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import {
  acceptedNames,
  formatBytes,
  MAX_BYTES,
  MAX_SVG_BYTES,
  UPLOAD_KINDS,
  type UploadKind,
} from '../../../../contract/media-rules';
import { useTranslation } from '../../../i18n/react';
import { styleRef } from '../../../lib/style-ref';
import { uploadMedia, useRefreshMedia, type MediaFile } from '../api/media';
import { isClientError } from '../../../lib/api-client';
import { errorText } from '../../../staff-shared/components/error-text';
import { acceptOf, checkUpload } from './upload-check';

export type UploadState = 'waiting' | 'uploading' | 'done' | 'refused' | 'failed' | 'cancelled';

export interface Upload {
  key: number;
  name: string;
  size: number;
  state: UploadState;
  /** 0 to 100 while uploading. */
  percent: number;
  /** Why it was refused or failed, in words. */
  problem?: string;
  file?: MediaFile;
  /** The same bytes were in the library already. */
  repeat?: boolean;
  /** It failed on the way (the connection, the server) and can be tried again. */
  retry?: boolean;
}

interface Queued {
  key: number;
  file: File;
  kind: UploadKind;
}

let nextKey = 1;

/** The uploads of this visit and a function to add files; `onUploaded` hears each stored file. */
export function useUploads(kinds: readonly UploadKind[], onUploaded?: (file: MediaFile) => void) {
  const { t } = useTranslation('staff');
  const refresh = useRefreshMedia();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef<Queued[]>([]);
  const running = useRef<{ key: number; controller: AbortController } | null>(null);
  /** The files that failed on the way (not refused), kept so they can be tried again. */
  const failed = useRef(new Map<number, Queued>());
  const heard = useRef(onUploaded);
  useEffect(() => {
    heard.current = onUploaded;
  }, [onUploaded]);
  const unmounted = useRef(false);

  const update = (key: number, change: Partial<Upload>) => {
    if (!unmounted.current)
      setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  };

  const refusal = (check: Exclude<ReturnType<typeof checkUpload>, { ok: true }>): string => {
    if (check.reason === 'empty') return t('media.refused.empty');
    if (check.reason === 'tooLarge')
      return t('media.refused.tooLarge', {
        kind: t(`media.kindsPlural.${check.kind}`),
        limit: formatBytes(check.limit),
      });
    return t('media.refused.notAccepted', {
      accepted: check.kinds.map((kind) => `${t(`media.kindsPlural.${kind}`)}: ${acceptedNames(kind)}`).join('; '),
    });
  };

  const next = async () => {
    if (running.current) return;
    const item = queue.current.shift();
    if (!item) return;
    const controller = new AbortController();
    running.current = { key: item.key, controller };
    update(item.key, { state: 'uploading', percent: 0 });
    try {
      const result = await uploadMedia(
        item.file,
        item.kind,
        (sent, total) => update(item.key, { percent: Math.min(100, Math.round((sent / Math.max(total, 1)) * 100)) }),
        controller.signal,
      );
      update(item.key, { state: 'done', percent: 100, file: result.file, repeat: result.repeat });
      heard.current?.(result.file);
      void refresh();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') update(item.key, { state: 'cancelled' });
      else {
        // A refusal by the server (4xx) would be refused again; a lost connection or a server error may pass.
        if (!isClientError(error)) failed.current.set(item.key, item);
        update(item.key, { state: 'failed', problem: errorText(error), retry: !isClientError(error) });
      }
    } finally {
      running.current = null;
    }
    void next();
  };

  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      queue.current = [];
      running.current?.controller.abort();
    };
  }, []);

  const add = (files: Iterable<File>) => {
    const added: Upload[] = [];
    for (const file of files) {
      const key = nextKey++;
      const check = checkUpload(file, kinds);
      if (check.ok) {
        queue.current.push({ key, file, kind: check.kind });
        added.push({ key, name: file.name, size: file.size, state: 'waiting', percent: 0 });
      } else {
        added.push({ key, name: file.name, size: file.size, state: 'refused', percent: 0, problem: refusal(check) });
      }
    }
    setUploads((all) => [...added, ...all]);
    void next();
  };

  const cancel = (key: number) => {
    if (running.current?.key === key) running.current.controller.abort();
    else if (queue.current.some((item) => item.key === key)) {
      queue.current = queue.current.filter((item) => item.key !== key);
      update(key, { state: 'cancelled' });
    }
  };

  const retry = (key: number) => {
    const item = failed.current.get(key);
    if (!item) return;
    failed.current.delete(key);
    queue.current.push(item);
    update(key, { state: 'waiting', percent: 0, problem: undefined, retry: false });
    void next();
  };

  const clearFinished = () => {
    setUploads((all) => all.filter((upload) => upload.state === 'waiting' || upload.state === 'uploading'));
    failed.current.clear();
  };

  // Leaving the page (closing the tab, reloading) while files are still going asks first.
  const busy = uploads.some((upload) => upload.state === 'waiting' || upload.state === 'uploading');
  useEffect(() => {
    if (!busy) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [busy]);

  return { uploads, busy, add, cancel, retry, clearFinished };
}

/** Where files are dropped or chosen. */
export function DropZone({
  kinds = UPLOAD_KINDS,
  onFiles,
  compact = false,
}: {
  kinds?: readonly UploadKind[];
  onFiles: (files: File[]) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('staff');
  const id = useId();
  const [over, setOver] = useState(false);
  const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');
  // A file dropped beside the zone would otherwise be opened by the browser in place of the console.
  useEffect(() => {
    const keep = (event: globalThis.DragEvent) => {
      if (event.dataTransfer && [...event.dataTransfer.types].includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      className={`media-drop${over ? ' media-drop--over' : ''}${compact ? ' media-drop--compact' : ''}`}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={drop}
      data-testid="media-drop"
    >
      <p className="media-drop-text">{kinds.length === 1 ? t(`media.dropOnly.${kinds[0]!}`) : t('media.dropHere')}</p>
      <label className="btn media-choose" htmlFor={`${id}-files`}>
        {t('media.choose')}
      </label>
      <input
        id={`${id}-files`}
        className="visually-hidden"
        type="file"
        multiple
        accept={acceptOf(kinds)}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <p className="staff-hint">
        {kinds.map((kind) => (
          <span key={kind} className="media-limit">
            {t('media.limit', {
              kind: t(`media.kindsPlural.${kind}`),
              formats: acceptedNames(kind),
              size: formatBytes(MAX_BYTES[kind]),
            })}
            {kind === 'image' && ` (${t('media.svgLimit', { size: formatBytes(MAX_SVG_BYTES) })})`}
          </span>
        ))}
      </p>
    </div>
  );
}

/** One upload's bar: its share sent, in numbers for screen readers and in width for the eye. */
function ProgressBar({ name, percent }: { name: string; percent: number }) {
  const { t } = useTranslation('staff');
  return (
    <div
      className="media-progress"
      role="progressbar"
      aria-label={t('media.uploading', { name })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
    >
      <span className="media-progress-bar" ref={styleRef({ width: `${percent}%` })} />
    </div>
  );
}

/** This visit's uploads, newest first. */
export function UploadList({
  uploads,
  onCancel,
  onRetry,
  onClear,
  fileLink,
}: {
  uploads: Upload[];
  onCancel: (key: number) => void;
  onRetry: (key: number) => void;
  onClear: () => void;
  fileLink?: (file: MediaFile) => ReactNode;
}) {
  const { t } = useTranslation('staff');
  if (uploads.length === 0) return null;
  const finished = uploads.some((upload) => upload.state !== 'waiting' && upload.state !== 'uploading');
  return (
    <section className="media-uploads" aria-label={t('media.uploadsTitle')}>
      <ul>
        {uploads.map((upload) => (
          <li key={upload.key} className={`media-upload media-upload--${upload.state}`}>
            <div className="media-upload-head">
              <span className="media-upload-name">{upload.name}</span>
              <span className="staff-muted">{formatBytes(upload.size)}</span>
              <span className="media-upload-state">
                {t(`media.states.${upload.state}`, { percent: upload.percent })}
                {upload.state === 'done' && upload.repeat && ` ${t('media.repeat')}`}
              </span>
              {(upload.state === 'waiting' || upload.state === 'uploading') && (
                <button
                  type="button"
                  className="btn btn--ghost media-upload-cancel"
                  onClick={() => onCancel(upload.key)}
                  aria-label={t('media.cancelUpload', { name: upload.name })}
                >
                  {t('actions.cancel')}
                </button>
              )}
              {upload.state === 'failed' && upload.retry && (
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => onRetry(upload.key)}
                  aria-label={t('media.retryUpload', { name: upload.name })}
                >
                  {t('actions.retry')}
                </button>
              )}
              {upload.state === 'done' && upload.file && fileLink?.(upload.file)}
            </div>
            {upload.state === 'uploading' && <ProgressBar name={upload.name} percent={upload.percent} />}
            {upload.problem && (
              <p className="staff-error" role="alert">
                {upload.problem}
              </p>
            )}
          </li>
        ))}
      </ul>
      {finished && (
        <button type="button" className="btn btn--ghost" onClick={onClear}>
          {t('media.clearFinished')}
        </button>
      )}
    </section>
  );
}
