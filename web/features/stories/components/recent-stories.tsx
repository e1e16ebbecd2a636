import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { plainText } from '../../../../contract/plain-text';
import { truncateChars } from '../../../lib/text';
import { Section } from '../../../components/section';
import { useRecentStories } from '../api/stories';
import { StoryCard } from './story-card';
import './stories.css';

/** The home strip: three recent stories and View All. Card text: 130 characters plus "...". */
export const HOME_STORY_COUNT = 3;
export const HOME_STORY_EXCERPT = 130;

export function RecentStories({ storyPath, allPath }: { storyPath: (id: string) => string; allPath: string }) {
  const { t } = useTranslation('stories');
  const { t: tc } = useTranslation();
  const recent = useRecentStories();
  const stories = (recent.data ?? []).slice(0, HOME_STORY_COUNT);
  return (
    <Section id="recent-stories" title={t('title')} alt>
      <ul className={stories.length ? 'story-grid' : 'story-grid story-grid--empty'}>
        {stories.map((story) => (
          <li key={story.id}>
            <StoryCard
              story={story}
              text={truncateChars(plainText(story.description), HOME_STORY_EXCERPT)}
              to={storyPath(story.id)}
            />
          </li>
        ))}
      </ul>
      <p className="section-more">
        <Link className="btn" to={allPath}>
          {tc('actions.viewAll')}
        </Link>
      </p>
    </Section>
  );
}
