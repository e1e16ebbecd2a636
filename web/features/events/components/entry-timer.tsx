// The time left of a running entry, counted down to the server's deadline moved onto the phone's
// clock (entry-clock.ts). The clock itself is a `timer` (never read out by itself: a screen reader
// reads it when asked); a polite status says the time only as it passes a few marks, so the
// questions are not drowned out every second.
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { clockText, msToNextTick, passedAnnouncement, secondsLeft } from './entry-clock';
import { durationText } from './event-times';

/** The seconds left until a deadline on the phone's clock, changing as each whole second passes. */
export function useSecondsLeft(deadlineMs: number): number {
  const [left, setLeft] = useState(() => secondsLeft(deadlineMs, Date.now()));
  useEffect(() => {
    let timer = 0;
    const tick = () => {
      const now = Date.now();
      setLeft(secondsLeft(deadlineMs, now));
      if (now < deadlineMs) timer = window.setTimeout(tick, msToNextTick(deadlineMs, now));
    };
    // A phone that slept is told at once when it wakes, not at the next tick.
    const wake = () => {
      if (document.visibilityState !== 'visible') return;
      window.clearTimeout(timer);
      tick();
    };
    tick();
    document.addEventListener('visibilitychange', wake);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', wake);
    };
  }, [deadlineMs]);
  return left;
}

export function EntryTimer({ deadlineMs, onTimeUp }: { deadlineMs: number; onTimeUp: () => void }) {
  const { t } = useTranslation('events');
  const id = useId();
  const left = useSecondsLeft(deadlineMs);
  const before = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const timeUp = useEffectEvent(onTimeUp);

  useEffect(() => {
    const previous = before.current;
    before.current = left;
    if (previous === null) {
      // Said once when the quiz appears: the time there is.
      setAnnouncement(left > 0 ? t('timer.left', { time: durationText(t, left) }) : '');
    } else {
      const mark = passedAnnouncement(previous, left);
      if (mark !== null && left > 0) setAnnouncement(t('timer.left', { time: durationText(t, mark) }));
    }
    if (left === 0 && previous !== 0) {
      setAnnouncement(t('timer.up'));
      timeUp();
    }
  }, [left, t]);

  return (
    <div className={`event-timer${left <= 60 ? ' event-timer--low' : ''}`}>
      <span id={id} className="event-timer__label">
        {t('timer.label')}
      </span>
      <span role="timer" aria-labelledby={id} className="event-timer__clock" data-testid="event-timer">
        {clockText(left)}
      </span>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
