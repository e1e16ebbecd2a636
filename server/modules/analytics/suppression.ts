// Small groups are withheld from every analytics answer (ADR 27). A count of 1 to 9 learners is
// never shown (null, "fewer than 10"). Where counts add up to a shown total, more cells are hidden
// (WITHHELD) until what is hidden adds up to 0 or at least the smallest group: subtracting the
// shown cells from the total then tells nothing about a small group (complementary suppression).
// A count of 0 describes nobody and is shown, except beside a small group: where the whole is 1 to 9
// learners, every part of it is withheld, zeros too, or the zeros would say what all of them did.
import { type SafeCount } from '../../../contract/analytics';
import { ANALYTICS_MIN_GROUP, WITHHELD } from '../../../contract/analytics-rules';

const small = (count: number, min: number) => count > 0 && count < min;

/** One count on its own (not part of a shown total): withheld when it is a small group. */
export function withhold(count: number, min = ANALYTICS_MIN_GROUP): SafeCount {
  return small(count, min) ? null : count;
}

/**
 * Counts that partition a total (each learner in exactly one cell), and the total. Small cells are
 * hidden, then the smallest shown ones until the hidden cells add up to at least `min`; a small
 * total hides itself and every cell, 0 or not.
 */
export function withholdPartition(
  counts: readonly number[],
  min = ANALYTICS_MIN_GROUP,
): { cells: SafeCount[]; total: SafeCount } {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (small(total, min)) return { cells: counts.map(() => WITHHELD), total: null };
  const hidden = counts.map((count) => small(count, min));
  const primary = [...hidden];
  let hiddenSum = counts.reduce((sum, count, i) => (hidden[i] ? sum + count : sum), 0);
  while (small(hiddenSum, min)) {
    let smallest = -1;
    for (let i = 0; i < counts.length; i++) {
      if (!hidden[i] && counts[i]! > 0 && (smallest < 0 || counts[i]! < counts[smallest]!)) smallest = i;
    }
    if (smallest < 0) break;
    hidden[smallest] = true;
    hiddenSum += counts[smallest]!;
  }
  return {
    cells: counts.map((count, i) => (primary[i] ? null : hidden[i] ? WITHHELD : count)),
    total: withhold(total, min),
  };
}

/**
 * Counts where each is inside the one before (a funnel: enrolled, started, ...). A count is shown
 * only if it is not a small group and differs from the last shown one by 0 or at least `min`, so
 * no difference between two shown steps is a small group either. When the first is a small group,
 * every step is hidden, 0 or not.
 */
export function withholdChain(counts: readonly number[], min = ANALYTICS_MIN_GROUP): SafeCount[] {
  if (small(counts[0] ?? 0, min)) return counts.map((_, i) => (i === 0 ? null : WITHHELD));
  let lastShown: number | undefined;
  return counts.map((count) => {
    if (small(count, min)) return null;
    if (lastShown !== undefined && small(lastShown - count, min)) return WITHHELD;
    lastShown = count;
    return count;
  });
}

/**
 * The sum of a longer period's parts (ADR 35), each already protected on its own: a number only when
 * every part is shown, so the sum says nothing its parts did not. Parts of 0 add nothing; one
 * hidden part stays as it was ("fewer than 10" or withheld); more than one is withheld.
 */
export function sumOfParts(parts: readonly SafeCount[]): SafeCount {
  const counted = parts.filter((part) => part !== 0);
  if (counted.length === 0) return 0;
  if (counted.every((part): part is number => typeof part === 'number')) return counted.reduce((a, b) => a + b, 0);
  return counted.length === 1 ? counted[0]! : WITHHELD;
}
