// Small groups are withheld from every analytics answer (ADR 27). A count of 1 to 9 learners is
// never shown (null, "fewer than 10"). Where counts add up to a shown total, more cells are hidden
// (WITHHELD) until what is hidden adds up to 0 or at least the smallest group: subtracting the
// shown cells from the total then tells nothing about a small group (complementary suppression).
// A count of 0 describes nobody and is shown.
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
 * total hides itself and every cell that is not 0.
 */
export function withholdPartition(
  counts: readonly number[],
  min = ANALYTICS_MIN_GROUP,
): { cells: SafeCount[]; total: SafeCount } {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const hidden = counts.map((count) => small(count, min));
  const primary = [...hidden];
  let hiddenSum = counts.reduce((sum, count, i) => (hidden[i] ? sum + count : sum), 0);
  while (small(hiddenSum, min)) {
    let smallest = -1;
    for (let i = 0; i < counts.length; i++) {
      if (!hidden[i] && counts[i]! > 0 && (smallest < 0 || counts[i]! < counts[smallest]!)) smallest = i;
    }
    // Nothing left to hide: the total itself is a small group, and is withheld below.
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
 * no difference between two shown steps is a small group either.
 */
export function withholdChain(counts: readonly number[], min = ANALYTICS_MIN_GROUP): SafeCount[] {
  let lastShown: number | undefined;
  return counts.map((count) => {
    if (small(count, min)) return null;
    if (lastShown !== undefined && small(lastShown - count, min)) return WITHHELD;
    lastShown = count;
    return count;
  });
}
