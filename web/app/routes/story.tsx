import { useParams } from 'react-router';
import { StoryDetail } from '../../features/stories/components/story-detail';
import { paths } from '../paths';

export function Component() {
  const { storyId = '' } = useParams();
  return <StoryDetail key={storyId} storyId={storyId} backPath={paths.storiesAll()} />;
}
