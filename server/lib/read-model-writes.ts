// The writes every read model makes (lib/read-models.ts), on the tables its module passes in, inside
// the caller's transaction. Each compares with what is stored first and touches only rows that
// differ, so projecting the same document again changes nothing (not even updated_at), and a row no
// longer in the document is deleted along with what hangs off it.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { ContentConflictError, type ReadModelStatus } from './read-models';

export type Row = { id: string } & Record<string, unknown>;
export type TableWithId = PgTable & { id: PgColumn };

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b || (a == null && b == null);
}

/** The fields of `desired` whose stored value differs; undefined means "leave as stored". */
function differences(stored: Record<string, unknown>, desired: Record<string, unknown>): Record<string, unknown> {
  const diff: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(desired)) {
    if (key === 'id' || value === undefined) continue;
    if (!same(stored[key], value)) diff[key] = value;
  }
  return diff;
}

/** Inserts the desired rows that are missing and updates those that differ; returns how many it changed. */
export async function upsertRows(tx: DbOrTx, table: TableWithId, stored: Row[], desired: Row[]): Promise<number> {
  const byId = new Map(stored.map((row) => [row.id, row]));
  const inserts: Row[] = [];
  let changes = 0;
  for (const row of desired) {
    const current = byId.get(row.id);
    if (!current) {
      inserts.push(row);
      continue;
    }
    const diff = differences(current, row);
    if (Object.keys(diff).length) {
      await tx
        .update(table)
        .set(diff as never)
        .where(eq(table.id, row.id));
      changes++;
    }
  }
  if (inserts.length) await tx.insert(table).values(inserts as never);
  return changes + inserts.length;
}

/** Deletes the stored rows the desired set no longer has (and, by cascade, what hangs off them). */
export async function deleteMissing(tx: DbOrTx, table: TableWithId, stored: Row[], desired: Row[]): Promise<number> {
  const wanted = new Set(desired.map((row) => row.id));
  const removed = stored.filter((row) => !wanted.has(row.id)).map((row) => row.id);
  if (removed.length) await tx.delete(table).where(inArray(table.id, removed));
  return removed.length;
}

/** Makes the stored set of rows equal the desired one; returns how many rows it changed. */
export async function syncRows(tx: DbOrTx, table: TableWithId, stored: Row[], desired: Row[]): Promise<number> {
  const removed = await deleteMissing(tx, table, stored, desired);
  return removed + (await upsertRows(tx, table, stored, desired));
}

export async function selectByIds(tx: DbOrTx, table: TableWithId, column: PgColumn, ids: string[]): Promise<Row[]> {
  if (!ids.length) return [];
  return (await tx
    .select()
    .from(table as PgTable)
    .where(inArray(column, ids))) as Row[];
}

/** The rows of `table` whose `column` is `value` (a parent's children). */
export async function selectWhere(tx: DbOrTx, table: TableWithId, column: PgColumn, value: string): Promise<Row[]> {
  return (await tx
    .select()
    .from(table as PgTable)
    .where(eq(column, value))) as Row[];
}

/**
 * The top-level row: insert, update only what differs (and then updated_at), or leave it. A row
 * made outside authoring that holds the slug (`clash`) stops it with ContentConflictError.
 */
export async function upsertRoot(
  tx: DbOrTx,
  table: TableWithId,
  row: Row,
  clash: { where: ReturnType<typeof and>; describe: string },
  options: { hasUpdatedAt: boolean; childChanges?: () => Promise<number> },
): Promise<ReadModelStatus> {
  const [stored] = (await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, row.id))) as Row[];
  if (!stored) {
    const [other] = await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(clash.where, ne(table.id, row.id)));
    if (other)
      throw new ContentConflictError(
        `${clash.describe} already exists with another id (${String(other.id)}); rename the slug or remove that row`,
      );
    await tx.insert(table).values(row as never);
    await options.childChanges?.();
    return 'created';
  }
  const diff = differences(stored, row);
  const childChanges = (await options.childChanges?.()) ?? 0;
  if (!Object.keys(diff).length && childChanges === 0) return 'unchanged';
  if (options.hasUpdatedAt) diff.updatedAt = new Date();
  if (Object.keys(diff).length)
    await tx
      .update(table)
      .set(diff as never)
      .where(eq(table.id, row.id));
  return 'updated';
}

/** A slugged parent with the images hanging off it (a gallery title, a banner item). */
export function upsertWithImages(
  tx: DbOrTx,
  tables: {
    parent: TableWithId & { slug: PgColumn; lang: PgColumn };
    images: TableWithId;
    imageParent: PgColumn;
    describe: string;
  },
  item: { parent: Row & { slug: string; lang?: string }; images: Row[] },
): Promise<ReadModelStatus> {
  return upsertRoot(
    tx,
    tables.parent,
    item.parent,
    {
      where: and(eq(tables.parent.slug, item.parent.slug), eq(tables.parent.lang, item.parent.lang ?? 'en')),
      describe: `${tables.describe} with slug ${item.parent.slug} (${item.parent.lang ?? 'en'})`,
    },
    {
      hasUpdatedAt: false,
      childChanges: async () =>
        syncRows(
          tx,
          tables.images,
          await selectWhere(tx, tables.images, tables.imageParent, item.parent.id),
          item.images,
        ),
    },
  );
}

/**
 * Hides a language's top row (unpublish, delete). Hidden rows stay, and with them every learner's
 * records that hang on them. Returns whether it changed.
 */
export async function hideRow(
  tx: DbOrTx,
  table: TableWithId & { published: PgColumn; updatedAt: PgColumn },
  id: string,
): Promise<boolean> {
  const changed = await tx
    .update(table)
    .set({ published: false, updatedAt: new Date() } as never)
    .where(and(eq(table.id, id), ne(table.published, false)))
    .returning({ id: table.id });
  return changed.length > 0;
}

/** Removes a top row and, by cascade, what hangs off it; whether there was one. */
export async function removeRow(tx: DbOrTx, table: TableWithId, id: string): Promise<boolean> {
  return (await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id })).length > 0;
}
