// The signed-in entrant's part of an event's page, by where the entry stands: none yet (the age
// question, then Start), waiting for a guardian (their consent form), the quiz running, sent or
// closed (the result once published), disqualified, withdrawn; and withdrawal, offered for as long
// as there is an entry to erase. Loaded only for a signed-in visitor (entry-panel.tsx), so a
// visitor who is not signed in downloads none of the quiz.
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EntryView } from '../../../../contract/events';
import { AGE_MAX, AGE_MIN, MINOR_AGE } from '../../../../contract/profile-options';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { useTranslation } from '../../../i18n/react';
import { localMessage } from '../../../i18n/server-messages';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { useEntry, useEntryCalls } from '../api/entry';
import type { PublicEvent } from './event-page';
import { EntryOutcome } from './entry-outcome';
import { ENTRY_ID, EntryLayout, NotOpenCard, NotOpenNow } from './entry-layout';
import { EventQuiz } from './event-quiz';
import { useEventTimes } from './event-times';
import { WithdrawEntry } from './withdraw-entry';

type Calls = ReturnType<typeof useEntryCalls>;

// Loaded only for a minor whose entry waits for a guardian.
const GuardianConsentForm = lazy(() =>
  import('../../../components/guardian-consent/guardian-consent-form').then((module) => ({
    default: module.GuardianConsentForm,
  })),
);

/** The age question and Start: the time runs from here, or from a guardian's consent for a minor. */
function StartEntry({
  event,
  calls,
  onRefused,
}: {
  event: PublicEvent;
  calls: Calls;
  onRefused: (text: string) => void;
}) {
  const { t } = useTranslation('events');
  const { language } = useLanguage();
  const times = useEventTimes();
  const client = useQueryClient();
  const ids = { age: useId(), hint: useId(), error: useId() };
  const [age, setAge] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async (submitted: FormEvent) => {
    submitted.preventDefault();
    const years = Number(age.trim());
    if (!/^\d+$/.test(age.trim()) || years < AGE_MIN || years > AGE_MAX) {
      setError(t('start.ageInvalid', { min: AGE_MIN, max: AGE_MAX }));
      document.getElementById(ids.age)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await calls.start(language, years);
    } catch (refusal) {
      setBusy(false);
      if (!(refusal instanceof ApiError)) return setError(t('genericError'));
      if (refusal.code === 'eventMinorsNotAllowed') return setError(localMessage(refusal));
      // Entered already (in another tab, or on another phone with this number), withdrawn, or closed
      // meanwhile: said above the page, and the entry and the event read again.
      if (refusal.status === 409) {
        onRefused(localMessage(refusal));
        void client.invalidateQueries({ queryKey: ['event'] });
        void calls.refresh();
        return;
      }
      setError(localMessage(refusal));
    }
  };

  return (
    <section className="event-card" aria-labelledby="event-start-title">
      <h2 id="event-start-title" className="event-card__title" tabIndex={-1}>
        {t('start.title')}
      </h2>
      <p>{t('start.intro', { time: times.duration(event.timeLimitSeconds) })}</p>
      <form className="form" onSubmit={(e) => void start(e)} noValidate>
        <label htmlFor={ids.age} className="field__label">
          {t('start.age')}
        </label>
        <input
          id={ids.age}
          className="field__input event-age"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          value={age}
          onChange={(e) => setAge(e.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={[ids.hint, error ? ids.error : ''].filter(Boolean).join(' ')}
        />
        <p id={ids.hint} className="consent__hint">
          {event.minorsAllowed ? t('start.ageHint', { age: MINOR_AGE }) : t('start.adultsOnly', { age: MINOR_AGE })}
        </p>
        {error && (
          <p id={ids.error} className="field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {t('start.button')}
        </button>
      </form>
    </section>
  );
}

/** A minor's entry: waiting, without time running, until a guardian agrees with the code sent to them. */
function AwaitingGuardian({ event, entry, calls }: { event: PublicEvent; entry: EntryView; calls: Calls }) {
  const { t } = useTranslation('events');
  return (
    <div className="event-guardian">
      <section className="event-card" aria-labelledby="event-waiting-title">
        <h2 id="event-waiting-title" className="event-card__title" tabIndex={-1}>
          {t('guardian.title')}
        </h2>
        <p>{t('guardian.text', { number: entry.number })}</p>
        {!event.entriesOpenNow && <NotOpenNow event={event} />}
      </section>
      {event.entriesOpenNow && (
        <Suspense fallback={<QueryState isPending isError={false} minHeight={480} />}>
          <GuardianConsentForm
            id="event-guardian-consent"
            headingLevel={2}
            why={t('guardian.why', { name: event.name, age: MINOR_AGE })}
            giveLabel={t('guardian.give')}
            sendCode={calls.sendConsentCode}
            confirm={calls.confirmConsent}
            onConfirmed={() => notify({ status: 200, message: t('guardian.done') })}
          />
        </Suspense>
      )}
    </div>
  );
}

function Withdrawn({ entry }: { entry: EntryView }) {
  const { t } = useTranslation('events');
  return (
    <section className="event-card" aria-labelledby="event-withdrawn-title" data-testid="event-withdrawn">
      <h2 id="event-withdrawn-title" className="event-card__title" tabIndex={-1}>
        {t('withdrawn.title')}
      </h2>
      <p>{t('withdrawn.text', { number: entry.number })}</p>
    </section>
  );
}

export function Entrant({
  event,
  leaderboardHref,
  rules,
}: {
  event: PublicEvent;
  leaderboardHref: string;
  /** The rules, shown before entering and kept below the entry. */
  rules: ReactNode;
}) {
  const { t } = useTranslation('events');
  const query = useEntry(event.key);
  const calls = useEntryCalls(event.key);
  // A refusal that changed the page (entered already): kept above whatever the entry now shows.
  const [notice, setNotice] = useState<string | null>(null);
  // When the entry moves on (started, opened by a guardian, sent, closed, withdrawn), what it shows
  // now takes the focus: a screen reader hears it, and a phone scrolls to it.
  const shown = query.data ? (query.data.entry?.state ?? 'none') : undefined;
  const lastShown = useRef(shown);
  useEffect(() => {
    const before = lastShown.current;
    lastShown.current = shown;
    if (before !== undefined && shown !== undefined && before !== shown)
      document.querySelector<HTMLElement>(`#${ENTRY_ID} h2`)?.focus();
  }, [shown]);

  return <EntryLayout notice={notice} {...parts()} />;

  /** The rules before the entrant's part, that part, and what follows it. */
  function parts(): { before?: ReactNode; main: ReactNode; after?: ReactNode } {
    const state = query.data;
    if (!state) {
      return {
        before: rules,
        main: (
          <QueryState
            isPending={!query.isError}
            isError={query.isError}
            refetch={() => void query.refetch()}
            minHeight={160}
          />
        ),
      };
    }
    const { entry } = state;
    if (!entry) {
      return {
        before: rules,
        main: event.entriesOpenNow ? (
          <StartEntry event={event} calls={calls} onRefused={setNotice} />
        ) : (
          <NotOpenCard event={event} />
        ),
      };
    }
    if (entry.state === 'withdrawn') return { main: <Withdrawn entry={entry} />, after: rules };
    const withdraw = <WithdrawEntry entry={entry} withdraw={calls.withdraw} />;
    if (entry.state === 'open') {
      return {
        main: <EventQuiz key={entry.startedAt} entry={entry} offsetMs={state.offsetMs} calls={calls} />,
        after: (
          <>
            <details className="event-rules-later">
              <summary>{t('rules.show')}</summary>
              {rules}
            </details>
            {withdraw}
          </>
        ),
      };
    }
    return {
      main:
        entry.state === 'awaiting_guardian' ? (
          <AwaitingGuardian event={event} entry={entry} calls={calls} />
        ) : (
          <EntryOutcome entry={entry} event={event} leaderboardHref={leaderboardHref} />
        ),
      after: (
        <>
          {rules}
          {withdraw}
        </>
      ),
    };
  }
}
