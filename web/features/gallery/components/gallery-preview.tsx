// The home page's six photos of the first gallery title, with a wrapping lightbox and Explore More
// (the gallery, in a new tab).
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { fileUrl } from '../../../lib/api-client';
import { Lightbox } from '../../../components/lightbox';
import { Section } from '../../../components/section';
import { useGalleryImages, useGalleryTitles } from '../api/gallery';
import './gallery.css';

export const HOME_GALLERY_COUNT = 6;

export function GalleryPreview({ galleryPath }: { galleryPath: string }) {
  const { t } = useTranslation('media');
  const { t: tc } = useTranslation();
  const titles = useGalleryTitles();
  const first = titles.data?.[0];
  const images = useGalleryImages(first?.id);
  const [open, setOpen] = useState<number | null>(null);
  const list = (images.data ?? [])
    .slice(0, HOME_GALLERY_COUNT)
    .map((image) => ({ src: fileUrl(image.image), alt: image.alt || first?.title || '' }));
  return (
    <Section id="photo-gallery" title={t('photoGallery')}>
      <ul className="photo-grid">
        {list.map((image, index) => (
          <li key={image.src}>
            <button
              type="button"
              className="photo-grid__button"
              onClick={() => setOpen(index)}
              aria-label={`${t('openPhoto')}: ${image.alt}`}
            >
              <img src={image.src} alt="" width="1200" height="800" loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
        {list.length === 0 &&
          Array.from({ length: HOME_GALLERY_COUNT }, (_, i) => (
            <li key={i} className="photo-grid__placeholder" aria-hidden="true" />
          ))}
      </ul>
      <p className="section-more">
        <a className="btn" href={galleryPath} target="_blank" rel="noopener">
          {tc('actions.explore')}
          <span className="visually-hidden"> {tc('nav.newTab')}</span>
        </a>
      </p>
      <Lightbox images={list} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
    </Section>
  );
}
