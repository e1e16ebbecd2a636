// The banner: one item at a time with Back and Next (Back off on the first, Next off on the last),
// a zero-padded item number, and a random two of the item's images.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { fileUrl } from '../../../lib/api-client';
import { useBanner, type BannerImage } from '../api/banners';
import './banners.css';

export const BANNER_IMAGES_SHOWN = 2;

export function pickRandom<T>(items: T[], count: number, random: () => number = Math.random): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}

export const padNumber = (n: number) => String(n).padStart(2, '0');

export function BannerCarousel() {
  const { t } = useTranslation('media');
  const { t: tc } = useTranslation();
  const banner = useBanner();
  const items = banner.data ?? [];
  const [index, setIndex] = useState(0);
  const item = items[index];
  // The first two images in the server's HTML and the first render (hydration must match), a random
  // two once the page runs.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const shown = useMemo<BannerImage[]>(
    () =>
      item
        ? mounted
          ? pickRandom(item.media_images, BANNER_IMAGES_SHOWN)
          : item.media_images.slice(0, BANNER_IMAGES_SHOWN)
        : [],
    [item, mounted],
  );
  return (
    <section className="banner" aria-roledescription={t('carousel')} aria-label={t('bannerLabel')}>
      <div className="container banner__inner">
        {item ? (
          <div className="banner__item" aria-live="polite">
            <div className="banner__text">
              <p className="banner__number" aria-hidden="true">
                {padNumber(index + 1)}
              </p>
              <p className="visually-hidden">{t('itemOf', { current: index + 1, total: items.length })}</p>
              <h2 className="banner__title">{item.title}</h2>
              <p className="banner__sub">{item.sub_title}</p>
              <p className="banner__location">
                <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M12 2a7 7 0 00-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 00-7-7zm0 9.5A2.5 2.5 0 1112 6.5a2.5 2.5 0 010 5z"
                    fill="currentColor"
                  />
                </svg>
                {item.location}
              </p>
              <div className="banner__controls">
                <button
                  type="button"
                  className="btn btn--light"
                  disabled={index === 0}
                  onClick={() => setIndex(index - 1)}
                >
                  {tc('actions.back')}
                </button>
                <button
                  type="button"
                  className="btn btn--light"
                  disabled={index >= items.length - 1}
                  onClick={() => setIndex(index + 1)}
                >
                  {tc('actions.next')}
                </button>
              </div>
            </div>
            <div className="banner__images">
              {shown.map((image) => (
                <img
                  key={image.image}
                  src={fileUrl(image.image)}
                  alt={image.alt ?? ''}
                  width="1200"
                  height="800"
                  loading="lazy"
                  decoding="async"
                />
              ))}
            </div>
          </div>
        ) : (
          <div className="banner__placeholder" aria-hidden="true" />
        )}
      </div>
    </section>
  );
}
