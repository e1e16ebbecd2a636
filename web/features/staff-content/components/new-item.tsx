// A new item, from the matrix (editors and admins): its kind, a title (optional: the address name is
// suggested from it, and it becomes the first draft's title), its address name (slug) with the rule
// said beside it, and its source language (English unless chosen). Created with the kind's empty
// document (contract/empty-documents.ts) as a draft in the source language, then its page opens.
// A bad or taken address name is said beside the field, and nothing typed is lost.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  CONTENT_KINDS,
  CONTENT_SLUG_MAX,
  CONTENT_SLUG_PATTERN,
  type ContentKind,
} from '../../../../contract/content-kinds';
import { emptyDocument } from '../../../../contract/empty-documents';
import { TEXT_MAX } from '../../../../contract/document-fields';
import { LANGUAGES, LANGUAGE_CODES, type LanguageCode } from '../../../../contract/languages';
import { useTranslation } from '../../../i18n/react';
import { notify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { useCreateItem } from '../../../staff-shared/api/content';
import { DialogActions } from '../../../staff-shared/components/dialog-actions';
import { errorText, fieldErrors } from '../../../staff-shared/components/error-text';
import { staffToday } from '../../../staff-shared/components/staff-time';

const SLUG = new RegExp(CONTENT_SLUG_PATTERN);

/**
 * An address name made from a title: accents dropped, lowercase, every run of other characters one
 * hyphen, none at either end, at most the slug's length. Empty for a title in another script.
 */
export function slugFrom(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CONTENT_SLUG_MAX)
    .replace(/-+$/, '');
}

/** What is wrong with an address name before it is sent: nothing, empty, or not of the rule. */
export function slugProblem(slug: string): 'empty' | 'pattern' | null {
  if (!slug) return 'empty';
  return SLUG.test(slug) && slug.length <= CONTENT_SLUG_MAX ? null : 'pattern';
}

export function NewItemForm({
  initialKind,
  itemPath,
  onClose,
}: {
  initialKind?: ContentKind;
  itemPath: (itemId: string, lang: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('staff');
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateItem();
  const slugInput = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<ContentKind>(initialKind ?? 'course');
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  /** Once the address name is typed, the title no longer changes it. */
  const [slugTyped, setSlugTyped] = useState(false);
  const [lang, setLang] = useState<LanguageCode>('en');
  const [tried, setTried] = useState(false);

  const problem = slugProblem(slug);
  const serverProblem =
    create.error instanceof ApiError
      ? create.error.code === 'slugTaken'
        ? t('newItem.slugTaken', { kind: t(`newItem.nouns.${kind}`) })
        : fieldErrors(create.error).slug
      : undefined;
  const slugError = tried && problem ? t(`newItem.slug${problem === 'empty' ? 'Empty' : 'Pattern'}`) : serverProblem;
  const suggestion = slugError && problem === 'pattern' ? slugFrom(slug) : '';
  const otherError = create.isError && !serverProblem ? errorText(create.error) : null;

  /** Any change after a refusal clears the server's answer: it was about what was typed then. */
  const changed = () => {
    if (create.isError) create.reset();
  };
  /** A setter that also clears the server's answer. */
  const choosing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      changed();
    };
  const chooseTitle = (value: string) => {
    setTitle(value);
    if (!slugTyped) setSlug(slugFrom(value));
    changed();
  };
  const chooseSlug = (value: string) => {
    setSlug(value);
    setSlugTyped(value !== '');
    changed();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) {
      slugInput.current?.focus();
      return;
    }
    const body = emptyDocument(kind, { today: staffToday(), title: title.trim() });
    create.mutate(
      { kind, slug, lang, body },
      {
        onSuccess: ({ item }) => {
          notify({
            status: 200,
            message: t('newItem.created', { title: title.trim() || slug, language: LANGUAGES[lang].name }),
          });
          onClose();
          void navigate(itemPath(item.id, lang));
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.code === 'slugTaken' || fieldErrors(error).slug))
            slugInput.current?.focus();
        },
      },
    );
  };

  const titleLabel = kind === 'story' ? t('newItem.storyTitle') : t('newItem.title');
  return (
    <form className="staff-dialog-body staff-new-item" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('newItem.heading')}</h2>
      <fieldset className="staff-choices staff-kinds">
        <legend>{t('newItem.kind')}</legend>
        {CONTENT_KINDS.map((k) => (
          <label key={k} className="staff-check">
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => choosing(setKind)(k)}
            />
            <span>
              <strong>{t(`newItem.kinds.${k}`)}</strong>{' '}
              <span className="staff-muted">{t(`newItem.kindHints.${k}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="staff-field">
        <label htmlFor={`${id}-title`}>{titleLabel}</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={kind === 'story' ? TEXT_MAX.story.authorName : TEXT_MAX[kind].title}
          autoComplete="off"
          lang={LANGUAGES[lang].bcp47}
          onChange={(event) => chooseTitle(event.target.value)}
          aria-describedby={`${id}-title-hint`}
        />
        <p className="staff-hint" id={`${id}-title-hint`}>
          {t('newItem.titleHint')}
        </p>
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-slug`}>{t('newItem.slug')}</label>
        <input
          id={`${id}-slug`}
          ref={slugInput}
          className="staff-slug-input"
          value={slug}
          maxLength={CONTENT_SLUG_MAX}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          onChange={(event) => chooseSlug(event.target.value)}
          aria-invalid={slugError ? true : undefined}
          aria-describedby={`${id}-slug-hint${slugError ? ` ${id}-slug-error` : ''}`}
        />
        <p className="staff-hint" id={`${id}-slug-hint`}>
          {t('newItem.slugHint', { kinds: t(`newItem.plurals.${kind}`) })}
        </p>
        {slugError && (
          <div className="staff-error" id={`${id}-slug-error`} role="alert">
            <p>{slugError}</p>
            {suggestion && suggestion !== slug && (
              <button type="button" className="btn btn--ghost" onClick={() => chooseSlug(suggestion)}>
                {t('newItem.useSuggestion', { slug: suggestion })}
              </button>
            )}
          </div>
        )}
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-lang`}>{t('newItem.language')}</label>
        <select
          id={`${id}-lang`}
          value={lang}
          onChange={(event) => choosing(setLang)(event.target.value as LanguageCode)}
          aria-describedby={`${id}-lang-hint`}
        >
          {LANGUAGE_CODES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGES[code].name === LANGUAGES[code].nativeName
                ? LANGUAGES[code].name
                : `${LANGUAGES[code].name} (${LANGUAGES[code].nativeName})`}
            </option>
          ))}
        </select>
        <p className="staff-hint" id={`${id}-lang-hint`}>
          {t('newItem.languageHint')}
        </p>
      </div>
      <p>{t('newItem.whatHappens', { language: LANGUAGES[lang].name })}</p>
      {otherError && (
        <p className="staff-error" role="alert">
          {otherError}
        </p>
      )}
      <DialogActions
        action={create.isPending ? t('newItem.creating') : t('newItem.create')}
        busy={create.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
