import { AboutPage } from '../../features/about/components/about-page';

export function Component() {
  return <AboutPage />;
}
