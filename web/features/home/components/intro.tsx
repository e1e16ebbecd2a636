import { useTranslation } from 'react-i18next';

export function Intro() {
  const { t } = useTranslation('home');
  return (
    <section className="section intro" aria-labelledby="intro-title">
      <div className="container intro__grid">
        <div>
          <p className="eyebrow">{t('intro.eyebrow')}</p>
          <h2 id="intro-title" className="section-title">
            {t('intro.title')}
          </h2>
          <p>{t('intro.p1')}</p>
          <p>{t('intro.p2')}</p>
        </div>
        <img src="/home/intro.svg" alt={t('intro.imageAlt')} width="600" height="450" loading="lazy" decoding="async" />
      </div>
    </section>
  );
}
