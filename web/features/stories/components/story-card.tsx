import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { fileUrl } from '../../../lib/api-client';
import type { Story } from '../../../../contract/public-content';
import { useWrittenIn } from '../../../i18n/written-in';

/** A story card: red translucent when highlighted, white otherwise. */
export function StoryCard({
  story,
  text,
  to,
  headingLevel = 3,
}: {
  story: Story;
  text: string;
  to: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('stories');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { lang } = useWrittenIn(story.lang);
  return (
    <article className={`story-card${story.isHighlighted ? ' story-card--highlighted' : ''}`}>
      <img
        className="story-card__image"
        src={fileUrl(story.image)}
        alt={story.imageAlt ?? ''}
        width="400"
        height="400"
        loading="lazy"
        decoding="async"
      />
      <Heading className="story-card__name" lang={lang}>
        {story.authorName}
      </Heading>
      <p className="story-card__text" lang={lang}>
        {text}
      </p>
      <Link className="story-card__more" to={to} aria-label={`${t('readMore')}: ${story.authorName}`}>
        {t('readMore')}
      </Link>
    </article>
  );
}
