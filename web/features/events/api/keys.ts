// The event quiz's TanStack Query keys: the public reads in the reader's language, the entrant's
// own entry by the event's key.
export const eventKeys = {
  open: (lang: string) => ['events', lang, 'open'] as const,
  event: (lang: string, key: string) => ['event', lang, key] as const,
  leaderboard: (lang: string, key: string) => ['event', lang, key, 'leaderboard'] as const,
  entry: (key: string) => ['event-entry', key] as const,
};
