import { useTranslation } from '../../i18n/react';
import { PageFrame } from '../../components/page-frame';
import { GalleryTabs } from '../../features/gallery/components/gallery-tabs';

export function Component() {
  const { t } = useTranslation('media');
  return (
    <PageFrame title={t('galleryTitle')} intro={t('galleryIntro')}>
      <GalleryTabs />
    </PageFrame>
  );
}
