import { CyberShieldPage } from '../../features/cyber-shield/components/cyber-shield-page';
import { OpenEvents } from '../../features/events/components/open-events';
import { externalLinks } from '../site';
import { paths } from '../paths';

export function Component() {
  return (
    <CyberShieldPage
      portalUrl={externalLinks.cybercrimePortal}
      termsHref={paths.cyberShieldTerms()}
      imageBase="/cyber-shield"
      openEvents={<OpenEvents eventPath={paths.event} />}
    />
  );
}
