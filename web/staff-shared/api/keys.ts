// Query keys of the staff console: one place, so a change can refresh exactly what it touched.
export const staffKeys = {
  all: ['staff'] as const,
  me: ['staff', 'me'] as const,
  translations: (kind: string | undefined) => ['staff', 'translations', kind ?? 'all'] as const,
  /** The deleted items: under the matrix's prefix, so whatever refreshes the matrix refreshes them too. */
  deletedItems: ['staff', 'translations', 'deleted'] as const,
  members: ['staff', 'members'] as const,
  audit: (filters: object) => ['staff', 'audit', filters] as const,
  item: (id: string) => ['staff', 'item', id] as const,
  /** Everything read about one language of an item: its versions, a comparison, its stale fields. */
  language: (id: string, lang: string) => ['staff', 'item', id, lang] as const,
  /** The media library: every list (search, kind, page) and every file under one prefix. */
  media: ['staff', 'media'] as const,
  mediaList: (query: object) => ['staff', 'media', 'list', query] as const,
  mediaFile: (id: string) => ['staff', 'media', 'file', id] as const,
  /** What an edit of a language started from: apart from the item's keys, so a change to the item does not read it again. */
  edit: (id: string, lang: string) => ['staff', 'edit', id, lang] as const,
  /** The figures: every report under one prefix, so a refresh reloads them all. */
  analytics: ['staff', 'analytics'] as const,
  report: (report: string, query: object) => ['staff', 'analytics', report, query] as const,
  /** Read aloud: the texts of a language needing a voice, and the synthesis queue. */
  voices: ['staff', 'voices'] as const,
  needsVoice: (lang: string) => ['staff', 'voices', 'needs', lang] as const,
  voiceJobs: (query: object) => ['staff', 'voices', 'jobs', query] as const,
  /** The events: the list, and each event with its pool, counts, flagged entries and results under its id. */
  events: ['staff', 'events'] as const,
  event: (id: string) => ['staff', 'events', id] as const,
  eventPart: (id: string, part: 'questions' | 'counts' | 'flagged' | 'results' | `translation-${string}`) =>
    ['staff', 'events', id, part] as const,
};
