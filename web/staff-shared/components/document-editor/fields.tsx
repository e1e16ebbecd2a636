// The document editors' fields. Text is kept as typed (in the language's script, marked with its
// `lang`). A number or a stored file's path that cannot be saved stays in its field as typed, says
// what is wrong beside it, and tells the editor (useFieldProblems), which does not save until it is
// put right: nothing typed is lost, and nothing wrong is sent.
import { createContext, Suspense, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { STORED_FILE_PATTERN, type ContentKind } from '../../../../contract/content-kinds';
import { formatBytes } from '../../../../contract/media-rules';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { fileUrl } from '../../../lib/api-client';
// TipTap and ProseMirror load with the first rich-text field, in their own chunk.
import { RichTextEditor, type PickedImage } from '../rich-text/rich-text-editor';
import type { PickedFile, PickMedia } from '../image-picker';

/** Where a field reports that what it holds cannot be saved (null: it can again). */
export const FieldProblems = createContext<(id: string, problem: string | null) => void>(() => undefined);

/** The language the content is written in (BCP 47), for every field. */
export const ContentLanguage = createContext<string | undefined>(undefined);

/** Whether the person may change the structure (numbers, files, order), or only the text. */
export const TextOnly = createContext(false);

export interface ConfirmRequest {
  title: string;
  text: string;
  action: string;
  run: () => void;
}

/** Asks before a removal that takes written work with it (the editor's dialog). */
export const Confirm = createContext<(request: ConfirmRequest) => void>((request) => request.run());

/** The media library's picker, when the console has one: handed to every file and rich-text field. */
/**
 * Counts the times the draft was replaced from outside the fields (another person's save taken in, a
 * conflict resolved): the rich-text editors, which hold their own document, start again from the
 * draft, while the rest of the form (an open lesson, a chosen tab) stays as it is.
 */
export const DraftGeneration = createContext(0);

export const PickFromLibrary = createContext<PickMedia | undefined>(undefined);

function useProblem(problem: string | null) {
  const report = useContext(FieldProblems);
  const id = useId();
  useEffect(() => {
    report(id, problem);
  }, [report, id, problem]);
  useEffect(() => () => report(id, null), [report, id]);
}

function Field({
  label,
  hint,
  error,
  children,
  wide,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: (ids: { input: string; describedBy?: string }) => ReactNode;
  wide?: boolean;
}) {
  const input = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wide ? 'staff-field ce-field ce-field--wide' : 'staff-field ce-field'}>
      <label htmlFor={input}>{label}</label>
      {children({ input, describedBy })}
      {hint && (
        <p className="staff-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="staff-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Plain text; maxLength where the editor knows the document's limit (else the server's refusal names it). */
export function TextField({
  label,
  value,
  onChange,
  maxLength,
  multiline,
  hint,
  wide,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  multiline?: boolean;
  hint?: string;
  wide?: boolean;
}) {
  const lang = useContext(ContentLanguage);
  return (
    <Field label={label} hint={hint} wide={wide || multiline}>
      {({ input, describedBy }) =>
        multiline ? (
          <textarea
            id={input}
            lang={lang}
            value={value}
            maxLength={maxLength}
            rows={3}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            id={input}
            type="text"
            lang={lang}
            value={value}
            maxLength={maxLength}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

/** A whole number from min to max; what else is typed stays in the field with the reason. */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  hint,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  hint?: string;
}) {
  const { t } = useTranslation('staff');
  const textOnly = useContext(TextOnly);
  const [text, setText] = useState(String(value));
  // A change from elsewhere (a reloaded version) shows; the person's own typing is kept as typed.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(String(value));
  }
  const number = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  const problem =
    Number.isInteger(number) && number >= min && number <= max ? null : t('editor.badNumber', { label, min, max });
  useProblem(problem);
  return (
    <Field label={label} hint={hint} error={problem}>
      {({ input, describedBy }) => (
        <input
          id={input}
          className="ce-number"
          type="text"
          inputMode="numeric"
          value={text}
          disabled={textOnly}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            const next = /^\s*\d+\s*$/.test(event.target.value) ? Number(event.target.value) : NaN;
            if (Number.isInteger(next) && next >= min && next <= max) {
              setShown(next);
              onChange(next);
            }
          }}
        />
      )}
    </Field>
  );
}

const storedFile = new RegExp(STORED_FILE_PATTERN);

/** A stored file, by its path (uploads/...); empty for none. */
export function FileField({
  label,
  value,
  onChange,
  hint,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  hint?: string;
}) {
  const { t } = useTranslation('staff');
  const textOnly = useContext(TextOnly);
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value ?? '');
  }
  const path = text.trim().replace(/^\/+/, '');
  const problem = path === '' || storedFile.test(path) ? null : t('editor.badFile', { label });
  useProblem(problem);
  return (
    <Field label={label} hint={hint ?? t('editor.fileHint')} error={problem}>
      {({ input, describedBy }) => (
        <input
          id={input}
          type="text"
          value={text}
          placeholder="uploads/…"
          disabled={textOnly}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            const next = event.target.value.trim().replace(/^\/+/, '');
            if (next === '' || storedFile.test(next)) {
              const stored = next === '' ? null : next;
              setShown(stored);
              onChange(stored);
            }
          }}
        />
      )}
    </Field>
  );
}

/** Rich text (HTML) in the rich-text editor; its toolbar loads with the first one on the page. */
export function RichField({
  label,
  value,
  onChange,
  onPickImage,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onPickImage?: () => Promise<PickedImage | null>;
}) {
  const { t } = useTranslation('staff');
  const lang = useContext(ContentLanguage);
  const generation = useContext(DraftGeneration);
  return (
    <div className="staff-field ce-field ce-field--wide">
      {/* The editing area is named by aria-label: a <label> cannot name a contenteditable element. */}
      <span className="ce-label" aria-hidden="true">
        {label}
      </span>
      <Suspense fallback={<p className="rte-loading">{t('editor.loadingEditor')}</p>}>
        <RichTextEditor
          key={generation}
          label={label}
          value={value}
          onChange={onChange}
          lang={lang}
          onPickImage={onPickImage}
        />
      </Suspense>
    </div>
  );
}

/** An ISO day (YYYY-MM-DD), with the browser's date picker; structure, so a translator sees it only. */
export function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('staff');
  const textOnly = useContext(TextOnly);
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const problem =
    /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
      ? null
      : t('editor.badDate', { label });
  useProblem(problem);
  return (
    <Field label={label} error={problem}>
      {({ input, describedBy }) => (
        <input
          id={input}
          type="date"
          value={text}
          disabled={textOnly}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) {
              setShown(event.target.value);
              onChange(event.target.value);
            }
          }}
        />
      )}
    </Field>
  );
}

/** A yes-or-no choice, said in words beside its box. */
export function CheckField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: boolean;
  onChange: (value: boolean) => void;
}) {
  const textOnly = useContext(TextOnly);
  const hintId = useId();
  return (
    <div className="staff-field ce-field">
      <label className="staff-check">
        <input
          type="checkbox"
          checked={value}
          disabled={textOnly}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {hint && (
        <p className="staff-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A picture of the media library: a thumbnail of the chosen one, a button that opens the library's
 * picker (which may also upload), and its path for those who type it. The picker's text
 * alternative is handed to onAlt, for a document that keeps one beside the picture.
 */
export function ImageField({
  label,
  value,
  onChange,
  onAlt,
  required,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  onAlt?: (alt: string) => void;
  required?: boolean;
}) {
  const { t } = useTranslation('staff');
  const textOnly = useContext(TextOnly);
  const pick = useContext(PickFromLibrary);
  return (
    <div className="ce-image">
      {value ? (
        <img className="ce-image__thumb" src={fileUrl(value)} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="ce-image__none">{t(required ? 'editor.imageNeeded' : 'editor.noImage')}</span>
      )}
      <div className="ce-image__choose">
        <FileField label={label} value={value} onChange={onChange} />
        {pick && !textOnly && (
          <ChooseFromLibrary
            label={label}
            onChoose={() =>
              void pick().then((picked) => {
                if (!picked) return;
                onChange(picked.path);
                if (picked.alt) onAlt?.(picked.alt);
              })
            }
          />
        )}
      </div>
    </div>
  );
}

/** The button that opens the media library's picker for a field, named for the field. */
function ChooseFromLibrary({ label, onChoose }: { label: string; onChoose: () => void }) {
  const { t } = useTranslation('staff');
  return (
    <button
      type="button"
      className="btn btn--ghost"
      aria-label={t('editor.chooseImageFor', { label })}
      onClick={onChoose}
    >
      {t('editor.chooseImage')}
    </button>
  );
}

/** "1:05" for a video's length in seconds. */
const minutesAndSeconds = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * A video or a document of the media library: the chosen file by its name (and, when chosen in this
 * visit, its size and a video's length), a video with a player to check it, a button that opens the
 * library's picker for that kind (which may also upload), one that removes it, and its path for
 * those who type it. `onPicked` hears the file chosen in the picker (a video's length, read from its
 * header when it was uploaded).
 */
export function LibraryFileField({
  label,
  kind,
  value,
  onChange,
  onPicked,
}: {
  label: string;
  kind: 'video' | 'document';
  value: string | null;
  onChange: (value: string | null) => void;
  onPicked?: (picked: PickedFile) => void;
}) {
  const { t } = useTranslation('staff');
  const textOnly = useContext(TextOnly);
  const pick = useContext(PickFromLibrary);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  // A path saved before this visit shows by the name it is stored under (the library's, by hash).
  const known = picked && picked.path === value ? picked : null;
  const url = value ? fileUrl(value) : '';
  return (
    <div className="ce-media">
      {value ? (
        <div className="ce-media__chosen">
          {kind === 'video' && (
            <video className="ce-media__preview" src={url} controls preload="metadata">
              <a href={url}>{t('media.openFile')}</a>
            </video>
          )}
          <p className="ce-media__facts">
            <a className="ce-media__name" href={url} target="_blank" rel="noreferrer">
              {known?.name ?? value.split('/').pop()}
            </a>
            {known && (
              <span className="staff-muted">
                {formatBytes(known.bytes)}
                {known.durationSeconds !== null && ` · ${minutesAndSeconds(known.durationSeconds)}`}
              </span>
            )}
          </p>
        </div>
      ) : (
        <span className="ce-image__none">{t(kind === 'video' ? 'editor.noVideo' : 'editor.noDocument')}</span>
      )}
      <div className="ce-image__choose">
        <FileField label={label} value={value} onChange={onChange} />
        {pick && !textOnly && (
          <ChooseFromLibrary
            label={label}
            onChoose={() =>
              void pick(kind).then((chosen) => {
                if (!chosen) return;
                setPicked(chosen);
                onChange(chosen.path);
                onPicked?.(chosen);
              })
            }
          />
        )}
        {value && !textOnly && (
          <button
            type="button"
            className="btn btn--ghost"
            aria-label={t('editor.removeFileFor', { label })}
            onClick={() => onChange(null)}
          >
            {t('editor.removeAction')}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * What the kind's editor calls a field of its document (`editor.<kind>.<name>`, the picture's
 * labels), else the field's name at the start of a label: the translation view names each field as
 * the editor does.
 */
export function fieldLabel(t: TFunction, kind: ContentKind, name: string): string {
  const own = t(`editor.${kind}.${name}`, { defaultValue: '' });
  if (own) return own;
  if (name === 'image') return t('editor.picture');
  if (name === 'imageAlt') return t('editor.pictureAlt');
  const field = t(`editor.fields.${name}`, { defaultValue: name });
  return field.charAt(0).toLocaleUpperCase() + field.slice(1);
}
