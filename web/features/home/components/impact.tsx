// Impact and objectives: counters that count up once seen (8 s; shown at once for reduced motion),
// the success-metric cards and the map.
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLongText } from '../../../i18n/use-long-text';

export const COUNT_UP_MS = 8000;

function CountUp({ to, suffix = '' }: { to: number; suffix?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches || !('IntersectionObserver' in window)) return;
    // The figure is written straight into the element, ten times a second: a re-render per frame
    // for eight seconds would keep a slow phone busy.
    element.textContent = `0${suffix}`;
    let timer = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      timer = window.setInterval(() => {
        const progress = Math.min(1, (performance.now() - start) / COUNT_UP_MS);
        // Ease out: fast at first, settling on the figure.
        element.textContent = `${Math.round(to * (1 - Math.pow(1 - progress, 3)))}${suffix}`;
        if (progress >= 1) window.clearInterval(timer);
      }, 100);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
    };
  }, [to, suffix]);
  return (
    <span ref={ref} className="count-up" aria-hidden="true">
      {to}
      {suffix}
    </span>
  );
}

export function Impact() {
  const { t } = useTranslation('home');
  const { t: text, isFallback } = useLongText('home-text');
  const counters = [
    { to: 22, label: t('impact.states'), sr: t('impact.statesSr') },
    { to: 300, label: t('impact.districts'), sr: t('impact.districtsSr') },
    { to: 21, suffix: ' M', label: t('impact.beneficiaries'), sr: t('impact.beneficiariesSr') },
  ];
  const metrics = ['states', 'districts', 'beneficiaries', 'trainings', 'included', 'vans'] as const;
  return (
    <section className="section section--alt impact" aria-labelledby="impact-title">
      <div className="container">
        <p className="eyebrow">{t('impact.eyebrow')}</p>
        <h2 id="impact-title" className="section-title">
          {t('impact.title')}
        </h2>
        <p className="impact__lead" lang={isFallback ? 'en' : undefined}>
          {text('impact.lead')}
        </p>
        <ul className="counters">
          {counters.map((counter) => (
            <li key={counter.label} className="counter">
              <CountUp to={counter.to} suffix={counter.suffix} />
              <span className="visually-hidden">{counter.sr}</span>
              <span className="counter__label" aria-hidden="true">
                {counter.label}
              </span>
            </li>
          ))}
        </ul>
        <div className="impact__grid">
          <ul className="metrics">
            {metrics.map((key) => (
              <li key={key} className="metric">
                <strong className="metric__figure">{t(`metrics.${key}.figure`)}</strong>
                <span>{t(`metrics.${key}.label`)}</span>
              </li>
            ))}
          </ul>
          <img className="impact__map" src="/home/india-map.svg" alt={t('impact.mapAlt')} width="420" height="420" loading="lazy" decoding="async" />
        </div>
      </div>
    </section>
  );
}
