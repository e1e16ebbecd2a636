// Running an event: the live counts (small groups withheld as the figures withhold them), the
// entries to review (several starts with one number, answers after the deadline) with
// disqualification for a stated reason, and the ranked results with their CSV file.
import { useId, useState, type FormEvent } from 'react';
import { EVENT_LIMITS } from '../../../../contract/event-rules';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { Dialog } from '../../../components/dialog';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { DialogActions } from '../../../staff-shared/components/dialog-actions';
import { errorText } from '../../../staff-shared/components/error-text';
import { countText } from '../../../staff-shared/components/safe-count';
import { StaffTable, hiddenColumn } from '../../../staff-shared/components/staff-table';
import { staffTime } from '../../../staff-shared/components/staff-time';
import {
  LIVE_COUNTS_EVERY_MS,
  resultsCsvAddress,
  useCounts,
  useDisqualify,
  useFlagged,
  useResults,
  type FlaggedEntry,
  type StaffEvent,
} from '../../../staff-shared/api/events';
import { measuredText, resultsFinalAt } from './event-format';

const COUNT_ROWS = ['entries', 'awaitingGuardian', 'inProgress', 'completed', 'withdrawn', 'disqualified'] as const;

export function LiveCounts({ event }: { event: StaffEvent }) {
  const { t } = useTranslation('staff');
  const live = event.state === 'open';
  const counts = useCounts(event.id, true, live);
  return (
    <section className="staff-card" aria-labelledby="ev-counts">
      <h2 id="ev-counts">{t('events.counts.title')}</h2>
      <QueryState
        isPending={counts.isPending}
        isError={counts.isError}
        refetch={() => void counts.refetch()}
        minHeight={120}
      />
      {counts.data && (
        <>
          <dl className="ev-counts">
            {COUNT_ROWS.map((row) => (
              <div key={row} className={row === 'entries' ? 'ev-count ev-count--all' : 'ev-count'}>
                <dt>{t(`events.counts.${row}`)}</dt>
                <dd>{countText(counts.data[row], counts.data.minGroup, t)}</dd>
              </div>
            ))}
          </dl>
          <p className="staff-hint">
            {t('events.counts.smallGroups', { count: counts.data.minGroup })}{' '}
            {live && t('events.counts.live', { seconds: LIVE_COUNTS_EVERY_MS / 1000 })}
          </p>
        </>
      )}
    </section>
  );
}

function DisqualifyForm({ event, entry, onClose }: { event: StaffEvent; entry: FlaggedEntry; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const disqualify = useDisqualify(event.id);
  const id = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const empty = reason.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (empty) return;
    disqualify.mutate(
      { number: entry.number, reason: reason.trim() },
      {
        onSuccess: () => {
          notify({ status: 200, message: t('events.flagged.done', { number: entry.number }) });
          onClose();
        },
      },
    );
  };
  return (
    <form className="staff-dialog-body" onSubmit={submit} noValidate>
      <h2>{t('events.flagged.disqualifyTitle', { number: entry.number })}</h2>
      <p>{t('events.flagged.disqualifyText')}</p>
      <div className="staff-field ce-field ce-field--wide">
        <label htmlFor={`${id}-reason`}>{t('events.flagged.reason')}</label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          rows={3}
          maxLength={EVENT_LIMITS.reasonMaxLength}
          aria-invalid={tried && empty ? true : undefined}
          aria-describedby={`${id}-hint${tried && empty ? ` ${id}-problem` : ''}`}
          onChange={(e) => setReason(e.target.value)}
        />
        <p className="staff-hint" id={`${id}-hint`}>
          {t('events.flagged.reasonHint')}
        </p>
        {tried && empty && (
          <p className="staff-error" id={`${id}-problem`}>
            {t('events.flagged.reasonNeeded')}
          </p>
        )}
      </div>
      {disqualify.isError && (
        <p className="staff-error" role="alert">
          {errorText(disqualify.error)}
        </p>
      )}
      <DialogActions action={t('events.flagged.disqualify')} busy={disqualify.isPending} danger onCancel={onClose} />
    </form>
  );
}

/** What made an entry stand out, in words. */
function flagsOf(entry: FlaggedEntry, t: TFunction): string {
  return [
    entry.refusedStarts > 0 ? t('events.flagged.refusedStarts', { count: entry.refusedStarts }) : '',
    entry.lateAnswers > 0 ? t('events.flagged.lateAnswers', { count: entry.lateAnswers }) : '',
  ]
    .filter(Boolean)
    .join('; ');
}

export function FlaggedEntries({ event }: { event: StaffEvent }) {
  const { t } = useTranslation('staff');
  const flagged = useFlagged(event.id, true, event.state === 'open');
  const [pending, setPending] = useState<FlaggedEntry | null>(null);
  // Read once as the page opens: a disqualification after the period is refused by the server anyway (409 eventResultsFinal).
  const [openedAt] = useState(() => Date.now());
  const final = event.resultsPublishedAt !== null && new Date(resultsFinalAt(event)!).getTime() <= openedAt;
  return (
    <section className="staff-card" aria-labelledby="ev-flagged">
      <h2 id="ev-flagged">{t('events.flagged.title')}</h2>
      <p className="staff-muted">{t('events.flagged.explain')}</p>
      <QueryState
        isPending={flagged.isPending}
        isError={flagged.isError}
        refetch={() => void flagged.refetch()}
        minHeight={80}
      />
      {flagged.data?.length === 0 && <p role="status">{t('events.flagged.none')}</p>}
      {flagged.data && flagged.data.length > 0 && (
        <StaffTable
          label={t('events.flagged.title')}
          className="ev-flagged"
          columns={[
            t('events.flagged.entry'),
            t('events.flagged.firstName'),
            t('events.flagged.why'),
            t('events.flagged.state'),
            hiddenColumn(t('events.flagged.actions')),
          ]}
        >
          {flagged.data.map((entry) => (
            <tr key={entry.number}>
              <th scope="row">{entry.number}</th>
              <td>{entry.firstName ?? '—'}</td>
              <td>{flagsOf(entry, t)}</td>
              <td>
                {t(`events.entryStates.${entry.state}`)}
                {entry.stateReason && <span className="staff-muted"> — {entry.stateReason}</span>}
              </td>
              <td className="staff-row-actions">
                {entry.state !== 'disqualified' && entry.state !== 'withdrawn' && !final && (
                  <button
                    type="button"
                    className="btn btn--ghost"
                    aria-label={t('events.flagged.disqualifyEntry', { number: entry.number })}
                    onClick={() => setPending(entry)}
                  >
                    {t('events.flagged.disqualify')}…
                  </button>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      {final && <p className="staff-muted">{t('events.flagged.final')}</p>}
      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        label={pending ? t('events.flagged.disqualifyTitle', { number: pending.number }) : ''}
        className="staff-dialog"
      >
        {pending && <DisqualifyForm event={event} entry={pending} onClose={() => setPending(null)} />}
      </Dialog>
    </section>
  );
}

export function Results({ event }: { event: StaffEvent }) {
  const { t } = useTranslation('staff');
  const ready = event.state === 'closed' || event.state === 'results_published';
  const results = useResults(event.id, ready);
  const finalAt = resultsFinalAt(event);
  return (
    <section className="staff-card" aria-labelledby="ev-results">
      <header className="ev-results-head">
        <h2 id="ev-results">{t('events.results.title')}</h2>
        {ready && (
          <a className="btn btn--ghost" href={resultsCsvAddress(event.id)} download>
            {t('events.results.download')}
          </a>
        )}
      </header>
      {!ready && <p>{t('events.results.notYet')}</p>}
      {ready && event.state === 'closed' && <p className="staff-muted">{t('events.results.provisional')}</p>}
      {event.resultsPublishedAt && finalAt && (
        <p className="staff-muted">
          {t('events.results.published', {
            at: staffTime(event.resultsPublishedAt),
            final: staffTime(finalAt),
          })}
        </p>
      )}
      {ready && (
        <QueryState
          isPending={results.isPending}
          isError={results.isError}
          refetch={() => void results.refetch()}
          minHeight={80}
        />
      )}
      {results.data?.length === 0 && <p role="status">{t('events.results.none')}</p>}
      {results.data && results.data.length > 0 && (
        <StaffTable
          label={t('events.results.title')}
          className="ev-results"
          columns={[
            t('events.results.rank'),
            t('events.results.entry'),
            t('events.results.firstName'),
            t('events.results.district'),
            t('events.results.score'),
            t('events.results.time'),
          ]}
        >
          {results.data.map((row) => (
            <tr key={row.number}>
              <td className="ev-number">{row.rank}</td>
              <td className="ev-number">{row.number}</td>
              <th scope="row">{row.firstName || '—'}</th>
              <td>{row.district ?? '—'}</td>
              <td className="ev-number">
                {t('events.results.scoreOf', { correct: row.correct, total: event.questionsPerEntry })}
              </td>
              <td className="ev-number">{measuredText(row.timeSeconds)}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
