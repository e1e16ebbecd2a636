import { ProfilePage } from '../../features/profile/components/profile-page';
import { RequireLearner } from '../require-learner';

export function Component() {
  return (
    <RequireLearner>
      <ProfilePage />
    </RequireLearner>
  );
}
