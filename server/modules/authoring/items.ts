// Finding and locking an item, shared by every call: every write takes the item's row lock first
// (lockLiveItem), so two never interleave on any instance, and a member's first write makes the
// item theirs (takeOwnership: the sample-content import leaves it alone from then on, ADR 19).
import type { FastifyRequest } from 'fastify';
import type { LanguageCode } from '../../../contract/languages';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../plugins/errors';
import { requireStaff, staffActor } from '../../plugins/staff';
import type { AuditActor } from '../audit/service';
import type { StaffMember } from '../staff/service';
import * as items from './repository';

/** Who is writing: the staff member (roles, languages) and how the audit log names them. */
export interface Writer {
  member: StaffMember;
  actor: AuditActor;
}

/** The writer of a staff request (its route's access rule has made sure it is staff). */
export async function writerOf(request: FastifyRequest): Promise<Writer> {
  return { member: await requireStaff(request), actor: await staffActor(request) };
}

export const isEditor = (member: StaffMember) => member.roles.includes('admin') || member.roles.includes('editor');

export async function requireItem(db: DbOrTx, id: string): Promise<items.ItemRow> {
  const item = await items.findItem(db, id);
  if (!item) throw notFound('contentNotFound');
  return item;
}

export async function requireHead(
  db: DbOrTx,
  item: items.ItemRow,
  lang: LanguageCode,
): Promise<{ state: items.StateRow; version: items.VersionRow }> {
  const state = await items.findState(db, item.id, lang);
  if (!state) throw notFound('contentLanguageMissing');
  const version = await items.findVersion(db, item.id, lang, state.headVersion);
  return { state, version: version! };
}

export async function takeOwnership(tx: DbOrTx, item: items.ItemRow): Promise<void> {
  if (item.owner !== 'staff') await items.updateItem(tx, item.id, { owner: 'staff' });
}

export async function lockLiveItem(tx: DbOrTx, id: string): Promise<items.ItemRow> {
  const item = await items.lockItem(tx, id);
  if (!item) throw notFound('contentNotFound');
  if (item.deletedAt) throw conflict('contentDeleted');
  return item;
}
