import { useTranslation } from '../../../i18n/react';
import { useLongText } from '../../../i18n/use-long-text';
import { Section } from '../../../components/section';

const KEYS = ['one', 'two', 'three'] as const;

export function Testimonials() {
  const { t } = useTranslation('home');
  const { t: text, isFallback } = useLongText('home-text');
  return (
    <Section id="testimonials-title" title={t('testimonials.title')}>
      <ul className="testimonials">
        {KEYS.map((key) => (
          <li key={key}>
            <figure className="testimonial">
              <blockquote lang={isFallback ? 'en' : undefined}>
                <p>“{text(`testimonials.${key}.quote`)}”</p>
              </blockquote>
              <figcaption>
                <strong>{t(`testimonials.${key}.name`)}</strong>
                <span>{t(`testimonials.${key}.place`)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
