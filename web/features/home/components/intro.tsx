import { useTranslation } from '../../../i18n/react';
import { useLongText } from '../../../i18n/use-long-text';

export function Intro() {
  const { t } = useTranslation('home');
  const { t: text, isFallback } = useLongText('home-text');
  const { t: tc } = useTranslation();
  return (
    <section className="section intro" aria-labelledby="intro-title">
      <div className="container intro__grid">
        <div>
          <p className="eyebrow">{t('intro.eyebrow')}</p>
          <h2 id="intro-title" className="section-title">
            {t('intro.title')}
          </h2>
          {isFallback && <p className="fallback-note">{tc('status.fallbackNote')}</p>}
          <div lang={isFallback ? 'en' : undefined}>
            <p>{text('intro.p1')}</p>
            <p>{text('intro.p2')}</p>
          </div>
        </div>
        <img src="/home/intro.svg" alt={t('intro.imageAlt')} width="600" height="450" loading="lazy" decoding="async" />
      </div>
    </section>
  );
}
