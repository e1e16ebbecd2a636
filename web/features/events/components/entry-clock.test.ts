// The entry's time on the phone: the gap between the phone's clock and the server's measured from
// one answer, the server's deadline moved by it, and what the timer shows and says.
import { describe, expect, it } from 'vitest';
import {
  clockOffset,
  clockText,
  deadlineOnPhone,
  minutesAndSeconds,
  msToNextTick,
  passedAnnouncement,
  secondsLeft,
} from './entry-clock';

const at = (iso: string) => Date.parse(iso);

describe('the clocks’ gap', () => {
  it('takes the server’s time to be the phone’s halfway through the call', () => {
    // Sent at :00.000 and answered at :02.000 on the phone; the server said :01.000: no gap.
    expect(
      clockOffset('2026-11-29T10:00:01.000Z', at('2026-11-29T10:00:00.000Z'), at('2026-11-29T10:00:02.000Z')),
    ).toBe(0);
  });

  it('is positive when the phone’s clock runs ahead, negative when it runs behind', () => {
    const server = '2026-11-29T10:00:00.000Z';
    // A phone three minutes fast, on a network taking 400 ms each way.
    expect(clockOffset(server, at('2026-11-29T10:02:59.600Z'), at('2026-11-29T10:03:00.400Z'))).toBe(180_000);
    // A phone 90 s slow.
    expect(clockOffset(server, at('2026-11-29T09:58:30.000Z'), at('2026-11-29T09:58:30.000Z'))).toBe(-90_000);
  });

  it('is no gap at all when the server’s time cannot be read', () => {
    expect(clockOffset('not a time', 1_000, 2_000)).toBe(0);
  });
});

describe('the deadline on the phone and the seconds left', () => {
  it('moves the server’s deadline by the gap, so a phone running fast still shows the server’s time left', () => {
    const deadline = '2026-11-29T10:05:00.000Z';
    const offset = 180_000; // the phone is three minutes ahead
    const onPhone = deadlineOnPhone(deadline, offset)!;
    // The server says 10:00:00 now (the phone reads 10:03:00): five minutes are left, not two.
    expect(secondsLeft(onPhone, at('2026-11-29T10:03:00.000Z'))).toBe(300);
    // A phone running slow by the same amount gets the same five minutes.
    expect(secondsLeft(deadlineOnPhone(deadline, -offset)!, at('2026-11-29T09:57:00.000Z'))).toBe(300);
  });

  it('has no deadline before the entry starts, or when the deadline cannot be read', () => {
    expect(deadlineOnPhone(null, 0)).toBeNull();
    expect(deadlineOnPhone('soon', 0)).toBeNull();
  });

  it('counts whole seconds rounded up, as the server does, and never below nothing', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 1)).toBe(10);
    expect(secondsLeft(10_000, 999)).toBe(10);
    expect(secondsLeft(10_000, 1_000)).toBe(9);
    expect(secondsLeft(10_000, 9_999)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 60_000)).toBe(0);
  });

  it('waits just past the moment the count changes', () => {
    expect(msToNextTick(10_000, 9_250)).toBe(755);
    expect(msToNextTick(10_000, 9_000)).toBe(1_005);
    // The count after the wait is one less than before it.
    const now = 3_400;
    expect(secondsLeft(10_000, now + msToNextTick(10_000, now))).toBe(secondsLeft(10_000, now) - 1);
    expect(msToNextTick(10_000, 12_000)).toBe(1_000);
  });
});

describe('what the timer shows and says', () => {
  it('shows minutes and seconds, and hours past an hour', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(5)).toBe('0:05');
    expect(clockText(245)).toBe('4:05');
    expect(clockText(3_723)).toBe('1:02:03');
    expect(clockText(-3)).toBe('0:00');
  });

  it('says the time only when it passes a mark, not every second', () => {
    expect(passedAnnouncement(301, 300)).toBe(300);
    expect(passedAnnouncement(300, 299)).toBeNull();
    expect(passedAnnouncement(75, 74)).toBeNull();
    // A phone that slept past several marks hears the last one only.
    expect(passedAnnouncement(400, 25)).toBe(30);
    expect(passedAnnouncement(11, 10)).toBe(10);
    expect(passedAnnouncement(10, 0)).toBeNull();
    // Over a whole countdown of five minutes, a handful of announcements, not three hundred.
    let said = 0;
    for (let s = 300; s > 0; s--) if (passedAnnouncement(s, s - 1) !== null) said++;
    expect(said).toBe(4);
  });

  it('splits a duration into minutes and seconds', () => {
    expect(minutesAndSeconds(90)).toEqual({ minutes: 1, seconds: 30 });
    expect(minutesAndSeconds(29.6)).toEqual({ minutes: 0, seconds: 30 });
    expect(minutesAndSeconds(-1)).toEqual({ minutes: 0, seconds: 0 });
  });
});
