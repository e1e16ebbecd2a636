// The entrant's place on an event's page: for a visitor who is not signed in, the rules and
// "sign in first" (the verified number is the entry); for a signed-in one, their entry, whose code
// (the quiz, the consent, the outcome) is loaded only then (entrant.tsx).
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session';
import type { PublicEvent } from './event-page';
import { EntryLayout, NotOpenNow } from './entry-layout';
import { useInBrowser } from './use-in-browser';

const Entrant = lazy(() => import('./entrant').then((module) => ({ default: module.Entrant })));

function SignInFirst({ event, signInHref }: { event: PublicEvent; signInHref: string }) {
  const { t } = useTranslation('events');
  return (
    <section className="event-card" aria-labelledby="event-enter-title">
      <h2 id="event-enter-title" className="event-card__title" tabIndex={-1}>
        {t('enter.title')}
      </h2>
      {event.entriesOpenNow ? (
        <>
          <p>{t('enter.signIn')}</p>
          <Link className="btn" to={signInHref}>
            {t('enter.signInButton')}
          </Link>
        </>
      ) : (
        <NotOpenNow event={event} />
      )}
    </section>
  );
}

export function EntryPanel({
  event,
  signInHref,
  leaderboardHref,
  rules,
}: {
  event: PublicEvent;
  signInHref: string;
  leaderboardHref: string;
  /** The rules, shown before entering and kept below the entry. */
  rules: ReactNode;
}) {
  const session = useSession();
  // The entry is the browser's to read (api/entry.ts says why): the server's page waits for it.
  const inBrowser = useInBrowser();
  const pending = <EntryLayout before={rules} main={<QueryState isPending isError={false} minHeight={160} />} />;
  if (session.loading || (session.signedIn && !inBrowser)) return pending;
  if (!session.signedIn)
    return <EntryLayout before={rules} main={<SignInFirst event={event} signInHref={signInHref} />} />;
  return (
    <Suspense fallback={pending}>
      <Entrant event={event} leaderboardHref={leaderboardHref} rules={rules} />
    </Suspense>
  );
}
