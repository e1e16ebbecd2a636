import { useTranslation } from '../../../i18n/react';
import { fileUrl } from '../../../lib/api-client';
import { useLongText } from '../../../i18n/use-long-text';

/** The programme's film with its description; nothing but the poster loads until it is played. */
export function HomeVideo({ src, poster }: { src: string; poster: string }) {
  const { t } = useTranslation('home');
  const { t: text, isFallback } = useLongText('home-text');
  return (
    <section className="section section--alt" aria-labelledby="film-title">
      <div className="container home-video">
        <video
          className="home-video__player"
          controls
          preload="none"
          poster={fileUrl(poster)}
          width="640"
          height="360"
          aria-describedby="film-text"
        >
          <source src={fileUrl(src)} type="video/webm" />
        </video>
        <div className="home-video__text">
          <h2 id="film-title" className="section-title">
            {t('film.title')}
          </h2>
          <p id="film-text" lang={isFallback ? 'en' : undefined}>
            {text('film.text')}
          </p>
        </div>
      </div>
    </section>
  );
}
