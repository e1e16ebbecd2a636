import { useTranslation } from '../../i18n/react';
import { GalleryTabs } from '../../features/media/components/gallery-tabs';

export function Component() {
  const { t } = useTranslation('media');
  return (
    <>
      <div className="page-hero">
        <div className="container">
          <h1>{t('galleryTitle')}</h1>
          <p>{t('galleryIntro')}</p>
        </div>
      </div>
      <div className="container section">
        <GalleryTabs />
      </div>
    </>
  );
}
