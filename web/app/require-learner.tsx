// The route guard of the specification: Loading... while the session loads, then the page for an
// active learner, else /login (with a way back to /courses when the address is about courses).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '../i18n/react';
import { useSession } from '../lib/session';
import { paths } from './paths';

export function RequireLearner({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { loading, signedIn } = useSession();
  const { pathname } = useLocation();
  if (loading) {
    return (
      <div className="page-loading container learner-section" role="status">
        {t('status.loading')}
      </div>
    );
  }
  if (!signedIn)
    return <Navigate to={paths.login(pathname.includes('courses') ? paths.courses() : undefined)} replace />;
  return <>{children}</>;
}

/** Only same-site paths (one leading slash, not //host or /\host) are followed after sign-in. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return paths.home();
  return value;
}
