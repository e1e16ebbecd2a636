// The percentage of the specification's section 9: (completed lessons + videos + passed quizzes) /
// (lessons + videos + quizzes), to one decimal.

/** Percentage to one decimal; a course with nothing in it is at 0, not a division by zero. */
export function percentage(doneItems: number, totalItems: number): number {
  if (totalItems <= 0) return 0;
  return Math.min(100, Math.round((1000 * doneItems) / totalItems) / 10);
}
