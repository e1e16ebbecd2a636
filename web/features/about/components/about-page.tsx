// About: the programme in full, the two initiatives with their figures, and three partner and
// programme cards. A long text: a language without its own file would see English with a note.
import { useTranslation } from '../../../i18n/react';
import { useLongText } from '../../../i18n/use-long-text';
import './about.css';

const INITIATIVES = ['sathSath', 'galiGali'] as const;
const CARDS = ['foundation', 'partner', 'cyberShield'] as const;

export function AboutPage() {
  const { t, isFallback } = useLongText('about');
  const { t: tc } = useTranslation();
  const writtenIn = isFallback ? 'en' : undefined;
  return (
    <>
      {isFallback && (
        <div className="container fallback-note__container">
          <p className="fallback-note">{tc('status.fallbackNote')}</p>
        </div>
      )}
      <div className="page-hero" lang={writtenIn}>
        <div className="container">
          <h1>{t('title')}</h1>
          <p>{t('lead')}</p>
        </div>
      </div>
      <div className="container section" lang={writtenIn}>
        <div className="about__text">
          <p>{t('p1')}</p>
          <p>{t('p2')}</p>
          <p>{t('p3')}</p>
        </div>
        <div className="about__initiatives">
          {INITIATIVES.map((key) => (
            <section key={key} className="initiative" aria-labelledby={`initiative-${key}`}>
              <h2 id={`initiative-${key}`}>{t(`initiatives.${key}.title`)}</h2>
              <p>{t(`initiatives.${key}.text`)}</p>
              <ul className="initiative__stats">
                {[0, 1, 2].map((i) => (
                  <li key={i}>
                    <strong>{t(`initiatives.${key}.stats.${i}.figure`)}</strong>
                    <span>{t(`initiatives.${key}.stats.${i}.label`)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <ul className="about__cards">
          {CARDS.map((key) => (
            <li key={key} className="card about-card">
              <h2>{t(`cards.${key}.title`)}</h2>
              <p>{t(`cards.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
