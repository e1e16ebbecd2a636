// Staff accounts, as admins manage them (/api/staff/members) and the staff:grant command does: who
// holds which roles and languages, deactivation, and resetting a lost authenticator app. Every
// change is audited with its before and after in its own transaction. Taking a role away,
// deactivating or resetting the second factor ends the person's staff sessions at once. The last
// active admin can be neither demoted nor deactivated.
import type { AuditAction } from '../../../contract/audit-actions';
import type { LanguageCode } from '../../../contract/languages';
import type { SecondFactorSetup } from '../../../contract/second-factor';
import type { StaffMemberSummary } from '../../../contract/staff';
import type { StaffRole } from '../../../contract/staff-roles';
import type { Db, DbOrTx } from '../../db/client';
import { normaliseMobile } from '../../lib/profile-fields';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { accountByMobile, createAccount } from '../users/service';
import * as repo from './repository';
import { removeSecondFactor } from './second-factor';

/** What an audit entry records of a staff record. */
interface MemberState {
  roles: StaffRole[];
  languages: LanguageCode[];
  active: boolean;
}

function secondFactorSetup(row: repo.MemberRow): SecondFactorSetup {
  if (row.secondFactorConfirmedAt) return 'set';
  return row.secondFactorCreatedAt ? 'pending' : 'none';
}

function summary(row: repo.MemberRow): StaffMemberSummary {
  return {
    userId: row.userId,
    name: row.name,
    mobile: row.mobile,
    roles: row.roles as StaffRole[],
    languages: row.languages as LanguageCode[],
    active: row.active,
    secondFactor: secondFactorSetup(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const stateOf = (row: repo.MemberRow): MemberState => ({
  roles: [...(row.roles as StaffRole[])].sort(),
  languages: [...(row.languages as LanguageCode[])].sort(),
  active: row.active,
});

/** Roles and languages in a stable order, checked: a translator has languages, nobody else does. */
function checked(state: MemberState): MemberState {
  const roles = [...new Set(state.roles)].sort();
  const languages = [...new Set(state.languages)].sort();
  if (roles.length === 0) throw badRequest('staffRoleNeeded');
  if (roles.includes('translator') && languages.length === 0) throw badRequest('translatorLanguagesNeeded');
  if (!roles.includes('translator') && languages.length > 0) throw badRequest('languagesForTranslatorsOnly');
  return { roles, languages, active: state.active };
}

const holdsAdmin = (state: MemberState) => state.active && state.roles.includes('admin');

/**
 * Writes the change and its audit entry; ends the staff sessions when a role went or the record was
 * deactivated. Answers false (writing nothing) when nothing changes. `admins` are the active admins
 * locked at the start of the transaction.
 */
async function applyChange(
  tx: DbOrTx,
  actor: AuditActor,
  action: AuditAction,
  userId: string,
  admins: string[],
  before: MemberState,
  after: MemberState,
): Promise<boolean> {
  if (JSON.stringify(before) === JSON.stringify(after)) return false;
  if (holdsAdmin(before) && !holdsAdmin(after) && !admins.some((id) => id !== userId)) throw conflict('lastAdmin');
  await repo.updateMember(tx, userId, after);
  const rolesTaken = before.roles.some((role) => !after.roles.includes(role));
  if (rolesTaken || (before.active && !after.active)) await repo.endStaffSessions(tx, userId, new Date());
  await recordAudit(tx, actor, { action, entityKind: 'staff-member', entityId: userId, before, after });
  return true;
}

/** The member, locked for the change, with the active admins locked first (always in that order). */
async function lockForChange(tx: DbOrTx, userId: string): Promise<{ row: repo.MemberRow; admins: string[] }> {
  const admins = await repo.lockActiveAdmins(tx);
  const row = await repo.findMemberForAdmin(tx, userId, { lock: true });
  if (!row) throw notFound('staffMemberNotFound');
  return { row, admins };
}

async function reread(db: DbOrTx, userId: string): Promise<StaffMemberSummary> {
  return summary((await repo.findMemberForAdmin(db, userId))!);
}

function mobileOf(raw: string): string {
  const mobile = normaliseMobile(raw);
  if (!mobile) throw badRequest('invalidMobile');
  return mobile;
}

/** The account of the number, made with the name when there is none yet. */
async function accountFor(
  tx: DbOrTx,
  mobile: string,
  name: string | undefined,
): Promise<{ id: string; created: boolean }> {
  const account = await accountByMobile(tx, mobile);
  if (account) return { id: account.id, created: false };
  if (!name?.trim()) throw badRequest('staffNameNeeded');
  return { id: await createAccount(tx, { mobile, name }), created: true };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export async function listMembers(db: Db): Promise<StaffMemberSummary[]> {
  return (await repo.listMembers(db)).map(summary);
}

/** Puts a person on the staff by mobile number (making their account when they have none). */
export async function addMember(
  db: Db,
  actor: AuditActor,
  body: { mobile: string; name?: string; roles: StaffRole[]; languages?: LanguageCode[] },
): Promise<StaffMemberSummary> {
  const mobile = mobileOf(body.mobile);
  const state = checked({ roles: body.roles, languages: body.languages ?? [], active: true });
  try {
    return await db.transaction(async (tx) => {
      const account = await accountFor(tx, mobile, body.name);
      if (!account.created && (await repo.findMemberForAdmin(tx, account.id))) throw conflict('staffMemberExists');
      await repo.insertMember(tx, account.id, state);
      await recordAudit(tx, actor, {
        action: 'staff.add',
        entityKind: 'staff-member',
        entityId: account.id,
        before: null,
        after: { ...state, accountCreated: account.created },
      });
      return reread(tx, account.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('staffMemberExists');
    throw error;
  }
}

/** Changes roles and languages; a translator's languages stay unless given, and go with the role. */
export async function changeMember(
  db: Db,
  actor: AuditActor,
  userId: string,
  body: { roles?: StaffRole[]; languages?: LanguageCode[] },
): Promise<StaffMemberSummary> {
  return db.transaction(async (tx) => {
    const { row, admins } = await lockForChange(tx, userId);
    const before = stateOf(row);
    const roles = body.roles ?? before.roles;
    const languages = body.languages ?? (roles.includes('translator') ? before.languages : []);
    await applyChange(
      tx,
      actor,
      'staff.change',
      userId,
      admins,
      before,
      checked({ roles, languages, active: before.active }),
    );
    return reread(tx, userId);
  });
}

export async function setMemberActive(
  db: Db,
  actor: AuditActor,
  userId: string,
  active: boolean,
): Promise<StaffMemberSummary> {
  return db.transaction(async (tx) => {
    const { row, admins } = await lockForChange(tx, userId);
    const before = stateOf(row);
    await applyChange(tx, actor, active ? 'staff.reactivate' : 'staff.deactivate', userId, admins, before, {
      ...before,
      active,
    });
    return reread(tx, userId);
  });
}

/** Removes a member's authenticator app (a lost phone): they set up a new one at their next sign-in. */
export async function resetMemberSecondFactor(db: Db, actor: AuditActor, userId: string): Promise<StaffMemberSummary> {
  return db.transaction(async (tx) => {
    const { row } = await lockForChange(tx, userId);
    const setup = secondFactorSetup(row);
    if (!(await removeSecondFactor(tx, userId))) throw conflict('secondFactorNotSet');
    await repo.endStaffSessions(tx, userId, new Date());
    await recordAudit(tx, actor, {
      action: 'staff.second-factor.reset',
      entityKind: 'staff-member',
      entityId: userId,
      before: { secondFactor: setup },
      after: { secondFactor: 'none' },
    });
    return reread(tx, userId);
  });
}

export interface GrantResult {
  member: StaffMemberSummary;
  accountCreated: boolean;
  /** False when the person already held all of it (nothing written, nothing audited). */
  changed: boolean;
}

/**
 * Gives roles (and a translator's languages) to the person with the number, adding to what they
 * hold, and makes an inactive record active again; the staff:grant command.
 */
export async function grantRoles(
  db: Db,
  actor: AuditActor,
  input: { mobile: string; name?: string; roles: StaffRole[]; languages: LanguageCode[] },
): Promise<GrantResult> {
  const mobile = mobileOf(input.mobile);
  return db.transaction(async (tx) => {
    const account = await accountFor(tx, mobile, input.name);
    const admins = await repo.lockActiveAdmins(tx);
    const row = account.created ? null : await repo.findMemberForAdmin(tx, account.id, { lock: true });
    if (!row) {
      const state = checked({ roles: input.roles, languages: input.languages, active: true });
      await repo.insertMember(tx, account.id, state);
      await recordAudit(tx, actor, {
        action: 'staff.grant',
        entityKind: 'staff-member',
        entityId: account.id,
        before: null,
        after: { ...state, accountCreated: account.created },
      });
      return { member: await reread(tx, account.id), accountCreated: account.created, changed: true };
    }
    const before = stateOf(row);
    const roles = [...before.roles, ...input.roles];
    const after = checked({
      roles,
      languages: roles.includes('translator') ? [...before.languages, ...input.languages] : input.languages,
      active: true,
    });
    const changed = await applyChange(tx, actor, 'staff.grant', account.id, admins, before, after);
    return { member: await reread(tx, account.id), accountCreated: false, changed };
  });
}

/**
 * Takes roles away from the person with the number, or (without roles) deactivates them; the
 * staff:grant command's --revoke. Their staff sessions end.
 */
export async function revokeRoles(
  db: Db,
  actor: AuditActor,
  input: { mobile: string; roles: StaffRole[] },
): Promise<{ member: StaffMemberSummary; changed: boolean }> {
  const mobile = mobileOf(input.mobile);
  return db.transaction(async (tx) => {
    const account = await accountByMobile(tx, mobile);
    if (!account) throw notFound('staffMemberNotFound');
    const { row, admins } = await lockForChange(tx, account.id);
    const before = stateOf(row);
    let after: MemberState = { ...before, active: false };
    if (input.roles.length > 0) {
      const roles = before.roles.filter((role) => !input.roles.includes(role));
      after = checked({
        roles,
        languages: roles.includes('translator') ? before.languages : [],
        active: before.active,
      });
    }
    const changed = await applyChange(tx, actor, 'staff.revoke', account.id, admins, before, after);
    return { member: await reread(tx, account.id), changed };
  });
}
