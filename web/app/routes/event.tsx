// An event quiz's page and its leaderboard (ADR 40), composed from the events feature with the
// site's addresses: sign-in that comes back here, the terms page, the leaderboard.
import { useLocation, useParams } from 'react-router';
import { EventPage } from '../../features/events/components/event-page';
import { EventLeaderboard } from '../../features/events/components/event-leaderboard';
import { paths } from '../paths';

export function Component() {
  const { eventKey = '' } = useParams();
  const { pathname } = useLocation();
  return (
    <EventPage
      key={eventKey}
      eventKey={eventKey}
      signInHref={paths.login(pathname)}
      leaderboardHref={paths.eventLeaderboard(eventKey)}
      termsHref={paths.cyberShieldTerms()}
    />
  );
}

export function Leaderboard() {
  const { eventKey = '' } = useParams();
  return <EventLeaderboard key={eventKey} eventKey={eventKey} eventHref={paths.event(eventKey)} />;
}
