import { useTranslation } from '../../i18n/react';
import { HighlightList } from '../../features/media/components/highlight-list';

export function Component() {
  const { t } = useTranslation('media');
  return (
    <>
      <div className="page-hero">
        <div className="container">
          <h1>{t('highlightsTitle')}</h1>
          <p>{t('highlightsIntro')}</p>
        </div>
      </div>
      <div className="container section">
        <HighlightList />
      </div>
    </>
  );
}
