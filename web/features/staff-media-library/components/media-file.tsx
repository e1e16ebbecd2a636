// One file of the media library (/staff/media/:fileId): a preview (the picture, the video, or a
// link to the document), what the API says of it (size, type, dimensions, who uploaded it), its
// text alternative in each of the ten languages (a translator writes only theirs), every place
// content uses it, each a link to that item's page, and delete, for editors and admins, once
// nothing uses it and after a confirmation.
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LANGUAGES, LANGUAGE_CODES, type LanguageCode } from '../../../../contract/languages';
import { MEDIA_ALT_MAX_LENGTH, formatBytes } from '../../../../contract/media-rules';
import { useTranslation } from '../../../i18n/react';
import { Dialog, focusOnOpen } from '../../../components/dialog';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { fileUrl, isNotFound } from '../../../lib/api-client';
import { useDeleteMedia, useMediaFile, useSetAlt, type MediaFileDetail, type MediaUsage } from '../api/media';
import type { StaffMe } from '../../../../contract/staff';
import { errorText } from '../../../staff-shared/components/error-text';
import { staffTime } from '../../../staff-shared/components/staff-time';
import { altChanges, altLanguagesOf, dimensionsOf, mayUpload } from './media-facts';
import { MediaThumbnail } from './media-library';

function Preview({ file }: { file: MediaFileDetail }) {
  const { t } = useTranslation('staff');
  if (file.kind === 'image') return <MediaThumbnail file={file} size="large" />;
  if (file.kind === 'video') {
    return (
      <video className="media-preview-video" src={fileUrl(file.path)} controls preload="metadata">
        <a href={fileUrl(file.path)}>{t('media.openFile')}</a>
      </video>
    );
  }
  return (
    <p>
      <a href={fileUrl(file.path)} target="_blank" rel="noreferrer">
        {t('media.openFile')} ({file.format.toUpperCase()}, {formatBytes(file.bytes)})
      </a>
    </p>
  );
}

function AltTexts({ file, me }: { file: MediaFileDetail; me: StaffMe }) {
  const { t } = useTranslation('staff');
  const id = useId();
  const save = useSetAlt(file.id);
  const writable = altLanguagesOf(me);
  // A translator's own languages first, as the matrix shows them.
  const order = [...writable, ...LANGUAGE_CODES.filter((code) => !writable.includes(code))];
  const [draft, setDraft] = useState<Partial<Record<LanguageCode, string>>>({});
  const [saved, setSaved] = useState(false);
  const changes = altChanges(file.alt, draft);
  const changed = Object.keys(changes).length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    save.mutate(changes, {
      onSuccess: () => {
        setDraft({});
        setSaved(true);
      },
    });
  };
  return (
    <form className="staff-card media-alt" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t('media.altTitle')}</h2>
      <p className="staff-hint">{t('media.altExplain')}</p>
      <div className="media-alt-fields">
        {order.map((code) => {
          const language = LANGUAGES[code];
          const value = draft[code] ?? file.alt[code] ?? '';
          const mayWrite = writable.includes(code);
          return (
            <div key={code} className="staff-field media-alt-field">
              <label htmlFor={`${id}-${code}`}>
                {language.name}{' '}
                <span lang={language.bcp47} className="staff-muted">
                  {language.nativeName}
                </span>
              </label>
              <textarea
                id={`${id}-${code}`}
                lang={language.bcp47}
                rows={2}
                value={value}
                maxLength={MEDIA_ALT_MAX_LENGTH}
                readOnly={!mayWrite}
                aria-describedby={`${id}-${code}-count`}
                onChange={(event) => {
                  setSaved(false);
                  setDraft({ ...draft, [code]: event.target.value });
                }}
              />
              <span id={`${id}-${code}-count`} className="staff-hint">
                {mayWrite
                  ? t('media.altLength', { count: value.length, max: MEDIA_ALT_MAX_LENGTH })
                  : t('media.altNotYours')}
              </span>
            </div>
          );
        })}
      </div>
      {save.isError && (
        <p className="staff-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <div className="staff-actions">
        <button
          type="submit"
          className="btn"
          disabled={!changed || save.isPending}
          aria-busy={save.isPending || undefined}
        >
          {save.isPending ? t('actions.saving') : t('media.saveAlt')}
        </button>
        <span role="status" className="media-saved">
          {saved && !changed
            ? t('media.altSaved')
            : changed
              ? t('media.altUnsaved', { count: Object.keys(changes).length })
              : ''}
        </span>
      </div>
    </form>
  );
}

/** The field's key in media.fields: a course's image is its cover. */
const fieldKey = (usage: MediaUsage) => (usage.kind === 'course' && usage.field === 'image' ? 'cover' : usage.field);

function UsedIn({ file, itemPath }: { file: MediaFileDetail; itemPath: (itemId: string, lang: string) => string }) {
  const { t } = useTranslation('staff');
  return (
    <section className="staff-card" aria-labelledby="media-used-title">
      <h2 id="media-used-title">{t('media.usedInTitle')}</h2>
      {file.usedIn.length === 0 ? (
        <p>{t('media.unused')}</p>
      ) : (
        <ul className="media-usage">
          {file.usedIn.map((usage, index) => {
            const language = usage.lang && usage.lang in LANGUAGES ? LANGUAGES[usage.lang as LanguageCode] : null;
            const title = usage.course ? `${usage.title} · ${usage.course.title}` : usage.title;
            return (
              <li key={`${usage.kind}-${usage.id}-${usage.field}-${index}`}>
                <span className="staff-muted">
                  {t('media.usage', {
                    field: t(`media.fields.${fieldKey(usage)}`),
                    kind: t(`media.usageKinds.${usage.kind}`),
                  })}
                </span>{' '}
                {usage.itemId && usage.lang ? (
                  <Link to={itemPath(usage.itemId, usage.lang)} lang={language?.bcp47}>
                    {title}
                  </Link>
                ) : (
                  <span lang={language?.bcp47}>{title}</span>
                )}
                {language && <span className="staff-muted"> ({language.name})</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function ConfirmDelete({
  file,
  onClose,
  libraryPath,
}: {
  file: MediaFileDetail;
  onClose: () => void;
  libraryPath: string;
}) {
  const { t } = useTranslation('staff');
  const remove = useDeleteMedia(file.id);
  const navigate = useNavigate();
  const go = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notify({ status: 200, message: t('media.deleted', { name: file.originalName }) });
        onClose();
        void navigate(libraryPath);
      },
    });
  return (
    <div className="staff-dialog-body">
      <h2>{t('media.confirmDelete.title', { name: file.originalName })}</h2>
      <p>{t('media.confirmDelete.text')}</p>
      {remove.isError && (
        <p className="staff-error" role="alert">
          {errorText(remove.error)}
        </p>
      )}
      <div className="staff-actions">
        <button
          type="button"
          className="btn staff-danger"
          onClick={go}
          disabled={remove.isPending}
          aria-busy={remove.isPending || undefined}
        >
          {t('media.confirmDelete.action')}
        </button>
        {/* Deleting is for good: the dialog opens on Cancel. */}
        <button type="button" className="btn btn--ghost" onClick={onClose} ref={focusOnOpen}>
          {t('actions.cancel')}
        </button>
      </div>
    </div>
  );
}

export function MediaFilePage({
  me,
  fileId,
  libraryPath,
  itemPath,
}: {
  me: StaffMe;
  fileId: string;
  libraryPath: string;
  itemPath: (itemId: string, lang: string) => string;
}) {
  const { t } = useTranslation('staff');
  const file = useMediaFile(fileId);
  const [confirming, setConfirming] = useState(false);
  if (file.isPending || file.isError) {
    if (isNotFound(file.error)) {
      return (
        <p className="staff-card" role="alert">
          {t('media.notFound')} <Link to={libraryPath}>{t('media.back')}</Link>
        </p>
      );
    }
    return <QueryState isPending={file.isPending} isError={file.isError} refetch={() => void file.refetch()} />;
  }
  const data = file.data;
  const dimensions = dimensionsOf(data);
  return (
    <article aria-labelledby="media-file-title">
      <p>
        <Link to={libraryPath}>← {t('media.back')}</Link>
      </p>
      <h1 id="media-file-title" className="media-file-title">
        {data.originalName}
      </h1>
      <div className="media-file">
        <div className="media-preview">
          <Preview file={data} />
        </div>
        <dl className="staff-facts staff-card media-facts">
          <dt>{t('media.kind')}</dt>
          <dd>
            {t(`media.kinds.${data.kind}`)} ({data.format.toUpperCase()})
          </dd>
          <dt>{t('media.size')}</dt>
          <dd>{formatBytes(data.bytes)}</dd>
          {dimensions && (
            <>
              <dt>{data.kind === 'video' && !data.width ? t('media.duration') : t('media.dimensions')}</dt>
              <dd>{dimensions}</dd>
            </>
          )}
          {data.variants.length > 1 && (
            <>
              <dt>{t('media.copies')}</dt>
              <dd>
                {data.variants
                  .map((variant) => `${variant.width ?? '?'} px, ${formatBytes(variant.bytes)}`)
                  .join(' · ')}
              </dd>
            </>
          )}
          <dt>{t('media.uploaded')}</dt>
          <dd>
            {staffTime(data.uploadedAt)}
            {data.uploadedBy && ` · ${data.uploadedBy.name}`}
          </dd>
          <dt>{t('media.path')}</dt>
          <dd>
            <code className="media-path">{data.path}</code>
          </dd>
        </dl>
      </div>
      {data.kind === 'image' && <AltTexts file={data} me={me} />}
      <UsedIn file={data} itemPath={itemPath} />
      {mayUpload(me) && (
        <section className="staff-card" aria-labelledby="media-delete-title">
          <h2 id="media-delete-title">{t('media.deleteTitle')}</h2>
          {data.usedIn.length > 0 ? (
            <p>{t('media.deleteInUse', { count: data.usedIn.length })}</p>
          ) : (
            <>
              <p>{t('media.deleteExplain')}</p>
              <button type="button" className="btn staff-danger" onClick={() => setConfirming(true)}>
                {t('media.delete')}
              </button>
            </>
          )}
        </section>
      )}
      <Dialog
        className="staff-dialog"
        open={confirming}
        onClose={() => setConfirming(false)}
        label={t('media.confirmDelete.title', { name: data.originalName })}
      >
        {confirming && <ConfirmDelete file={data} libraryPath={libraryPath} onClose={() => setConfirming(false)} />}
      </Dialog>
    </article>
  );
}
