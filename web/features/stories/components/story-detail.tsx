import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { fileUrl, isClientError } from '../../../lib/api-client';
import { RichText } from '../../../components/rich-text';
import { QueryState } from '../../../components/query-state';
import { useStory } from '../api/stories';
import './stories.css';

export function StoryDetail({ storyId, backPath }: { storyId: string; backPath: string }) {
  const { t } = useTranslation('stories');
  const { t: tc } = useTranslation();
  const story = useStory(storyId);
  return (
    <article className="container story-detail">
      <Link to={backPath} className="back-link">
        <span aria-hidden="true">←</span> {tc('actions.goBack')}
      </Link>
      {/* An unknown or malformed id is "not found", not a failure to try again. */}
      <QueryState isPending={story.isPending} isError={story.isError && !isClientError(story.error)} refetch={story.refetch} minHeight={500} />
      {isClientError(story.error) && <p>{t('notFound')}</p>}
      {story.data && (
        <>
          <div className="story-detail__head">
            <img className="story-detail__image" src={fileUrl(story.data.image)} alt={story.data.imageAlt ?? ''} width="400" height="400" fetchPriority="high" />
            <div>
              <p className="eyebrow">{t('eyebrow')}</p>
              <h1 className="story-detail__name">{story.data.authorName}</h1>
            </div>
          </div>
          <RichText html={story.data.description} videoLabel={story.data.authorName} playLabel={tc('video.play')} />
        </>
      )}
    </article>
  );
}
