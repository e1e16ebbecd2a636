// Bounds of what a learner writes while learning (plain values: the schemas and the web's forms
// import them).

/** Characters of a course journal entry. */
export const JOURNAL_MAX_LENGTH = 10_000;
/** Stars of a course rating: 1 to RATING_MAX. */
export const RATING_MAX = 5;
