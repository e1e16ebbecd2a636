// Withdrawal (the opt-out the original terms left blank, ADR 40): one action, asked once more, saying
// what it does: the entry and every answer are erased, and the number cannot enter this event again.
import { useEffect, useRef, useState } from 'react';
import type { EntryView } from '../../../../contract/events';
import { notify } from '../../../components/notifications';
import { useTranslation } from '../../../i18n/react';
import { localMessage } from '../../../i18n/server-messages';
import { ApiError } from '../../../lib/api-client';
import type { useEntryCalls } from '../api/entry';

export function WithdrawEntry({
  entry,
  withdraw,
}: {
  entry: EntryView;
  withdraw: ReturnType<typeof useEntryCalls>['withdraw'];
}) {
  const { t } = useTranslation('events');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  // Asked: the safe answer has the focus, so a second Enter does not erase. Kept: back to the button.
  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  const confirm = async () => {
    setBusy(true);
    try {
      notify({ status: 200, message: localMessage(await withdraw()) });
    } catch (error) {
      setBusy(false);
      notify({
        status: error instanceof ApiError ? error.status : 500,
        message: error instanceof ApiError ? localMessage(error) : t('genericError'),
      });
    }
  };

  return (
    <section className="event-withdraw" aria-labelledby="event-withdraw-title">
      <h2 id="event-withdraw-title" className="event-section__title">
        {t('withdraw.title')}
      </h2>
      <p>{t('withdraw.text')}</p>
      {asking ? (
        <div
          className="confirm"
          role="alertdialog"
          aria-labelledby="event-withdraw-ask"
          aria-describedby="event-withdraw-what"
        >
          <p id="event-withdraw-ask">
            <strong>{t('withdraw.ask', { number: entry.number })}</strong>
          </p>
          <p id="event-withdraw-what">{t('withdraw.what')}</p>
          <button ref={keep} type="button" className="btn btn--ghost" onClick={() => setAsking(false)}>
            {t('withdraw.keep')}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void confirm()}
          >
            {t('withdraw.confirm')}
          </button>
        </div>
      ) : (
        <button ref={opener} type="button" className="btn btn--danger" onClick={() => setAsking(true)}>
          {t('withdraw.button')}
        </button>
      )}
    </section>
  );
}
