import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoginForm } from '../../features/auth/components/login-form';
import { learnerOf, sessionKeys, useSession } from '../../lib/session';
import { safeRedirect } from '../require-learner';
import { preloadPage } from '../router';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { signedIn, loading } = useSession();
  const target = safeRedirect(params.get('redirect'));
  // Someone already signed in has nothing to do here.
  if (!loading && signedIn) return <Navigate to={target} replace />;
  return (
    <div className="auth-page">
      <LoginForm
        // While the learner reads the SMS, the page they are going to is fetched.
        onCodeSent={() => preloadPage(target)}
        onSignedIn={(answer) => {
          // Everything cached was read without the session: start over with it (the
          // specification reloads the page; this keeps the downloaded app). Who is signed in
          // came with the answer.
          client.removeQueries();
          client.setQueryData(sessionKeys.session, learnerOf(answer));
          navigate(target, { replace: true });
        }}
      />
    </div>
  );
}
