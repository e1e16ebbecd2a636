// The media picker: a dialog to choose one file of the media library for a document being edited
// (a course's cover, a post's image, a picture in rich text; a course's video or its document),
// searching the library or uploading a new one, of the one kind asked for. A picture comes with its
// text alternative in the document's language (written or corrected here, and saved to the library
// for every other use of the picture); a video with its length, which the server read from it.
//
// Props:
//   open      whether the dialog is shown.
//   onClose   called when it is closed without a choice (Escape, the backdrop, Cancel).
//   lang      the language of the document (contract/languages.ts): the text alternative returned
//             is this language's, and the one the person may write.
//   onPick    called with the choice, and the dialog then asks to be closed (onClose is not called):
//             { path, alt, name, bytes, durationSeconds, file } where `path` is what content stores
//             (`uploads/by-hash/...`, the widest copy of a photo), `alt` the text alternative in
//             `lang` ('' when there is none), `name`, `bytes` and `durationSeconds` the file as
//             uploaded, and `file` the library's whole record (its copies, every language's text).
//   me        who is choosing (useStaffMe's data): editors and admins may upload here, and a
//             translator write the text alternative only in their own languages.
//   title     the dialog's heading; "Choose a picture" (a video, a document) when not given.
//   kind      'image' (when not given), 'video' or 'document': the files listed and the uploads taken.
//
// These are the shared ImagePickerProps (web/staff-shared/components/image-picker.tsx), with the
// library's whole record added to the choice: web/app/routes/staff.tsx hands this component to the
// editors and the translation view, whose edit gate opens it with useImagePicker.
//
// Example:
//   const [picking, setPicking] = useState(false);
//   <MediaPicker open={picking} onClose={() => setPicking(false)} lang="hi" me={me}
//     onPick={({ path, alt }) => { setPicking(false); setImage(path, alt); }} />
import { useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { LANGUAGES, type LanguageCode } from '../../../../contract/languages';
import {
  MEDIA_ALT_MAX_LENGTH,
  MEDIA_PAGE_SIZE,
  MEDIA_SEARCH_MAX_LENGTH,
  formatBytes,
} from '../../../../contract/media-rules';
import { useTranslation } from '../../../i18n/react';
import { fileUrl } from '../../../lib/api-client';
import { CloseButton, Dialog } from '../../../components/dialog';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { useMediaList, useSetAlt, type MediaFile } from '../api/media';
import type { StaffMe } from '../../../../contract/staff';
import type { ImagePickerProps, PickedFile } from '../../../staff-shared/components/image-picker';
import type { UploadKind } from '../../../../contract/media-rules';
import { errorText } from '../../../staff-shared/components/error-text';
import { altLanguagesOf, dimensionsOf, mayUpload } from './media-facts';
import { MediaThumbnail } from './media-library';
import { DropZone, UploadList, useUploads } from './media-uploads';

export interface PickedMedia extends PickedFile {
  file: MediaFile;
}

export interface MediaPickerProps extends Omit<ImagePickerProps, 'onPick'> {
  onPick: (picked: PickedMedia) => void;
}

/** What the picker says for each kind: its heading, the list's name, an empty library. */
const WORDS = {
  image: { title: 'picker.title', list: 'picker.pictures', empty: 'picker.empty' },
  video: { title: 'picker.titleVideo', list: 'media.kindsPlural.video', empty: 'picker.emptyVideo' },
  document: { title: 'picker.titleDocument', list: 'media.kindsPlural.document', empty: 'picker.emptyDocument' },
} as const satisfies Record<UploadKind, Record<string, string>>;

const picked = (file: MediaFile, alt: string): PickedMedia => ({
  path: file.path,
  alt,
  name: file.originalName,
  bytes: file.bytes,
  durationSeconds: file.durationSeconds,
  file,
});

/** A video or a document: its name, size and length, and "Use this file". */
function FileChoice({ file, onPick }: { file: MediaFile; onPick: (picked: PickedMedia) => void }) {
  const { t } = useTranslation('staff');
  const facts = [formatBytes(file.bytes), dimensionsOf(file)].filter(Boolean).join(' · ');
  return (
    <form
      className={file.kind === 'video' ? 'media-choice' : 'media-choice media-choice--plain'}
      onSubmit={(event) => {
        event.preventDefault();
        onPick(picked(file, ''));
      }}
      aria-label={t('picker.chosen', { name: file.originalName })}
    >
      {file.kind === 'video' && (
        <video className="media-choice-video" src={fileUrl(file.path)} controls preload="metadata">
          <a href={fileUrl(file.path)}>{t('media.openFile')}</a>
        </video>
      )}
      <div className="media-choice-fields">
        <p className="media-card-name">{file.originalName}</p>
        <p className="staff-muted">{facts}</p>
        <button type="submit" className="btn">
          {t('picker.useFile')}
        </button>
      </div>
    </form>
  );
}

/** The chosen picture: its text alternative in the document's language, then "Use this picture". */
function Choice({
  file,
  lang,
  me,
  onPick,
}: {
  file: MediaFile;
  lang: LanguageCode;
  me: StaffMe;
  onPick: (picked: PickedMedia) => void;
}) {
  const { t } = useTranslation('staff');
  const id = useId();
  const language = LANGUAGES[lang];
  const stored = file.alt[lang] ?? '';
  const [alt, setAlt] = useState(stored);
  const save = useSetAlt(file.id);
  const mayWrite = altLanguagesOf(me).includes(lang);
  const use = (event: FormEvent) => {
    event.preventDefault();
    const text = alt.replace(/\s+/g, ' ').trim();
    if (!mayWrite || text === stored) return onPick(picked(file, stored));
    save.mutate({ [lang]: text }, { onSuccess: (saved) => onPick(picked(saved, saved.alt[lang] ?? '')) });
  };
  return (
    <form className="media-choice" onSubmit={use} aria-label={t('picker.chosen', { name: file.originalName })}>
      <MediaThumbnail file={file} />
      <div className="media-choice-fields">
        <p className="media-card-name">{file.originalName}</p>
        <p className="staff-muted">
          {formatBytes(file.bytes)} · {dimensionsOf(file)}
        </p>
        <label htmlFor={`${id}-alt`}>{t('picker.altIn', { language: language.name })}</label>
        <textarea
          id={`${id}-alt`}
          lang={language.bcp47}
          rows={2}
          value={alt}
          maxLength={MEDIA_ALT_MAX_LENGTH}
          readOnly={!mayWrite}
          onChange={(event) => setAlt(event.target.value)}
        />
        {!alt.trim() && <p className="staff-hint">{t('picker.altMissing')}</p>}
        {save.isError && (
          <p className="staff-error" role="alert">
            {errorText(save.error)}
          </p>
        )}
        <button type="submit" className="btn" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? t('actions.saving') : t('picker.use')}
        </button>
      </div>
    </form>
  );
}

/**
 * Scrolls the dialog so the chosen tile shows whole: above the chosen file's pane, which stays at
 * the dialog's foot and would otherwise cover the lower part of a tile picked near it.
 */
function keepInSight(card: HTMLElement, pane: HTMLElement, scroller: HTMLElement) {
  const tile = card.getBoundingClientRect();
  const foot = pane.getBoundingClientRect().top;
  const head = scroller.getBoundingClientRect().top;
  if (tile.bottom > foot) scroller.scrollBy({ top: tile.bottom - foot + 8 });
  else if (tile.top < head) scroller.scrollBy({ top: tile.top - head - 8 });
}

function PickerBody({ lang, onPick, onClose, me, title, kind = 'image' }: Omit<MediaPickerProps, 'open'>) {
  const { t } = useTranslation('staff');
  const words = WORDS[kind];
  const only = useMemo(() => [kind], [kind]);
  const id = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<MediaFile | null>(null);
  const list = useMediaList({ q, kind, page });
  const uploads = useUploads(only, (file) => {
    setQ('');
    setDraft('');
    setPage(1);
    setChosen(file);
  });
  const top = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const card = body.current?.querySelector<HTMLElement>('.media-card[aria-pressed="true"]');
    const pane = body.current?.querySelector<HTMLElement>('.media-choice');
    const scroller = body.current?.closest<HTMLElement>('.dialog');
    if (card && pane && scroller) keepInSight(card, pane, scroller);
  }, [chosen?.id, list.data]);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };
  return (
    <div ref={body} className="staff-dialog-body media-picker">
      <div className="media-picker-head">
        <h2 id={`${id}-title`}>{title ?? t(words.title)}</h2>
        <CloseButton onClick={onClose} label={t('actions.cancel')} />
      </div>
      {mayUpload(me) && (
        <>
          <DropZone kinds={only} onFiles={uploads.add} compact />
          <UploadList
            uploads={uploads.uploads}
            onCancel={uploads.cancel}
            onRetry={uploads.retry}
            onClear={uploads.clearFinished}
          />
        </>
      )}
      <form className="staff-filters" role="search" onSubmit={search}>
        <label htmlFor={`${id}-q`}>
          {t('media.search')}
          <input
            id={`${id}-q`}
            type="search"
            value={draft}
            maxLength={MEDIA_SEARCH_MAX_LENGTH}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <button type="submit" className="btn">
          {t('media.find')}
        </button>
      </form>
      <h3 ref={top} tabIndex={-1} className="pagination-top visually-hidden">
        {t(words.list)}
      </h3>
      <QueryState
        isPending={list.isPending}
        isError={list.isError}
        refetch={() => void list.refetch()}
        minHeight={120}
      />
      {list.data && list.data.total === 0 && <p role="status">{q ? t('media.found', { count: 0 }) : t(words.empty)}</p>}
      {list.data && list.data.rows.length > 0 && (
        <ul
          className={
            kind === 'image' ? 'media-grid media-grid--picker' : 'media-grid media-grid--picker media-grid--files'
          }
          aria-label={t(words.list)}
        >
          {list.data.rows.map((file) => (
            <li key={file.id}>
              <button
                type="button"
                className="media-card"
                aria-pressed={chosen?.id === file.id}
                onClick={() => setChosen(file)}
              >
                {kind === 'image' ? (
                  <>
                    <span className="media-card-frame">
                      <MediaThumbnail file={file} />
                    </span>
                    <span className="media-card-name">{file.originalName}</span>
                    <span className="staff-muted" lang={LANGUAGES[lang].bcp47}>
                      {file.alt[lang] ?? t('picker.noAlt', { language: LANGUAGES[lang].name })}
                    </span>
                  </>
                ) : (
                  <>
                    <span className="media-card-name">{file.originalName}</span>
                    <span className="staff-muted">
                      {[file.format.toUpperCase(), formatBytes(file.bytes), dimensionsOf(file)]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total > MEDIA_PAGE_SIZE && (
        <Pagination
          page={page}
          size={MEDIA_PAGE_SIZE}
          total={list.data.total}
          onPage={setPage}
          label={t('media.pages')}
          listTop={top}
        />
      )}
      {chosen &&
        (chosen.kind === 'image' ? (
          <Choice key={chosen.id} file={chosen} lang={lang} me={me} onPick={onPick} />
        ) : (
          <FileChoice key={chosen.id} file={chosen} onPick={onPick} />
        ))}
    </div>
  );
}

export function MediaPicker({ open, onClose, title, kind = 'image', ...rest }: MediaPickerProps) {
  const { t } = useTranslation('staff');
  return (
    <Dialog
      className="staff-dialog media-picker-dialog"
      open={open}
      onClose={onClose}
      label={title ?? t(WORDS[kind].title)}
    >
      {open && <PickerBody {...rest} kind={kind} title={title} onClose={onClose} />}
    </Dialog>
  );
}
