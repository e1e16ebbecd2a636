// Staff members: who holds which roles, and in which languages a translator works.
//
// Surface for other modules and plugins: staffMemberOf, mayEditLanguage, assertMayEditLanguage,
// type StaffMember.
import type { LanguageCode } from '../../../contract/languages';
import type { StaffRole } from '../../../contract/staff-roles';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../plugins/errors';
import * as repo from './repository';

export interface StaffMember {
  userId: string;
  name: string;
  roles: readonly StaffRole[];
  /** The languages a translator was given; the other roles work in every language. */
  languages: readonly LanguageCode[];
}

/** The staff member behind an account, or null for an account without an active staff role. */
export async function staffMemberOf(db: DbOrTx, userId: string): Promise<StaffMember | null> {
  const row = await repo.findMember(db, userId);
  if (!row || !row.active) return null;
  return {
    userId: row.userId,
    name: row.name,
    roles: row.roles as StaffRole[],
    languages: row.languages as LanguageCode[],
  };
}

/** Admins and editors edit every language; a translator only those assigned to them. */
export function mayEditLanguage(member: StaffMember, lang: LanguageCode): boolean {
  if (member.roles.includes('admin') || member.roles.includes('editor')) return true;
  return member.roles.includes('translator') && member.languages.includes(lang);
}

export function assertMayEditLanguage(member: StaffMember, lang: LanguageCode): void {
  if (!mayEditLanguage(member, lang)) throw forbidden('languageNotAssigned');
}
