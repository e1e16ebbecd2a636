// The preview of a draft: the newest version of a language exactly as learners or visitors will see
// it once published, at the width of a phone, a tablet or a desktop. The console's page
// (PreviewPage) shows a band saying it is not published and a frame of the chosen width, so the
// site's own media queries apply; the frame's page (PreviewFrame) asks the server for the public
// answers of the draft (GET .../preview: projected and rolled back, never published) and renders
// them with the public pages' components, which the route module passes in (features never import
// each other), in the content's language. A course's frame moves between the course page and its
// learning views within the frame (its address's query names the place).
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Blog, Story } from '../../../../contract/public-content';
import { LANGUAGES, isLanguageCode, type LanguageCode } from '../../../../contract/languages';
import { QueryState } from '../../../components/query-state';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useItem, usePreview, type PreviewResponse } from '../../../staff-shared/api/content';
import { errorText } from '../../../staff-shared/components/error-text';

/** The widths a preview is shown at, in CSS pixels: a common small phone, a tablet, a laptop. */
export const PREVIEW_WIDTHS = { phone: 360, tablet: 768, desktop: 1280 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;
const WIDTHS = Object.keys(PREVIEW_WIDTHS) as PreviewWidth[];

export function PreviewPage({
  itemId,
  lang: rawLang,
  framePath,
  itemPath,
}: {
  itemId: string;
  lang: string;
  framePath: string;
  itemPath: string;
}) {
  const { t } = useTranslation('staff');
  const item = useItem(itemId);
  const [width, setWidth] = useState<PreviewWidth>('phone');
  // A new key loads the frame again: the draft as it is now.
  const [load, setLoad] = useState(0);
  if (!isLanguageCode(rawLang))
    return (
      <p className="staff-card" role="alert">
        {t('item.unknownLanguage')}
      </p>
    );
  const language = LANGUAGES[rawLang];
  const state = item.data?.languages.find((l) => l.lang === rawLang);
  return (
    <article aria-labelledby="preview-title" className="staff-preview">
      <p>
        <Link to={itemPath}>← {t('preview.backToItem')}</Link>
      </p>
      <h1 id="preview-title">
        {t('preview.title')}{' '}
        {item.data && (
          <span className="staff-muted">
            <span lang={LANGUAGES[item.data.sourceLang].bcp47}>{item.data.title || item.data.slug}</span> ·{' '}
            {language.name}
          </span>
        )}
      </h1>
      <QueryState
        isPending={item.isPending}
        isError={item.isError && !(item.error instanceof ApiError && item.error.status < 500)}
        refetch={() => void item.refetch()}
      />
      {item.error instanceof ApiError && item.error.status < 500 && (
        <p className="staff-card" role="alert">
          {errorText(item.error)}
        </p>
      )}
      <p className="staff-preview__band" role="status">
        <strong>{t('preview.band')}</strong>{' '}
        {state ? t('preview.bandVersion', { number: state.headVersion, language: language.name }) : null}
        {state && state.publishedVersion !== state.headVersion
          ? ` ${state.publishedVersion === null ? t('preview.neverPublished') : t('preview.learnersSeeOther', { number: state.publishedVersion })}`
          : ''}
      </p>
      {item.data?.kind === 'course' && <p className="staff-muted">{t('preview.courseNote')}</p>}
      <div className="staff-actions">
        <fieldset className="staff-choices staff-preview__widths">
          <legend>{t('preview.width')}</legend>
          {WIDTHS.map((name) => (
            <label key={name} className="staff-check">
              <input
                type="radio"
                name="preview-width"
                value={name}
                checked={width === name}
                onChange={() => setWidth(name)}
              />
              {t(`preview.widths.${name}`, { px: PREVIEW_WIDTHS[name] })}
            </label>
          ))}
        </fieldset>
        <button type="button" className="btn btn--ghost" onClick={() => setLoad((n) => n + 1)}>
          {t('preview.reload')}
        </button>
      </div>
      {/* A frame wider than the screen scrolls in this box, which the keyboard can reach. */}
      <div className="staff-preview__stage" tabIndex={0} role="region" aria-label={t('preview.stage')}>
        <iframe
          key={load}
          className="staff-preview__frame"
          src={framePath}
          width={PREVIEW_WIDTHS[width]}
          height="720"
          title={t('preview.frameTitle', { language: language.name, px: PREVIEW_WIDTHS[width] })}
        />
      </div>
    </article>
  );
}

/** How the public pages show each kind: given by the route module from the blogs, stories and learning features. */
export interface PreviewRenderers {
  blog: (blog: Blog, bcp47: string) => ReactNode;
  story: (story: Story) => ReactNode;
  /** The course page and, at the place the frame's address names, its learning views. */
  course: (preview: PreviewResponse, lang: LanguageCode) => ReactNode;
}

export function PreviewFrame({
  itemId,
  lang: rawLang,
  render,
}: {
  itemId: string;
  lang: string;
  render: PreviewRenderers;
}) {
  const { t, i18n } = useTranslation('staff');
  const lang = isLanguageCode(rawLang) ? rawLang : null;
  const preview = usePreview(itemId, lang ?? 'en');
  // The frame is a document of its own: its interface speaks the content's language, as the site
  // would for a reader of that language, without remembering it as the person's choice.
  useEffect(() => {
    if (lang && i18n.language !== lang) void i18n.changeLanguage(lang).catch(() => undefined);
  }, [i18n, lang]);
  if (!lang) return <p role="alert">{t('item.unknownLanguage')}</p>;
  const bcp47 = LANGUAGES[lang].bcp47;
  const ready = i18n.language === lang;
  return (
    <main id="main" lang={bcp47} className="staff-preview-frame">
      <QueryState
        isPending={preview.isPending || !ready}
        isError={preview.isError && !(preview.error instanceof ApiError && preview.error.status < 500)}
        refetch={() => void preview.refetch()}
      />
      {preview.error instanceof ApiError && preview.error.status < 500 && (
        <p role="alert">{errorText(preview.error)}</p>
      )}
      {ready && preview.data?.blog && render.blog(preview.data.blog.response, bcp47)}
      {ready && preview.data?.story && render.story(preview.data.story.response)}
      {ready && preview.data?.course && render.course(preview.data, lang)}
      {ready && preview.data && !preview.data.blog && !preview.data.story && !preview.data.course && (
        <p>{t('preview.noPage')}</p>
      )}
    </main>
  );
}
