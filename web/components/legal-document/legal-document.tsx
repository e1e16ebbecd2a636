// A long legal text (quiz terms, privacy policy) as a page: title and dates, a navigation of its
// sections (vertical tabs, web/components/tabs.tsx: one shows at a time, the first initially), and
// the footer date.
// The text comes from a long-text namespace shaped as
//   { title, intro, navLabel, lastUpdated, effective?, updated?, sections: { <id>: { title, blocks } } }
// where a block is {p: text} or {ul: [text]}; text may hold <tag> links named in `links`.
import { useRef, useState, type ReactElement } from 'react';
import { Trans, useTranslation } from '../../i18n/react';
import { useLongText } from '../../i18n/use-long-text';
import { Tab, TabList, TabPanel, TabSet } from '../tabs';
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
  const panelRef = useRef<HTMLDivElement>(null);
  const writtenIn = t('meta.lang');
  const textLang = isFallback ? writtenIn : undefined;

  // On a phone the section list sits above the text: bring the chosen text into view.
  const revealOnPhone = () => {
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
          <TabSet
            values={sectionIds}
            selected={selected}
            onSelect={setSelected}
            idPrefix="legal"
            orientation="vertical"
          >
            <div className="legal__layout" lang={textLang}>
              <nav className="legal__nav" aria-labelledby="legal-nav-title">
                <h2 id="legal-nav-title" className="legal__nav-title">
                  {t('navLabel')}
                </h2>
                <TabList labelledBy="legal-nav-title" className="legal__tabs">
                  {sectionIds.map((id, index) => (
                    <Tab key={id} value={id} className="legal__tab" onClick={revealOnPhone}>
                      <span className="legal__tab-number" aria-hidden="true">
                        {index + 1}
                      </span>
                      {t(`sections.${id}.title`)}
                    </Tab>
                  ))}
                </TabList>
              </nav>
              <div ref={panelRef} className="legal__panels">
                {sectionIds.map((id) => (
                  <TabPanel key={id} value={id} as="section" tabIndex={0} className="legal__panel">
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
                  </TabPanel>
                ))}
              </div>
            </div>
          </TabSet>
          <p className="legal__footer" lang={textLang}>
            {t('lastUpdated')}
          </p>
        </div>
      </div>
    </article>
  );
}
