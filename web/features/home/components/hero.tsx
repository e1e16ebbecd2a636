// The hero: seven pictures that change every 3000 ms (paused for reduced motion, or by the
// visitor), Get Started (sign-in, in a new tab) and "Watch how it works" (a video in a modal; the
// player is mounted only while the modal is open).
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { CloseButton, Dialog } from '../../../components/dialog';
import { YouTubeFrame } from '../../../components/youtube';
import './home.css';

export const HERO_IMAGE_COUNT = 7;
export const HERO_INTERVAL_MS = 3000;
const HERO_IMAGES = Array.from({ length: HERO_IMAGE_COUNT }, (_, i) => `/home/hero-${i + 1}.svg`);

function usePrefersReducedMotion() {
  // Read once mounted: the server knows nothing of it, and the first render must match its HTML.
  const [reduce, setReduce] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = () => setReduce(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduce;
}

export function Hero({ loginPath, videoId }: { loginPath: string; videoId: string }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const reduce = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  // The picture shown, and the furthest one shown so far.
  const [{ index, seen }, advance] = useReducer(
    ({ index, seen }: { index: number; seen: number }) => {
      const next = (index + 1) % HERO_IMAGE_COUNT;
      return { index: next, seen: Math.max(seen, next) };
    },
    { index: 0, seen: 0 },
  );
  const [videoOpen, setVideoOpen] = useState(false);
  const running = !reduce && !paused && !videoOpen;
  // Only the first picture loads with the page; the next once the page has loaded, so it never
  // competes with it on a slow connection, and each later one as the one before it is shown: a
  // picture drawn is a main-thread task (an SVG is a document of its own), six at once a long one
  // (ADR 38). A picture once loaded stays, so the second round moves without a load.
  const [others, setOthers] = useState(false);
  const upTo = others ? seen + 1 : 0;
  useEffect(() => {
    const show = () => window.setTimeout(() => setOthers(true), 500);
    if (document.readyState === 'complete') {
      const timer = show();
      return () => window.clearTimeout(timer);
    }
    window.addEventListener('load', show, { once: true });
    return () => window.removeEventListener('load', show);
  }, []);

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(advance, HERO_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__text">
        <h1 id="hero-title" className="hero__title">
          {t('hero.title')}
        </h1>
        <p className="hero__lead">{t('hero.lead')}</p>
        <div className="hero__actions">
          <a className="btn" href={loginPath} target="_blank" rel="noopener">
            {t('hero.getStarted')}
            <span className="visually-hidden"> {tc('nav.newTab')}</span>
          </a>
          <button type="button" className="btn btn--ghost" onClick={() => setVideoOpen(true)}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M7 4v16l13-8z" fill="currentColor" />
            </svg>
            {t('hero.watch')}
          </button>
        </div>
      </div>
      <div className="hero__media">
        {HERO_IMAGES.map((src, i) =>
          i > upTo ? null : (
            <img
              key={src}
              className={`hero__image${i === index ? ' is-current' : ''}`}
              src={src}
              alt={i === index ? t(`hero.images.${i}`) : ''}
              aria-hidden={i === index ? undefined : true}
              width="800"
              height="600"
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding={i === 0 ? 'sync' : 'async'}
            />
          ),
        )}
        {!reduce && (
          <button type="button" className="hero__pause" onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
            {paused ? t('hero.play') : t('hero.pause')}
          </button>
        )}
      </div>
      <Dialog open={videoOpen} onClose={() => setVideoOpen(false)} label={t('hero.videoTitle')} className="video-modal">
        <div className="video-modal__body">
          <CloseButton onClick={() => setVideoOpen(false)} label={tc('actions.close')} />
          <div className="video-modal__player">
            <YouTubeFrame id={videoId} title={t('hero.videoTitle')} autoplay />
          </div>
        </div>
      </Dialog>
    </section>
  );
}
