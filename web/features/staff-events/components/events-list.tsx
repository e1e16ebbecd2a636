// /staff/events: every event with its state on the server's clock, its days and hours (IST), its
// pool and how far it is translated; New event for editors and admins.
import { Link } from 'react-router';
import { LANGUAGE_CODES } from '../../../../contract/languages';
import type { StaffMe } from '../../../../contract/staff';
import { useTranslation } from '../../../i18n/react';
import { QueryState } from '../../../components/query-state';
import { StaffTable } from '../../../staff-shared/components/staff-table';
import { eventName, useEvents, type StaffEvent } from '../../../staff-shared/api/events';
import { STATE_BADGE, daysText, hoursText } from './event-format';
import { eventPowers } from '../../../staff-shared/components/event-powers';

/** Languages whose name, terms and every question are written. */
const translated = (event: StaffEvent) =>
  LANGUAGE_CODES.filter((lang) => {
    const state = event.translation[lang];
    return state?.name && state.terms && event.poolSize > 0 && state.questions === event.poolSize;
  }).length;

export function EventsPage({
  me,
  eventPath,
  newPath,
}: {
  me: StaffMe;
  eventPath: (id: string) => string;
  newPath: string;
}) {
  const { t } = useTranslation('staff');
  const events = useEvents();
  const { manage } = eventPowers(me);
  return (
    <section aria-labelledby="events-title" className="ev">
      <header className="ev-head">
        <h1 id="events-title">{t('events.title')}</h1>
        {manage && (
          <Link className="btn" to={newPath}>
            {t('events.new')}
          </Link>
        )}
      </header>
      <p className="staff-muted">{t('events.explain')}</p>
      <QueryState isPending={events.isPending} isError={events.isError} refetch={() => void events.refetch()} />
      {events.data?.length === 0 && <p role="status">{t('events.none')}</p>}
      {events.data && events.data.length > 0 && (
        <StaffTable
          label={t('events.title')}
          className="ev-list"
          columns={[
            t('events.event'),
            t('events.state'),
            t('events.days'),
            t('events.hours'),
            t('events.questions'),
            t('events.translated'),
          ]}
        >
          {events.data.map((event) => (
            <tr key={event.id}>
              <th scope="row">
                <Link to={eventPath(event.id)} lang="en">
                  {eventName(event)}
                </Link>{' '}
                <span className="staff-muted">
                  <code>{event.key}</code>
                </span>
              </th>
              <td>
                <span className={STATE_BADGE[event.state]}>{t(`events.states.${event.state}`)}</span>
              </td>
              <td>{daysText(event)}</td>
              <td>{hoursText(event)}</td>
              <td>{t('events.perEntryOfPool', { count: event.questionsPerEntry, pool: event.poolSize })}</td>
              <td>{t('events.languagesDone', { count: translated(event), total: LANGUAGE_CODES.length })}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
