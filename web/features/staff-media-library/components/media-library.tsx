// The media library (/staff/media): uploads for editors and admins (drop or choose files, a
// progress bar each), then the files, newest first: pictures as a grid of thumbnails, documents and
// videos as rows, with a search of names and text alternatives in any language and a filter by
// kind, both kept in the address with the page (so the back button undoes them). Each file opens
// its own page (media-file.tsx). Translators read the library to write text alternatives.
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LANGUAGE_CODES } from '../../../../contract/languages';
import {
  MEDIA_PAGE_SIZE,
  MEDIA_SEARCH_MAX_LENGTH,
  UPLOAD_KINDS,
  formatBytes,
  type UploadKind,
} from '../../../../contract/media-rules';
import { useTranslation } from '../../../i18n/react';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { fileUrl } from '../../../lib/api-client';
import { pageWithin, parsePage } from '../../../lib/pagination';
import { useMediaList, type MediaFile } from '../api/media';
import type { StaffMe } from '../../../../contract/staff';
import { LeaveDialog } from '../../../staff-shared/components/leave-dialog';
import { useLeaveGuard } from '../../../staff-shared/components/leave-guard';
import { StaffTable } from '../../../staff-shared/components/staff-table';
import { staffTime } from '../../../staff-shared/components/staff-time';
import { altCount, dimensionsOf, mayUpload, thumbnailOf } from './media-facts';
import { DropZone, UploadList, useUploads } from './media-uploads';

const isKind = (value: string | null): value is UploadKind => (UPLOAD_KINDS as readonly string[]).includes(value ?? '');

export function MediaThumbnail({ file, size = 'grid' }: { file: MediaFile; size?: 'grid' | 'large' }) {
  const path = size === 'large' ? file.path : thumbnailOf(file);
  return (
    <img
      className={`media-thumb media-thumb--${size}`}
      src={fileUrl(path)}
      alt=""
      loading="lazy"
      decoding="async"
      width={file.width ?? undefined}
      height={file.height ?? undefined}
    />
  );
}

function Filters() {
  const { t } = useTranslation('staff');
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const [draft, setDraft] = useState({ q: search.get('q') ?? '', kind: search.get('kind') ?? '' });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.q.trim()) next.set('q', draft.q.trim());
    if (isKind(draft.kind)) next.set('kind', draft.kind);
    setSearch(next);
  };
  return (
    <form className="staff-filters" role="search" onSubmit={apply}>
      <label htmlFor={`${id}-q`}>
        {t('media.search')}
        <input
          id={`${id}-q`}
          type="search"
          value={draft.q}
          maxLength={MEDIA_SEARCH_MAX_LENGTH}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
      </label>
      <label htmlFor={`${id}-kind`}>
        {t('media.kind')}
        <select
          id={`${id}-kind`}
          value={draft.kind}
          onChange={(event) => setDraft({ ...draft, kind: event.target.value })}
        >
          <option value="">{t('media.allKinds')}</option>
          {UPLOAD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`media.kindsPlural.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn">
        {t('media.find')}
      </button>
    </form>
  );
}

function Files({ files, filePath }: { files: MediaFile[]; filePath: (id: string) => string }) {
  const { t } = useTranslation('staff');
  const pictures = files.filter((file) => file.kind === 'image');
  const others = files.filter((file) => file.kind !== 'image');
  return (
    <>
      {pictures.length > 0 && (
        <ul className="media-grid" aria-label={t('media.kindsPlural.image')}>
          {pictures.map((file) => {
            const count = altCount(file);
            return (
              <li key={file.id}>
                <Link className="media-card" to={filePath(file.id)}>
                  <span className="media-card-frame">
                    <MediaThumbnail file={file} />
                  </span>
                  <span className="media-card-name">{file.originalName}</span>
                  <span className="staff-muted">
                    {formatBytes(file.bytes)} · {dimensionsOf(file)}
                  </span>
                  <span className={count === 0 ? 'media-alt-count media-alt-count--none' : 'media-alt-count'}>
                    {t('media.altCount', { count, total: LANGUAGE_CODES.length })}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {others.length > 0 && (
        <StaffTable
          label={t('media.otherFiles')}
          columns={[t('media.name'), t('media.kind'), t('media.size'), t('media.uploaded')]}
        >
          {others.map((file) => (
            <tr key={file.id}>
              <th scope="row">
                <Link to={filePath(file.id)}>{file.originalName}</Link>
              </th>
              <td>
                {t(`media.kinds.${file.kind}`)} <span className="staff-muted">{file.format.toUpperCase()}</span>
              </td>
              <td>
                {formatBytes(file.bytes)}
                {dimensionsOf(file) && <span className="staff-muted"> · {dimensionsOf(file)}</span>}
              </td>
              <td>
                {staffTime(file.uploadedAt)}
                {file.uploadedBy && <span className="staff-muted"> · {file.uploadedBy.name}</span>}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </>
  );
}

export function MediaLibraryPage({ me, filePath }: { me: StaffMe; filePath: (id: string) => string }) {
  const { t } = useTranslation('staff');
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const kindParam = search.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const asked = parsePage(search.get('page'));
  const list = useMediaList({ q, kind, page: asked });
  const page = pageWithin(asked, MEDIA_PAGE_SIZE, list.data?.total);
  const top = useRef<HTMLHeadingElement>(null);
  const uploads = useUploads(UPLOAD_KINDS);
  // Leaving the library stops the files still going (the uploads end with the page): asked first.
  const leave = useLeaveGuard(uploads.busy);
  const toPage = (next: number) => {
    const params = new URLSearchParams(search);
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    setSearch(params);
  };
  return (
    <section aria-labelledby="media-title">
      <h1 id="media-title">{t('media.title')}</h1>
      {mayUpload(me) ? (
        <>
          <DropZone onFiles={uploads.add} />
          <UploadList
            uploads={uploads.uploads}
            onCancel={uploads.cancel}
            onRetry={uploads.retry}
            onClear={uploads.clearFinished}
            fileLink={(file) => (
              <Link to={filePath(file.id)} className="media-upload-open">
                {t('media.open')}
              </Link>
            )}
          />
        </>
      ) : (
        <p className="staff-hint">{t('media.translatorExplain')}</p>
      )}
      <h2 id="media-files" ref={top} tabIndex={-1} className="pagination-top">
        {t('media.files')}
      </h2>
      <Filters key={search.toString()} />
      <QueryState isPending={list.isPending} isError={list.isError} refetch={() => void list.refetch()} />
      {list.data && (
        <>
          <p role="status">
            {q || kind ? t('media.found', { count: list.data.total }) : t('media.total', { count: list.data.total })}
          </p>
          <Files files={list.data.rows} filePath={filePath} />
          {list.data.total > MEDIA_PAGE_SIZE && (
            <Pagination
              page={page}
              size={MEDIA_PAGE_SIZE}
              total={list.data.total}
              onPage={toPage}
              label={t('media.pages')}
              listTop={top}
            />
          )}
        </>
      )}
      <LeaveDialog
        guard={leave}
        title={t('media.leave.title')}
        text={t('media.leave.text')}
        stay={t('media.leave.stay')}
        leave={t('media.leave.leave')}
      />
    </section>
  );
}
