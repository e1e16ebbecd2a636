// Staff members: who holds which roles, in which languages a translator works, and the staff side
// of a session (its shorter lifetimes and its second factor).
//
// Surface for other modules and plugins: staffMemberOf, mayEditLanguage, assertMayEditLanguage,
// type StaffMember; for plugins/staff.ts: staffSessionOf, staffSessionOver, secondFactorState,
// noteStaffRequest, type StaffSession.
import type { LanguageCode } from '../../../contract/languages';
import type { SecondFactorState } from '../../../contract/second-factor';
import type { StaffRole } from '../../../contract/staff-roles';
import type { DbOrTx } from '../../db/client';
import type { Config } from '../../plugins/config';
import { forbidden } from '../../plugins/errors';
import * as repo from './repository';

export interface StaffMember {
  userId: string;
  name: string;
  roles: readonly StaffRole[];
  /** The languages a translator was given; the other roles work in every language. */
  languages: readonly LanguageCode[];
}

/** A session of a staff member, with what its staff side needs. */
export interface StaffSession {
  sessionId: string;
  member: StaffMember;
  /** Sign-in: the staff side's absolute lifetime counts from here. */
  startedAt: Date;
  /** The last staff request (at most a minute old); null before the first. */
  seenAt: Date | null;
  /** When this session confirmed the second factor; null when it has not. */
  secondFactorAt: Date | null;
  /** When an admin's change ended the staff use of this session (a role removed, deactivation, a reset). */
  endedAt: Date | null;
  /** Whether the member has a confirmed authenticator app. */
  secondFactorSet: boolean;
}

/** staff_seen_at is written at most this often, so a burst of staff requests costs one write. */
const SEEN_INTERVAL_MS = 60 * 1000;

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

/** The session's staff side, or null when its account holds no active staff record. */
export async function staffSessionOf(db: DbOrTx, sessionId: string): Promise<StaffSession | null> {
  const row = await repo.findStaffSession(db, sessionId);
  if (!row || !row.active) return null;
  return {
    sessionId,
    member: {
      userId: row.userId,
      name: row.name,
      roles: row.roles as StaffRole[],
      languages: row.languages as LanguageCode[],
    },
    startedAt: row.startedAt,
    seenAt: row.seenAt,
    secondFactorAt: row.secondFactorAt,
    endedAt: row.endedAt,
    secondFactorSet: row.secondFactorConfirmedAt !== null,
  };
}

/**
 * Whether the staff side of the session is over: ended by an admin's change, past the staff
 * absolute lifetime since sign-in, or idle longer than the staff idle lifetime (counted from
 * sign-in until the first staff request). The session itself still serves learner pages.
 */
export function staffSessionOver(session: StaffSession, lifetimes: Config['staffSession'], now: Date): boolean {
  if (session.endedAt) return true;
  if (now.getTime() - session.startedAt.getTime() > lifetimes.absoluteHours * 3600_000) return true;
  const lastActive = session.seenAt ?? session.startedAt;
  return now.getTime() - lastActive.getTime() > lifetimes.idleMinutes * 60_000;
}

export function secondFactorState(session: StaffSession): SecondFactorState {
  if (session.secondFactorAt) return 'verified';
  return session.secondFactorSet ? 'required' : 'setup-required';
}

/** Records a staff request for the idle lifetime, at most once a minute. */
export async function noteStaffRequest(db: DbOrTx, session: StaffSession, now: Date): Promise<void> {
  if (session.seenAt && now.getTime() - session.seenAt.getTime() < SEEN_INTERVAL_MS) return;
  await repo.touchStaffSession(db, session.sessionId, now);
}

/** Admins and editors edit every language; a translator only those assigned to them. */
export function mayEditLanguage(member: StaffMember, lang: LanguageCode): boolean {
  if (member.roles.includes('admin') || member.roles.includes('editor')) return true;
  return member.roles.includes('translator') && member.languages.includes(lang);
}

export function assertMayEditLanguage(member: StaffMember, lang: LanguageCode): void {
  if (!mayEditLanguage(member, lang)) throw forbidden('languageNotAssigned');
}
