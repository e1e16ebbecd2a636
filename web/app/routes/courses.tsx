import { Catalogue } from '../../features/courses/components/catalogue';
import { ConsentStep } from '../../features/profile/components/consent-gate';
import { useSession } from '../../lib/session';
import { paths } from '../paths';

export function Component() {
  const { signedIn, user } = useSession();
  return <Catalogue signedIn={signedIn} userName={user?.name} paths={paths} consentStep={<ConsentStep />} />;
}
