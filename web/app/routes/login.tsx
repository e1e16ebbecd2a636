import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoginForm } from '../../features/auth/components/login-form';
import { sessionQuery, useSession } from '../../lib/session';
import { safeRedirect } from '../require-learner';

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
        onSignedIn={async () => {
          // Everything cached was read without the session: start over with it (the
          // specification reloads the page; this keeps the downloaded app).
          client.removeQueries();
          await client.fetchQuery(sessionQuery).catch(() => undefined);
          navigate(target, { replace: true });
        }}
      />
    </div>
  );
}
