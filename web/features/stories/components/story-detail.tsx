import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { fileUrl, isClientError } from '../../../lib/api-client';
import { RichText } from '../../../components/rich-text';
import { QueryState } from '../../../components/query-state';
import type { Story } from '../../../../contract/public-content';
import { useWrittenIn } from '../../../i18n/written-in';
import { useStory } from '../api/stories';
import './stories.css';

/** A story as its page shows it: the person's picture and name, then their story (also the console's preview of a draft). */
export function StoryArticle({ story }: { story: Story }) {
  const { t } = useTranslation('stories');
  const { t: tc } = useTranslation();
  return (
    <>
      <div className="story-detail__head">
        <img
          className="story-detail__image"
          src={fileUrl(story.image)}
          alt={story.imageAlt ?? ''}
          width="400"
          height="400"
          fetchPriority="high"
        />
        <div>
          <p className="eyebrow">{t('eyebrow')}</p>
          <h1 className="story-detail__name">{story.authorName}</h1>
        </div>
      </div>
      <RichText html={story.description} videoLabel={story.authorName} playLabel={tc('video.play')} />
    </>
  );
}

/** The story marked with its language, under the note when it is not in the reader's. */
function StoryInItsLanguage({ story }: { story: Story }) {
  const { t: tc } = useTranslation();
  const { lang, isFallback } = useWrittenIn(story.lang);
  return (
    <>
      {isFallback && <p className="fallback-note">{tc('status.fallbackNote')}</p>}
      <div lang={lang}>
        <StoryArticle story={story} />
      </div>
    </>
  );
}

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
      <QueryState
        isPending={story.isPending}
        isError={story.isError && !isClientError(story.error)}
        refetch={story.refetch}
        minHeight={500}
      />
      {isClientError(story.error) && <p>{t('notFound')}</p>}
      {story.data && <StoryInItsLanguage story={story.data} />}
    </article>
  );
}
