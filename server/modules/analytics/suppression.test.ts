import { describe, expect, it } from 'vitest';
import type { SafeCount } from '../../../contract/analytics';
import { sumOfParts, withhold, withholdChain, withholdPartition } from './suppression';

/** What an analyst can work out: the total minus every shown cell is what the hidden cells hold. */
function hiddenRemainder(result: { cells: SafeCount[]; total: SafeCount }): number | null {
  if (typeof result.total !== 'number') return null;
  return result.total - result.cells.reduce<number>((sum, cell) => sum + (typeof cell === 'number' ? cell : 0), 0);
}

describe('small groups', () => {
  it('withholds 1 to 9 and shows 0 and 10 or more', () => {
    expect([0, 1, 9, 10, 250].map((n) => withhold(n))).toEqual([0, null, null, 10, 250]);
  });

  it('shows every cell of a partition with no small group', () => {
    expect(withholdPartition([40, 0, 12])).toEqual({ cells: [40, 0, 12], total: 52 });
  });

  it('hides a second cell when one small cell could be worked out from the total', () => {
    const result = withholdPartition([50, 3, 20]);
    expect(result).toEqual({ cells: [50, null, 'withheld'], total: 73 });
    // The subtraction attack: the total less what is shown is 23, two cells' worth, not the 3.
    expect(hiddenRemainder(result)).toBe(23);
  });

  it('keeps hiding until what is hidden is no longer a small group', () => {
    const result = withholdPartition([2, 3, 4, 100]);
    expect(result.cells).toEqual([null, null, null, 'withheld']);
    expect(result.total).toBe(109);
    const enough = withholdPartition([2, 3, 5, 100, 30]);
    expect(enough.cells).toEqual([null, null, null, 100, 30]);
    expect(hiddenRemainder(enough)).toBe(10);
  });

  it('withholds a small total and every cell of it, zeros too', () => {
    // A 0 beside the others would say what all of the 7 did not do.
    expect(withholdPartition([4, 0, 3])).toEqual({ cells: ['withheld', 'withheld', 'withheld'], total: null });
    expect(withholdPartition([1, 0, 0])).toEqual({ cells: ['withheld', 'withheld', 'withheld'], total: null });
  });

  it('never lets the subtraction attack recover a small cell, over many random partitions', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 5000; round++) {
      const counts = Array.from({ length: 1 + random(8) }, () => (random(3) === 0 ? random(10) : random(60)));
      const result = withholdPartition(counts);
      const remainder = hiddenRemainder(result);
      const hiddenCells = result.cells.filter((cell) => typeof cell !== 'number').length;
      counts.forEach((count, i) => {
        if (count > 0 && count < 10) expect(typeof result.cells[i]).not.toBe('number');
      });
      // What the hidden cells hold together is unknown, 0, or not a small group.
      if (remainder !== null) expect(remainder === 0 || remainder >= 10).toBe(true);
      // A single hidden cell with a known total would be recovered exactly: it never happens with learners in it.
      if (remainder !== null && remainder > 0) expect(hiddenCells).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('a funnel', () => {
  it('shows steps whose differences are 0 or at least the smallest group', () => {
    expect(withholdChain([100, 100, 60, 45, 0])).toEqual([100, 100, 60, 45, 0]);
  });

  it('hides a step a small group short of the last shown one, and compares the next with that one', () => {
    // 100 - 95 = 5 learners who did not start would be a small group.
    expect(withholdChain([100, 95, 80, 75, 3])).toEqual([100, 'withheld', 80, 'withheld', null]);
  });

  it('hides every step of a small cohort, zeros too', () => {
    expect(withholdChain([8, 5, 2, 0, 0])).toEqual([null, 'withheld', 'withheld', 'withheld', 'withheld']);
    // One learner who answered wrong: "0 answered right" would say so.
    expect(withholdChain([1, 0])).toEqual([null, 'withheld']);
  });
});

describe('a longer period, the sum of its weeks', () => {
  it('is a number only when every week with learners is shown', () => {
    expect(sumOfParts([22, 0, 15])).toBe(37);
    expect(sumOfParts([0, 0])).toBe(0);
    expect(sumOfParts([])).toBe(0);
  });

  it('keeps one hidden week as it was, and withholds more than one', () => {
    expect(sumOfParts([0, null, 0])).toBeNull();
    expect(sumOfParts([0, 'withheld'])).toBe('withheld');
    expect(sumOfParts([22, null])).toBe('withheld');
    expect(sumOfParts([null, null])).toBe('withheld');
  });
});
