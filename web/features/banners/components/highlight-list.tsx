import { useTranslation } from '../../../i18n/react';
import { fileUrl } from '../../../lib/api-client';
import { QueryState } from '../../../components/query-state';
import { useBanner } from '../api/banners';
import { padNumber } from './banner-carousel';
import './banners.css';

/** Every banner item in full: the programme's initiatives with all their photos. */
export function HighlightList() {
  const { t } = useTranslation('media');
  const banner = useBanner();
  return (
    <>
      <QueryState isPending={banner.isPending} isError={banner.isError} refetch={banner.refetch} minHeight={600} />
      {banner.data && banner.data.length === 0 && <p>{t('empty')}</p>}
      <ul className="highlight-list">
        {(banner.data ?? []).map((item, index) => (
          <li key={item.title} className="highlight">
            <div>
              <p className="eyebrow">{padNumber(index + 1)}</p>
              <h2 className="section-title">{item.title}</h2>
              <p>{item.sub_title}</p>
              <p>
                <strong>{t('location')}:</strong> {item.location}
              </p>
            </div>
            <div className="highlight__images">
              {item.media_images.map((image) => (
                <img
                  key={image.image}
                  src={fileUrl(image.image)}
                  alt={image.alt ?? ''}
                  width="1200"
                  height="800"
                  loading={index === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              ))}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
