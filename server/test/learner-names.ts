// Names for the many learners of a test, a fault script or a benchmark: a person's name has no
// digits (contract/person-name.ts), so the n-th learner is "Learner A", "Learner B", ... "Learner AA".
export function learnerName(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `Learner ${letters}`;
}
