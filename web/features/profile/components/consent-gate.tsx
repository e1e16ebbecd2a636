// Where learning waits for a minor's parent or guardian (ADR 18): the gate before the learning
// views, and the step inside the catalogue and a course page. The form itself (guardian-consent.tsx,
// with the phone and one-time-password code) is loaded only when a learner needs it, so the pages
// every other learner opens do not carry it.
import { lazy, Suspense, type ReactNode } from 'react';
import type { UserProfile } from '../../../../contract/users';
import { QueryState } from '../../../components/query-state';
import { useMe } from '../api/profile';
import { useLearnerDataFollows } from '../../../lib/learner-data';

const GuardianConsentForm = lazy(() =>
  import('./guardian-consent').then((module) => ({ default: module.GuardianConsentForm })),
);

/** The server says whether learning waits for a guardian (a declared minor without verified consent). */
export const needsConsent = (user: UserProfile | undefined) => Boolean(user?.consentRequired);

/** The consent form inside another page when the learner needs it (a minor without consent), else nothing. */
export function ConsentStep() {
  const me = useMe();
  if (!needsConsent(me.data)) return null;
  return (
    <Suspense fallback={<QueryState isPending isError={false} minHeight={480} />}>
      <GuardianConsentForm headingLevel={2} />
    </Suspense>
  );
}

/** Learning waits for a minor's guardian consent; everyone else goes straight on. */
export function ConsentGate({ children }: { children: ReactNode }) {
  const me = useMe();
  // A view rendered for any learner is shown while the profile is on its way (its content is public;
  // the server refuses a minor's progress until the guardian agrees), then gated as ever.
  const learnerDataFollows = useLearnerDataFollows();
  if (me.isPending && learnerDataFollows) return <>{children}</>;
  if (me.isPending || me.isError) {
    return (
      <QueryState isPending={me.isPending} isError={me.isError} refetch={() => void me.refetch()} minHeight="screen" />
    );
  }
  if (needsConsent(me.data)) {
    return (
      <div className="container learner-section">
        <Suspense fallback={<QueryState isPending isError={false} minHeight="screen" />}>
          <GuardianConsentForm />
        </Suspense>
      </div>
    );
  }
  return <>{children}</>;
}
