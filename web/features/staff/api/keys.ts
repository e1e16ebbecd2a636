// Query keys of the staff console: one place, so a change can refresh exactly what it touched.
export const staffKeys = {
  all: ['staff'] as const,
  me: ['staff', 'me'] as const,
  translations: (kind: string | undefined) => ['staff', 'translations', kind ?? 'all'] as const,
  members: ['staff', 'members'] as const,
  audit: (filters: object) => ['staff', 'audit', filters] as const,
};
