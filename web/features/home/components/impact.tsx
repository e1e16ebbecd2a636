// Impact and objectives: counters that count up once seen (8 s; shown at once for reduced motion),
// the success-metric cards and the map.
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLongText } from '../../../i18n/use-long-text';

export const COUNT_UP_MS = 8000;

/** A figure as the translation writes it ("2.1 करोड़", "300"): the number to count to, its decimals, its unit. */
export function parseFigure(figure: string): { to: number; decimals: number; unit: string } {
  const match = /^([\d.,]+)\s*(.*)$/.exec(figure.trim());
  if (!match) return { to: 0, decimals: 0, unit: figure };
  const digits = match[1]!.replace(/,/g, '');
  return { to: Number(digits), decimals: digits.split('.')[1]?.length ?? 0, unit: match[2]! };
}

function CountUp({ to, decimals }: { to: number; decimals: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (
      !element ||
      window.matchMedia('(prefers-reduced-motion: reduce)').matches ||
      !('IntersectionObserver' in window)
    )
      return;
    // The figure is written straight into the element, ten times a second: a re-render per frame
    // for eight seconds would keep a slow phone busy.
    element.textContent = (0).toFixed(decimals);
    let timer = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      timer = window.setInterval(() => {
        const progress = Math.min(1, (performance.now() - start) / COUNT_UP_MS);
        // Ease out: fast at first, settling on the figure.
        element.textContent = (to * (1 - Math.pow(1 - progress, 3))).toFixed(decimals);
        if (progress >= 1) window.clearInterval(timer);
      }, 100);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
    };
  }, [to, decimals]);
  return (
    <span ref={ref} className="count-up">
      {to.toFixed(decimals)}
    </span>
  );
}

export function Impact() {
  const { t } = useTranslation('home');
  const { t: text, isFallback } = useLongText('home-text');
  // The figures as each language writes them (21 million, 2.1 करोड़): the unit under the number.
  const counters = (['states', 'districts', 'beneficiaries'] as const).map((key) => ({
    key,
    ...parseFigure(t(`metrics.${key}.figure`)),
    label: t(`impact.${key}`),
    sr: t(`impact.${key}Sr`),
  }));
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
            <li key={counter.key} className="counter">
              <span className="visually-hidden">{counter.sr}</span>
              <span className="counter__figure" aria-hidden="true">
                <CountUp to={counter.to} decimals={counter.decimals} />
                {counter.unit && <span className="counter__unit">{counter.unit}</span>}
              </span>
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
          <img
            className="impact__map"
            src="/home/india-map.svg"
            alt={t('impact.mapAlt')}
            width="420"
            height="420"
            loading="lazy"
            decoding="async"
          />
        </div>
      </div>
    </section>
  );
}
