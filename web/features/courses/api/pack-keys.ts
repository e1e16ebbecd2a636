// The query keys of what the phone keeps of courses (web/lib/course-packs.ts): the course page's
// "Learn without a network" and the catalogue's list of saved courses read and change the same.
import type { LanguageCode } from '../../../../contract/languages';

export const packKeys = {
  everything: ['course-pack'] as const,
  list: ['course-pack', 'list'] as const,
  all: (lang: LanguageCode, courseId: string) => ['course-pack', lang, courseId] as const,
  saved: (lang: LanguageCode, courseId: string) => ['course-pack', lang, courseId, 'saved'] as const,
  server: (lang: LanguageCode, courseId: string) => ['course-pack', lang, courseId, 'server'] as const,
  space: ['course-pack', 'space'] as const,
};
