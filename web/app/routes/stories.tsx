import { useTranslation } from '../../i18n/react';
import { PageFrame } from '../../components/page-frame';
import { StoryList } from '../../features/stories/components/story-list';
import { paths } from '../paths';
import { usePageParam } from '../use-page-param';

export function Component() {
  const { t } = useTranslation('stories');
  const [page, setPage] = usePageParam();
  return (
    <PageFrame title={t('title')} intro={t('intro')} heroClassName="stories-hero">
      <StoryList page={page} onPage={setPage} storyPath={paths.story} />
    </PageFrame>
  );
}
