import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { parsePage } from '../../lib/pagination';
import { StoryList } from '../../features/stories/components/story-list';
import { paths } from '../paths';

export function Component() {
  const { t } = useTranslation('stories');
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  return (
    <>
      <div className="stories-hero">
        <div className="container">
          <h1>{t('title')}</h1>
          <p>{t('intro')}</p>
        </div>
      </div>
      <div className="container section">
        <StoryList page={page} onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})} storyPath={paths.story} />
      </div>
    </>
  );
}
