// The audit log: every staff write records who made it, from which address, what it changed (before
// and after) and when, in the same transaction as the write, so a write without its record cannot
// happen. Admins read and filter it; nothing edits or deletes it.
//
// Surface for other modules: recordAudit, type AuditActor, type AuditEntry.
import type { AuditAction } from '../../../contract/audit-actions';
import type { LanguageCode } from '../../../contract/languages';
import type { DbOrTx } from '../../db/client';
import * as repo from './repository';

/** Who made a change: a staff member from an address, or a command run on the server (id null). */
export interface AuditActor {
  id: string | null;
  name: string;
  address: string | null;
}

export interface AuditEntry {
  /** What was done (contract/audit-actions.ts): `content.publish`, `staff.grant`. */
  action: AuditAction;
  entityKind: string;
  entityId: string;
  lang?: LanguageCode | null;
  before?: unknown;
  after?: unknown;
}

/** Records a change; call it with the transaction that makes the change. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await repo.insertEntry(tx, {
    actorId: actor.id,
    actorName: actor.name,
    address: actor.address,
    action: entry.action,
    entityKind: entry.entityKind,
    entityId: entry.entityId,
    lang: entry.lang ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** Names of the things entries changed, by id, for the kinds a module can name (content, media). */
export type EntityTitles = (db: DbOrTx, entityKind: string, ids: string[]) => Promise<Map<string, string>>;

export async function listAudit(
  db: DbOrTx,
  filter: Omit<repo.AuditFilter, 'limit'> & { limit?: number },
  titlesOf: EntityTitles,
) {
  const limit = filter.limit ?? AUDIT_PAGE_SIZE;
  const rows = await repo.listEntries(db, { ...filter, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const idsByKind = new Map<string, string[]>();
  for (const row of page) idsByKind.set(row.entityKind, [...(idsByKind.get(row.entityKind) ?? []), row.entityId]);
  const titles = new Map(
    await Promise.all(
      [...idsByKind].map(async ([kind, ids]) => [kind, await titlesOf(db, kind, [...new Set(ids)])] as const),
    ),
  );
  return {
    rows: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { id: row.actorId, name: row.actorName },
      address: row.address,
      action: row.action,
      entityKind: row.entityKind,
      entityId: row.entityId,
      title: titles.get(row.entityKind)?.get(row.entityId) || null,
      lang: row.lang,
      before: row.before,
      after: row.after,
    })),
    nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}
