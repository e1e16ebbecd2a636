// The event quiz's rules at their edges, on a clock the test holds: the window in IST, the deadline
// as the earlier of the limit and the day's closing, the grace for lateness, the draw and the ranking.
import { describe, expect, it } from 'vitest';
import {
  correctCount,
  drawEntry,
  entryDeadline,
  eventPhase,
  isLate,
  isWindowValid,
  isWithinWindow,
  istDay,
  istInstant,
  measuredMs,
  nextOpening,
  rankEntries,
  type EventWindow,
} from './rules';

// The specification's event: 8 to 11 October 2025, 9:00 to 19:00 IST each day.
const EVENT: EventWindow = { firstDay: '2025-10-08', lastDay: '2025-10-11', opensAt: '09:00', closesAt: '19:00' };
/** An instant written in IST. */
const ist = (text: string) => new Date(`${text}+05:30`);

describe('the window, in IST', () => {
  it('opens at 9:00:00 and not a second before', () => {
    expect(isWithinWindow(EVENT, ist('2025-10-09T08:59:59'))).toBe(false);
    expect(isWithinWindow(EVENT, ist('2025-10-09T08:59:59.999'))).toBe(false);
    expect(isWithinWindow(EVENT, ist('2025-10-09T09:00:00'))).toBe(true);
  });

  it('closes at 19:00:00: 18:59:59 is in, 19:00:00 is out', () => {
    expect(isWithinWindow(EVENT, ist('2025-10-09T18:59:59'))).toBe(true);
    expect(isWithinWindow(EVENT, ist('2025-10-09T19:00:00'))).toBe(false);
  });

  it('holds on the first and the last day, and on no day outside the dates', () => {
    expect(isWithinWindow(EVENT, ist('2025-10-08T09:00:00'))).toBe(true);
    expect(isWithinWindow(EVENT, ist('2025-10-11T18:59:59'))).toBe(true);
    expect(isWithinWindow(EVENT, ist('2025-10-07T12:00:00'))).toBe(false);
    expect(isWithinWindow(EVENT, ist('2025-10-12T12:00:00'))).toBe(false);
  });

  it('reads the day in IST, not in UTC: 00:30 IST on the 8th is still the 7th in UTC', () => {
    const window: EventWindow = { ...EVENT, opensAt: '00:00', closesAt: '24:00' };
    const at = ist('2025-10-08T00:30:00');
    expect(at.toISOString().slice(0, 10)).toBe('2025-10-07');
    expect(istDay(at)).toBe('2025-10-08');
    expect(isWithinWindow(window, at)).toBe(true);
    expect(isWithinWindow(window, ist('2025-10-07T23:59:59'))).toBe(false);
  });

  it('says when the running or next hours open', () => {
    expect(nextOpening(EVENT, ist('2025-10-01T12:00:00'))).toEqual(ist('2025-10-08T09:00:00'));
    expect(nextOpening(EVENT, ist('2025-10-09T07:00:00'))).toEqual(ist('2025-10-09T09:00:00'));
    expect(nextOpening(EVENT, ist('2025-10-09T19:00:00'))).toEqual(ist('2025-10-10T09:00:00'));
    expect(nextOpening(EVENT, ist('2025-10-09T10:00:00'))).toEqual(ist('2025-10-09T09:00:00'));
    expect(nextOpening(EVENT, ist('2025-10-11T19:00:00'))).toBeNull();
  });

  it('refuses hours that close before they open, days in the wrong order, and days not on the calendar', () => {
    expect(isWindowValid(EVENT)).toBe(true);
    expect(isWindowValid({ ...EVENT, opensAt: '19:00', closesAt: '09:00' })).toBe(false);
    expect(isWindowValid({ ...EVENT, closesAt: '09:00' })).toBe(false);
    expect(isWindowValid({ ...EVENT, firstDay: '2025-10-12' })).toBe(false);
    expect(isWindowValid({ ...EVENT, firstDay: '2025-02-29', lastDay: '2025-03-01' })).toBe(false);
    expect(isWindowValid({ ...EVENT, firstDay: '2024-02-29', lastDay: '2024-03-01' })).toBe(true);
  });
});

describe('the deadline of an entry', () => {
  it('is the start plus the limit when the day’s closing is later', () => {
    const start = ist('2025-10-09T10:00:00');
    expect(entryDeadline(EVENT, start, 600)).toEqual(ist('2025-10-09T10:10:00'));
  });

  it('is the day’s closing when that comes first', () => {
    expect(entryDeadline(EVENT, ist('2025-10-09T18:55:00'), 600)).toEqual(ist('2025-10-09T19:00:00'));
    expect(entryDeadline(EVENT, ist('2025-10-09T18:59:59'), 600)).toEqual(ist('2025-10-09T19:00:00'));
  });

  it('is exact at the edge where both are equal', () => {
    expect(entryDeadline(EVENT, ist('2025-10-09T18:50:00'), 600)).toEqual(ist('2025-10-09T19:00:00'));
  });
});

describe('lateness, with the 5 s grace', () => {
  const deadline = ist('2025-10-09T10:10:00');
  it('counts an answer up to 5 s after the deadline, and not one millisecond more', () => {
    expect(isLate(ist('2025-10-09T10:09:59'), deadline)).toBe(false);
    expect(isLate(ist('2025-10-09T10:10:05'), deadline)).toBe(false);
    expect(isLate(ist('2025-10-09T10:10:05.001'), deadline)).toBe(true);
  });

  it('never counts a late answer, even a right one', () => {
    const keys = [
      { id: 'a', type: 'single' as const, correct: [1] },
      { id: 'b', type: 'multi' as const, correct: [0, 2] },
    ];
    expect(
      correctCount(keys, [
        { questionId: 'a', selected: [1], late: false },
        { questionId: 'b', selected: [2, 0], late: true },
      ]),
    ).toBe(1);
    // A multi answer counts only with every right option and no other.
    expect(correctCount(keys, [{ questionId: 'b', selected: [0, 2, 1], late: false }])).toBe(0);
    expect(correctCount(keys, [{ questionId: 'b', selected: [0, 2], late: false }])).toBe(1);
  });
});

describe('the state of an event on the clock', () => {
  it('is open from the first opening to the last closing when scheduled', () => {
    expect(eventPhase('scheduled', EVENT, ist('2025-10-08T08:59:59'))).toBe('scheduled');
    expect(eventPhase('scheduled', EVENT, ist('2025-10-08T09:00:00'))).toBe('open');
    // Between two days' hours the event is open, though no entry can start.
    expect(eventPhase('open', EVENT, ist('2025-10-09T22:00:00'))).toBe('open');
    expect(eventPhase('open', EVENT, ist('2025-10-11T19:00:00'))).toBe('closed');
  });

  it('keeps what the staff set: a draft, a closing, published results', () => {
    const during = ist('2025-10-09T10:00:00');
    expect(eventPhase('draft', EVENT, during)).toBe('draft');
    expect(eventPhase('closed', EVENT, during)).toBe('closed');
    expect(eventPhase('results_published', EVENT, during)).toBe('results_published');
  });
});

describe('the draw', () => {
  /** A seeded generator, so the test sees one fixed draw. */
  const seeded = (seed: number) => (max: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % max;
  };
  const pool = Array.from({ length: 20 }, (_, i) => ({ id: `q${i}`, optionCount: 3 + (i % 3) }));

  it('gives each entry the asked number of distinct questions, each with a permutation of its options', () => {
    const draw = drawEntry(pool, 10, seeded(7));
    expect(draw.questionIds).toHaveLength(10);
    expect(new Set(draw.questionIds).size).toBe(10);
    draw.questionIds.forEach((id, i) => {
      const count = pool.find((q) => q.id === id)!.optionCount;
      expect([...draw.optionOrders[i]!].sort()).toEqual(Array.from({ length: count }, (_, k) => k));
    });
  });

  it('draws differently for different entries, and never more than the pool', () => {
    expect(drawEntry(pool, 10, seeded(1)).questionIds).not.toEqual(drawEntry(pool, 10, seeded(2)).questionIds);
    expect(drawEntry(pool.slice(0, 3), 10, seeded(1)).questionIds).toHaveLength(3);
  });
});

describe('the ranking', () => {
  it('puts the most right answers first, then the shortest time, ties sharing a rank', () => {
    const ranked = rankEntries([
      { id: 'slow-8', correct: 8, timeMs: 300_000 },
      { id: 'fast-7', correct: 7, timeMs: 10_000 },
      { id: 'fast-8', correct: 8, timeMs: 120_000 },
      { id: 'tie-8', correct: 8, timeMs: 120_000 },
    ]);
    expect(ranked.map((r) => [r.id, r.rank])).toEqual([
      ['fast-8', 1],
      ['tie-8', 1],
      ['slow-8', 3],
      ['fast-7', 4],
    ]);
  });

  it('measures time from the start to the submission, or to the deadline when closed or sent in the grace', () => {
    const startedAt = ist('2025-10-09T10:00:00');
    const deadline = ist('2025-10-09T10:10:00');
    expect(measuredMs({ startedAt, deadline, submittedAt: ist('2025-10-09T10:04:00') })).toBe(240_000);
    expect(measuredMs({ startedAt, deadline, submittedAt: ist('2025-10-09T10:10:03') })).toBe(600_000);
    expect(measuredMs({ startedAt, deadline, submittedAt: null })).toBe(600_000);
  });

  it('writes IST instants the same way everywhere', () => {
    expect(istInstant('2025-10-08', '09:00')).toEqual(new Date('2025-10-08T03:30:00Z'));
    expect(istInstant('2025-10-08', '24:00')).toEqual(new Date('2025-10-08T18:30:00Z'));
  });
});
