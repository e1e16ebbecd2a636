// The four "about" tabs (web/components/tabs.tsx), plus the dots under the panel that select the
// same tabs for pointer users.
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Tab, TabList, TabPanel, TabSet } from '../../../components/tabs';

export const ABOUT_TABS = ['about', 'why', 'foundation', 'company'] as const;
type TabId = (typeof ABOUT_TABS)[number];

export function AboutTabs({ imageBase }: { imageBase: string }) {
  const { t } = useTranslation('cybershield');
  const [selected, setSelected] = useState<TabId>('about');

  return (
    <TabSet values={ABOUT_TABS} selected={selected} onSelect={setSelected} idPrefix="cs">
      <div className="cs-tabs">
        <TabList label={t('tabs.label')} className="cs-tabs__list">
          {ABOUT_TABS.map((id) => (
            <Tab key={id} value={id} className="cs-tabs__tab">
              {t(`tabs.items.${id}.title`)}
            </Tab>
          ))}
        </TabList>
        {ABOUT_TABS.map((id) => (
          <TabPanel key={id} value={id} className="cs-tabs__panel" tabIndex={0}>
            <img
              src={`${imageBase}/${id}.svg`}
              alt={t(`tabs.items.${id}.alt`)}
              width="400"
              height="300"
              loading="lazy"
              decoding="async"
              className="cs-tabs__image"
            />
            <div>
              <h3 className="cs-tabs__title">{t(`tabs.items.${id}.title`)}</h3>
              <p>{t(`tabs.items.${id}.text`)}</p>
            </div>
          </TabPanel>
        ))}
        <div className="cs-tabs__dots" role="group" aria-label={t('tabs.dotsLabel')}>
          {ABOUT_TABS.map((id) => (
            <button
              key={id}
              type="button"
              className="cs-tabs__dot"
              aria-label={t('tabs.dot', { title: t(`tabs.items.${id}.title`) })}
              aria-current={id === selected ? 'true' : undefined}
              data-testid={`cs-dot-${id}`}
              onClick={() => setSelected(id)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      </div>
    </TabSet>
  );
}
