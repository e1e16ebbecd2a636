// A long legal text (quiz terms, privacy policy) as a page: title and dates, a navigation of its
// sections (vertical WAI-ARIA tabs: one shows at a time, the first initially), and the footer date.
// The text comes from a long-text namespace shaped as
//   { title, intro, navLabel, lastUpdated, effective?, updated?, sections: { <id>: { title, blocks } } }
// where a block is {p: text} or {ul: [text]}; text may hold <tag> links named in `links`.
import { useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { Trans, useTranslation } from '../../i18n/react';
import { useLongText } from '../../i18n/use-long-text';
import './legal-document.css';

type Block = { p: string } | { ul: string[] };

export interface LegalDocumentProps {
  namespace: string;
  /** Section ids in order; their text is under sections.<id> in the namespace. */
  sectionIds: readonly string[];
  /** Elements for the <tag>s used in the text, e.g. { mail: <a href="mailto:..." /> }. */
  links: Record<string, ReactElement>;
  /** Values for {{placeholders}} in the text. */
  values?: Record<string, string>;
}

export function LegalDocument({ namespace, sectionIds, links, values }: LegalDocumentProps) {
  const { t, isFallback } = useLongText(namespace);
  const { t: tc } = useTranslation();
  const [selected, setSelected] = useState(sectionIds[0]);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const panelRef = useRef<HTMLDivElement>(null);
  const writtenIn = t('meta.lang');
  const textLang = isFallback ? writtenIn : undefined;

  const select = (index: number, focus: boolean) => {
    const count = sectionIds.length;
    const wrapped = (index + count) % count;
    setSelected(sectionIds[wrapped]);
    if (focus) tabRefs.current[wrapped]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowRight: index + 1, ArrowUp: index - 1, ArrowLeft: index - 1, Home: 0, End: sectionIds.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  // On a phone the section list sits above the text: bring the chosen text into view.
  const onClick = (index: number) => {
    select(index, false);
    if (window.matchMedia('(max-width: 767px)').matches) {
      requestAnimationFrame(() => panelRef.current?.scrollIntoView({ block: 'start' }));
    }
  };

  const rich = (key: string) => <Trans t={t} i18nKey={key} components={links} values={values} />;
  const blocks = (id: string) => t(`sections.${id}.blocks`, { returnObjects: true }) as Block[];
  const effective = t('effective', { defaultValue: '' });
  const updated = t('updated', { defaultValue: '' });

  return (
    <article className="legal">
      <header className="page-hero">
        <div className="container" lang={textLang}>
          <h1>{t('title')}</h1>
          {(effective || updated) && (
            <p className="legal__dates">
              {effective && <span>{effective}</span>}
              {updated && <span>{updated}</span>}
            </p>
          )}
          <p>{t('intro')}</p>
        </div>
      </header>
      <div className="section">
        <div className="container">
          {isFallback && (
            <p className="fallback-note" role="note" data-testid="fallback-note">
              {tc('status.fallbackNote')}
            </p>
          )}
          <div className="legal__layout" lang={textLang}>
            <nav className="legal__nav" aria-labelledby="legal-nav-title">
              <h2 id="legal-nav-title" className="legal__nav-title">
                {t('navLabel')}
              </h2>
              <div role="tablist" aria-orientation="vertical" aria-labelledby="legal-nav-title" className="legal__tabs">
                {sectionIds.map((id, index) => (
                  <button
                    key={id}
                    ref={(el) => {
                      tabRefs.current[index] = el;
                    }}
                    type="button"
                    role="tab"
                    id={`legal-tab-${id}`}
                    aria-selected={id === selected}
                    aria-controls={`legal-panel-${id}`}
                    tabIndex={id === selected ? 0 : -1}
                    className="legal__tab"
                    onClick={() => onClick(index)}
                    onKeyDown={(event) => onKeyDown(event, index)}
                  >
                    <span className="legal__tab-number" aria-hidden="true">
                      {index + 1}
                    </span>
                    {t(`sections.${id}.title`)}
                  </button>
                ))}
              </div>
            </nav>
            <div ref={panelRef} className="legal__panels">
              {sectionIds.map((id) => (
                <section key={id} role="tabpanel" id={`legal-panel-${id}`} aria-labelledby={`legal-tab-${id}`} hidden={id !== selected} tabIndex={0} className="legal__panel">
                  <h2 className="legal__section-title">{t(`sections.${id}.title`)}</h2>
                  {blocks(id).map((block, b) =>
                    'p' in block ? (
                      <p key={b}>{rich(`sections.${id}.blocks.${b}.p`)}</p>
                    ) : (
                      <ul key={b}>
                        {block.ul.map((_, i) => (
                          <li key={i}>{rich(`sections.${id}.blocks.${b}.ul.${i}`)}</li>
                        ))}
                      </ul>
                    ),
                  )}
                </section>
              ))}
            </div>
          </div>
          <p className="legal__footer" lang={textLang}>
            {t('lastUpdated')}
          </p>
        </div>
      </div>
    </article>
  );
}
