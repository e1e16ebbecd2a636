// The door of the staff console: who is signed in as staff, and where their second factor stands.
// Anonymous: to the sign-in page, back here after. Not on the staff, or a staff session that has
// ended: said so, with the way on. An admin or editor: the authenticator app is set up or its code
// confirmed here before any console page shows. When the account leaves the staff or the session
// ends while a page is open (who is signed in, read again, is refused), the page stays, with what the
// person wrote, and the frame is told (`ended`): it stops naming them and offers to sign in again.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { QueryState } from '../../../components/query-state';
import { signOutTo, useStaffMe, type StaffMe } from '../api/staff-session';
import { errorText } from '../../../staff-shared/components/error-text';
import { accessEndedBy, type AccessEnded } from '../../../staff-shared/api/staff-access';
import { SecondFactorSetup, SecondFactorVerify } from './second-factor';

export function StaffGate({
  loginPath,
  homePath,
  children,
}: {
  loginPath: (back: string) => string;
  homePath: string;
  children: (me: StaffMe, ended: StaffAccessEnded | null) => ReactNode;
}) {
  const { t } = useTranslation('staff');
  const { pathname } = useLocation();
  const me = useStaffMe();

  if (me.isPending) return <QueryState isPending isError={false} />;
  const ended = me.isError && me.data ? accessEndedBy(me.error) : null;
  if (ended && me.data)
    return <>{children(me.data, { reason: ended, signInAgain: () => signOutTo(loginPath(pathname)) })}</>;
  if (me.isError) {
    const error = me.error;
    if (error instanceof ApiError && error.status === 401 && error.code !== 'staffSessionEnded')
      return <Navigate to={loginPath(pathname)} replace />;
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      return (
        <div className="staff-door" role="alert">
          <h1>{error.status === 401 ? t('gate.endedTitle') : t('gate.notStaffTitle')}</h1>
          <p>{errorText(error)}</p>
          <div className="staff-actions">
            <button type="button" className="btn" onClick={() => signOutTo(loginPath(pathname))}>
              {t('gate.signInAgain')}
            </button>
            <a className="btn btn--ghost" href={homePath}>
              {t('gate.toSite')}
            </a>
          </div>
        </div>
      );
    }
    return <QueryState isPending={false} isError refetch={() => void me.refetch()} />;
  }
  if (me.data.secondFactor === 'setup-required') return <SecondFactorSetup name={me.data.name} />;
  if (me.data.secondFactor === 'required') return <SecondFactorVerify name={me.data.name} />;
  return <>{children(me.data, null)}</>;
}

/** The account left the staff, or the staff session ended, while a console page was open. */
export interface StaffAccessEnded {
  reason: AccessEnded;
  signInAgain: () => void;
}
