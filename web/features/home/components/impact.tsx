// Impact and objectives: counters that count up once seen (8 s; shown at once for reduced motion),
// the success-metric cards and the map.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const COUNT_UP_MS = 8000;

function CountUp({ to, suffix = '' }: { to: number; suffix?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [value, setValue] = useState(to);
  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches || !('IntersectionObserver' in window)) return;
    setValue(0);
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      const tick = (now: number) => {
        const progress = Math.min(1, (now - start) / COUNT_UP_MS);
        // Ease out: fast at first, settling on the figure.
        setValue(Math.round(to * (1 - Math.pow(1 - progress, 3))));
        if (progress < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [to]);
  return (
    <span ref={ref} className="count-up" aria-hidden="true">
      {value}
      {suffix}
    </span>
  );
}

export function Impact() {
  const { t } = useTranslation('home');
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
        <p className="impact__lead">{t('impact.lead')}</p>
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
