import { PrivacyPolicy } from '../../features/privacy-policy/components/privacy-policy';
import { externalLinks, site } from '../site';
import { paths } from '../paths';

export function Component() {
  return (
    <PrivacyPolicy
      contactEmail={site.contactEmail}
      profilePath={paths.profile()}
      portalUrl={externalLinks.cybercrimePortal}
    />
  );
}
