// An event's public leaderboard once its results are published (ADR 40): rank, first name and
// district (when the entrant's profile gives one), never a number or a full name; provisional during
// the review period the terms state, final after it.
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useTranslation } from '../../../i18n/react';
import { useWrittenIn } from '../../../i18n/written-in';
import { isClientError } from '../../../lib/api-client';
import { useEvent, useLeaderboard } from '../api/events';
import { useEventTimes } from './event-times';
import './events.css';

export function EventLeaderboard({ eventKey, eventHref }: { eventKey: string; eventHref: string }) {
  const { t } = useTranslation('events');
  const times = useEventTimes();
  const event = useEvent(eventKey);
  const board = useLeaderboard(eventKey);
  const { lang } = useWrittenIn(event.data?.lang ?? 'en');

  if (!event.data || board.data === undefined) {
    const notFound = isClientError(event.error);
    return (
      <div className="container section">
        <QueryState
          isPending={(event.isPending || board.isPending) && !notFound}
          isError={(event.isError && !notFound) || board.isError}
          refetch={() => void Promise.all([event.refetch(), board.refetch()])}
          minHeight="screen"
        />
        {notFound && (
          <>
            <h1>{t('notFound.title')}</h1>
            <p>{t('notFound.text')}</p>
          </>
        )}
      </div>
    );
  }

  const rows = board.data?.rows ?? [];
  return (
    <div className="event-page">
      <header className="page-hero event-hero">
        <div className="container">
          <p className="eyebrow" lang={lang}>
            {event.data.name}
          </p>
          <h1>{t('leaderboard.title')}</h1>
        </div>
      </header>
      <div className="container event-page__body">
        {board.data === null ? (
          <p className="event-card__note">{t('leaderboard.notYet')}</p>
        ) : (
          <>
            <p
              className={board.data.final ? 'event-board__state' : 'event-board__state event-board__state--provisional'}
            >
              {board.data.final
                ? t('leaderboard.final')
                : t('leaderboard.provisional', { when: times.moment(board.data.resultsFinalAt) })}
            </p>
            <p>{t('leaderboard.privacy')}</p>
            {rows.length === 0 ? (
              <p>{t('leaderboard.empty')}</p>
            ) : (
              <div className="event-board__scroll">
                <table className="event-board">
                  <caption className="visually-hidden">{t('leaderboard.caption', { name: event.data.name })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('leaderboard.rank')}</th>
                      <th scope="col">{t('leaderboard.name')}</th>
                      <th scope="col">{t('leaderboard.district')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row, i) => (
                      <tr key={i}>
                        <td>{row.rank}</td>
                        <td>{row.firstName}</td>
                        <td>
                          {row.district ?? (
                            <>
                              <span aria-hidden="true">–</span>
                              <span className="visually-hidden">{t('leaderboard.noDistrict')}</span>
                            </>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
        <p className="event-section">
          <Link to={eventHref}>{t('leaderboard.back')}</Link>
        </p>
      </div>
    </div>
  );
}
