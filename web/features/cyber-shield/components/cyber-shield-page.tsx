// The cyber-safety awareness page (/vicyberShield), in the order of the specification: hero (then
// the links to the event quizzes open now, when there are any), the four about tabs, what to do
// after a fraud, the four threats, the ten tips, the event quiz's rules in short and the terms link.
import { ANSWER_GRACE_SECONDS } from '../../../../contract/event-rules';
import { useTranslation } from '../../../i18n/react';
import type { ReactNode } from 'react';
import { Section } from '../../../components/section';
import { AboutTabs } from './about-tabs';
import { icons } from './icons';
import './cyber-shield.css';

const THREATS = ['phishing', 'shopping', 'malware', 'identity'] as const;

interface Tip {
  title: string;
  text: string;
}

export interface CyberShieldPageProps {
  /** The national cybercrime reporting portal. */
  portalUrl: string;
  /** The quiz terms page, opened in a new tab. */
  termsHref: string;
  /** Folder of the tab illustrations. */
  imageBase: string;
  /** Links to the event quizzes taking entries now, under the hero (nothing while none is). */
  openEvents?: ReactNode;
}

/** The event quiz's rules as the server enforces them (ADR 40), said in short above the terms' link. */
const RULES = ['oneEntry', 'window', 'time', 'minors', 'withdraw'] as const;

export function CyberShieldPage({ portalUrl, termsHref, imageBase, openEvents }: CyberShieldPageProps) {
  const { t } = useTranslation('cybershield');
  const { t: tc } = useTranslation();
  const tips = t('tips.items', { returnObjects: true }) as Tip[];
  const newTab = <span className="visually-hidden"> {tc('nav.newTab')}</span>;

  return (
    <div className="cyber-shield">
      <header className="cs-hero">
        <div className="container cs-hero__inner">
          <svg
            className="cs-hero__shield"
            width="56"
            height="56"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M12 2l8 3v6c0 5.2-3.4 9.4-8 11-4.6-1.6-8-5.8-8-11V5z" fill="#fff" />
            <path
              d="M8.5 12l2.5 2.5 4.5-5"
              fill="none"
              stroke="#a50d25"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <div>
            <h1 className="cs-hero__title">{t('hero.title')}</h1>
            <p className="cs-hero__tagline">{t('hero.tagline')}</p>
            <p className="cs-hero__text">{t('hero.text')}</p>
            <ul className="cs-hero__facts" aria-label={t('hero.factsLabel')}>
              <li>{t('hero.reach')}</li>
              <li>{t('hero.loss')}</li>
            </ul>
          </div>
        </div>
      </header>
      {openEvents}

      <Section id="cs-about-title" title={t('tabs.label')}>
        <AboutTabs imageBase={imageBase} />
      </Section>

      <Section id="cs-help-title" title={t('help.title')} alt>
        <p className="cs-lead">{t('help.intro')}</p>
        <ul className="cs-cards">
          <li className="cs-card">
            <span className="cs-card__icon">{icons.police}</span>
            <h3 className="cs-card__title">{t('help.police.title')}</h3>
            <p>{t('help.police.text')}</p>
          </li>
          <li className="cs-card cs-card--urgent">
            <span className="cs-card__icon">{icons.phone}</span>
            <h3 className="cs-card__title">{t('help.call.title')}</h3>
            <p>{t('help.call.text')}</p>
            <a className="btn cs-card__action" href="tel:1930">
              {t('help.call.action')}
            </a>
          </li>
          <li className="cs-card">
            <span className="cs-card__icon">{icons.portal}</span>
            <h3 className="cs-card__title">{t('help.portal.title')}</h3>
            <p>{t('help.portal.text')}</p>
            <a className="btn btn--ghost cs-card__action" href={portalUrl} target="_blank" rel="noopener noreferrer">
              {t('help.portal.action')}
              {newTab}
            </a>
          </li>
        </ul>
      </Section>

      <Section id="cs-threats-title" title={t('threats.title')}>
        <p className="cs-lead">{t('threats.intro')}</p>
        <ul className="cs-threats">
          {THREATS.map((id) => (
            <li key={id} className="cs-threat">
              <span className="cs-threat__icon">{icons[id]}</span>
              <div>
                <h3 className="cs-threat__title">{t(`threats.items.${id}.title`)}</h3>
                <p>{t(`threats.items.${id}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="cs-tips-title" title={t('tips.title')} alt>
        <ol className="cs-tips">
          {tips.map((tip, index) => (
            <li key={index} className="cs-tip">
              <span className="cs-tip__number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className="cs-tip__title">{tip.title}</h3>
                <p>{tip.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="cs-terms">
          <p>{t('terms.text')}</p>
          <div className="cs-terms__rules">
            <p id="cs-terms-rules">{t('terms.rulesTitle')}</p>
            <ul aria-labelledby="cs-terms-rules">
              {RULES.map((rule) => (
                <li key={rule}>{t(`terms.rules.${rule}`, { grace: ANSWER_GRACE_SECONDS })}</li>
              ))}
            </ul>
          </div>
          <a href={termsHref} target="_blank" rel="noopener noreferrer" className="btn btn--ghost">
            {t('terms.link')}
            {newTab}
          </a>
        </div>
      </Section>
    </div>
  );
}
