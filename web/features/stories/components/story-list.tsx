import { useTranslation } from '../../../i18n/react';
import { excerpt } from '../../../lib/text';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { STORY_PAGE_SIZE } from '../../../../contract/page-sizes';
import { useStories } from '../api/stories';
import { StoryCard } from './story-card';
import './stories.css';

export const STORY_LIST_EXCERPT = 350;

export function StoryList({ page, onPage, storyPath }: { page: number; onPage: (page: number) => void; storyPath: (id: string) => string }) {
  const { t } = useTranslation('stories');
  const stories = useStories(page);
  return (
    <>
      <QueryState isPending={stories.isPending} isError={stories.isError} refetch={stories.refetch} minHeight={700} />
      {stories.data && (
        <>
          {stories.data.rows.length === 0 && <p>{t('empty')}</p>}
          <ul className="story-grid">
            {stories.data.rows.map((story) => (
              <li key={story.id}>
                <StoryCard story={story} text={excerpt(story.description, STORY_LIST_EXCERPT)} to={storyPath(story.id)} headingLevel={2} />
              </li>
            ))}
          </ul>
          <Pagination page={page} size={STORY_PAGE_SIZE} total={stories.data.count} onPage={onPage} label={t('pages')} />
        </>
      )}
    </>
  );
}
