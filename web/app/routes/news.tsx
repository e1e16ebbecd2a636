import { NewsPage } from '../../features/news/components/news-page';
import { publications } from '../site';

export function Component() {
  return <NewsPage publications={publications} />;
}
