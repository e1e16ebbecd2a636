// What a staff member may do with events, as the server's routes allow it (server/modules/events/
// staff-routes.ts, held by the role matrix test): the console shows only what will be let through.
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import type { StaffMe } from '../../../contract/staff';

export interface EventPowers {
  /** Create and change events, build the pool, schedule, close, review flagged entries, disqualify, publish: editors and admins. */
  manage: boolean;
  /** Read the live counts, the results and the results file: editors, admins and analysts. */
  figures: boolean;
  /** Read the question pool with its right options: editors, admins and translators. */
  readPool: boolean;
  /**
   * The languages whose name, terms and questions the person may write: every one for editors and
   * admins, a translator's own but English (the source, which editors and admins write).
   */
  languages: readonly LanguageCode[];
}

export function eventPowers(me: Pick<StaffMe, 'roles' | 'languages'>): EventPowers {
  const has = (...roles: StaffMe['roles']) => roles.some((role) => me.roles.includes(role));
  const manage = has('admin', 'editor');
  return {
    manage,
    figures: has('admin', 'editor', 'analyst'),
    readPool: has('admin', 'editor', 'translator'),
    languages: manage
      ? LANGUAGE_CODES
      : has('translator')
        ? LANGUAGE_CODES.filter((l) => l !== 'en' && me.languages.includes(l))
        : [],
  };
}
