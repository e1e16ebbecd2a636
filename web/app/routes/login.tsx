import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoginForm } from '../../features/auth/components/login-form';
import { learnerOf, sessionKeys, useSession } from '../../lib/session';
import { safeRedirect } from '../require-learner';
import { preloadPage } from '../router';
import { paths } from '../paths';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { signedIn, loading } = useSession();
  const asked = params.get('redirect');
  const target = safeRedirect(asked);
  // Someone already signed in has nothing to do here: on to where they were going, else to the
  // courses (the home page's Get started opens this page in a new tab; the home page again would loop).
  if (!loading && signedIn) return <Navigate to={asked ? target : paths.courses()} replace />;
  return (
    <div className="auth-page">
      <LoginForm
        // While the learner reads the SMS, the page they are going to is fetched.
        onCodeSent={() => preloadPage(target)}
        onSignedIn={(answer, isNew) => {
          // Everything cached was read without the session: start over with it (the
          // specification reloads the page; this keeps the downloaded app). Who is signed in
          // came with the answer.
          client.removeQueries();
          client.setQueryData(sessionKeys.session, learnerOf(answer));
          // A new learner's next step is a course: the catalogue, unless they came from one.
          navigate(isNew && !asked ? paths.courses() : target, { replace: true });
        }}
      />
    </div>
  );
}
