import { useTranslation } from '../../i18n/react';
import { PageFrame } from '../../components/page-frame';
import { HighlightList } from '../../features/banners/components/highlight-list';

export function Component() {
  const { t } = useTranslation('media');
  return (
    <PageFrame title={t('highlightsTitle')} intro={t('highlightsIntro')}>
      <HighlightList />
    </PageFrame>
  );
}
