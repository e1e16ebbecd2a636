// The four "about" tabs, by the WAI-ARIA tabs pattern (one tab stop; arrow keys, Home and End move
// and select), plus the dots under the panel that select the same tabs for pointer users.
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/react';

export const ABOUT_TABS = ['about', 'why', 'foundation', 'company'] as const;
type TabId = (typeof ABOUT_TABS)[number];

export function AboutTabs({ imageBase }: { imageBase: string }) {
  const { t } = useTranslation('cybershield');
  const [selected, setSelected] = useState<TabId>('about');
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (index: number, focus: boolean) => {
    const count = ABOUT_TABS.length;
    const next = ABOUT_TABS[(index + count) % count];
    if (!next) return;
    setSelected(next);
    if (focus) tabRefs.current[(index + count) % count]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: ABOUT_TABS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <div className="cs-tabs">
      <div className="cs-tabs__list" role="tablist" aria-label={t('tabs.label')}>
        {ABOUT_TABS.map((id, index) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`cs-tab-${id}`}
            aria-selected={id === selected}
            aria-controls={`cs-panel-${id}`}
            tabIndex={id === selected ? 0 : -1}
            className="cs-tabs__tab"
            onClick={() => select(index, false)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(`tabs.items.${id}.title`)}
          </button>
        ))}
      </div>
      {ABOUT_TABS.map((id) => (
        <div key={id} role="tabpanel" id={`cs-panel-${id}`} aria-labelledby={`cs-tab-${id}`} hidden={id !== selected} className="cs-tabs__panel" tabIndex={0}>
          <img src={`${imageBase}/${id}.svg`} alt={t(`tabs.items.${id}.alt`)} width="400" height="300" loading="lazy" decoding="async" className="cs-tabs__image" />
          <div>
            <h3 className="cs-tabs__title">{t(`tabs.items.${id}.title`)}</h3>
            <p>{t(`tabs.items.${id}.text`)}</p>
          </div>
        </div>
      ))}
      <div className="cs-tabs__dots" role="group" aria-label={t('tabs.dotsLabel')}>
        {ABOUT_TABS.map((id, index) => (
          <button
            key={id}
            type="button"
            className="cs-tabs__dot"
            aria-label={t('tabs.dot', { title: t(`tabs.items.${id}.title`) })}
            aria-current={id === selected ? 'true' : undefined}
            data-testid={`cs-dot-${id}`}
            onClick={() => select(index, false)}
          >
            <span aria-hidden="true" />
          </button>
        ))}
      </div>
    </div>
  );
}
