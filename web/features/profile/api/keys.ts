// The profile feature's TanStack Query keys, and the keys of its changes that other features'
// data depends on (web/app/query-reactions.ts reacts to them).
export const profileKeys = {
  me: ['me'] as const,
  /** Every language's stats: a prefix of `stats(lang)`. */
  allStats: ['stats'] as const,
  stats: (lang: string) => ['stats', lang] as const,
  /** Mutation key: the learner changed their profile (name, email, ...). */
  updateMe: ['update-me'] as const,
  /** Mutation key: a parent or guardian agreed (a minor may learn from now on). */
  guardianConsent: ['guardian-consent'] as const,
};
