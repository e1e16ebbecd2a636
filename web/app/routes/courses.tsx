import { Catalogue } from '../../features/learning/components/catalogue';
import { useSession } from '../../lib/session';
import { paths } from '../paths';

export function Component() {
  const { signedIn, user } = useSession();
  return <Catalogue signedIn={signedIn} userName={user?.name} paths={paths} />;
}
