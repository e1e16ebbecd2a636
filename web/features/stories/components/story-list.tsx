import { useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { excerpt } from '../../../lib/text';
import { pageWithin } from '../../../lib/pagination';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { STORY_PAGE_SIZE } from '../../../../contract/page-sizes';
import { useStories } from '../api/stories';
import { StoryCard } from './story-card';
import './stories.css';

export const STORY_LIST_EXCERPT = 350;

export function StoryList({
  page,
  onPage,
  storyPath,
}: {
  page: number;
  onPage: (page: number) => void;
  storyPath: (id: string) => string;
}) {
  const { t } = useTranslation('stories');
  const asked = useStories(page);
  const shown = pageWithin(page, STORY_PAGE_SIZE, asked.data?.count);
  const stories = useStories(shown);
  const listTop = useRef<HTMLUListElement>(null);
  // A page past the end waits for the last page rather than showing the empty one.
  const pending = stories.isPending || (shown !== page && stories.isPlaceholderData);
  return (
    <>
      <QueryState isPending={pending} isError={stories.isError} refetch={stories.refetch} minHeight={700} />
      {stories.data && !pending && (
        <>
          {stories.data.rows.length === 0 && <p>{t('empty')}</p>}
          <ul className="story-grid pagination-top" ref={listTop} tabIndex={-1}>
            {stories.data.rows.map((story) => (
              <li key={story.id}>
                <StoryCard
                  story={story}
                  text={excerpt(story.description, STORY_LIST_EXCERPT)}
                  to={storyPath(story.id)}
                  headingLevel={2}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={shown}
            size={STORY_PAGE_SIZE}
            total={stories.data.count}
            onPage={onPage}
            label={t('pages')}
            listTop={listTop}
          />
        </>
      )}
    </>
  );
}
