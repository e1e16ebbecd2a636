import { ProfilePage } from '../../features/profile/components/profile-page';
import { RequireLearner } from '../require-learner';
import { CERTIFICATE_ANCHOR } from '../paths';

export function Component() {
  return (
    <RequireLearner>
      <ProfilePage certificateId={CERTIFICATE_ANCHOR} />
    </RequireLearner>
  );
}
