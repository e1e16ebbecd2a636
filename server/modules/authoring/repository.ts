// The staff's side of content: items, their versions per language, and where each language stands
// (content_items, content_versions, content_states).
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contentItems, contentStates, contentVersions } from '../../db/schema/authoring';
import { users } from '../../db/schema/users';
import type { ContentKind, ContentOwner, ContentStatus, VersionOrigin } from '../../../contract/content-kinds';
import type { LanguageCode } from '../../../contract/languages';
import type { SourceRef } from '../../lib/content-documents';

export type ItemRow = typeof contentItems.$inferSelect;
export type StateRow = typeof contentStates.$inferSelect;
export type VersionRow = typeof contentVersions.$inferSelect;

export async function insertItem(
  tx: DbOrTx,
  row: {
    id: string;
    kind: ContentKind;
    slug: string;
    sourceLang: LanguageCode;
    idSeed: string;
    owner: ContentOwner;
    createdBy: string | null;
  },
): Promise<ItemRow | null> {
  const [inserted] = await tx.insert(contentItems).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** Every item of these kinds, deleted ones too (their public rows may still be there until unpublished). */
export function itemsOfKinds(db: DbOrTx, kinds: readonly ContentKind[]): Promise<ItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(inArray(contentItems.kind, [...kinds]));
}

export async function findItem(db: DbOrTx, id: string): Promise<ItemRow | null> {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id));
  return row ?? null;
}

/**
 * The item, locked until the transaction ends: every write to an item (save, publish, delete...)
 * takes this first, so two of them never interleave, whichever instance runs them.
 */
export async function lockItem(
  tx: DbOrTx,
  id: string,
  options: { skipLocked?: boolean } = {},
): Promise<ItemRow | null> {
  const [row] = await tx
    .select()
    .from(contentItems)
    .where(eq(contentItems.id, id))
    .for('update', options.skipLocked ? { skipLocked: true } : {});
  return row ?? null;
}

export async function lockItemBySlug(tx: DbOrTx, kind: ContentKind, slug: string): Promise<ItemRow | null> {
  const [row] = await tx
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), eq(contentItems.slug, slug)))
    .for('update');
  return row ?? null;
}

export async function updateItem(
  tx: DbOrTx,
  id: string,
  patch: Partial<Pick<ItemRow, 'owner' | 'deletedAt' | 'deletedBy'>>,
): Promise<void> {
  await tx
    .update(contentItems)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(contentItems.id, id));
}

export async function findState(db: DbOrTx, itemId: string, lang: LanguageCode): Promise<StateRow | null> {
  const [row] = await db
    .select()
    .from(contentStates)
    .where(and(eq(contentStates.itemId, itemId), eq(contentStates.lang, lang)));
  return row ?? null;
}

export function statesOf(db: DbOrTx, itemIds: string[]): Promise<StateRow[]> {
  if (!itemIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(contentStates)
    .where(inArray(contentStates.itemId, itemIds))
    .orderBy(asc(contentStates.itemId), asc(contentStates.lang));
}

export async function upsertState(
  tx: DbOrTx,
  itemId: string,
  lang: LanguageCode,
  values: Partial<Omit<StateRow, 'itemId' | 'lang' | 'updatedAt'>> & { headVersion: number; status: ContentStatus },
): Promise<StateRow> {
  const [row] = await tx
    .insert(contentStates)
    .values({ itemId, lang, ...values })
    .onConflictDoUpdate({
      target: [contentStates.itemId, contentStates.lang],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function updateState(
  tx: DbOrTx,
  itemId: string,
  lang: LanguageCode,
  values: Partial<Omit<StateRow, 'itemId' | 'lang' | 'updatedAt'>>,
): Promise<StateRow> {
  const [row] = await tx
    .update(contentStates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contentStates.itemId, itemId), eq(contentStates.lang, lang)))
    .returning();
  return row!;
}

export async function insertVersion(
  tx: DbOrTx,
  row: {
    itemId: string;
    lang: LanguageCode;
    number: number;
    body: unknown;
    textHashes: Record<string, string>;
    sourceRefs: Record<string, SourceRef> | null;
    origin: VersionOrigin;
    restoredFrom: number | null;
    createdBy: string | null;
  },
): Promise<VersionRow> {
  const [inserted] = await tx.insert(contentVersions).values(row).returning();
  return inserted!;
}

/** An editing session's save (ADR 36): the version's document, text hashes and source references updated in place. */
export async function updateVersion(
  tx: DbOrTx,
  key: { itemId: string; lang: LanguageCode; number: number },
  values: { body: unknown; textHashes: Record<string, string>; sourceRefs: Record<string, SourceRef> | null },
): Promise<VersionRow> {
  const [row] = await tx
    .update(contentVersions)
    .set(values)
    .where(
      and(
        eq(contentVersions.itemId, key.itemId),
        eq(contentVersions.lang, key.lang),
        eq(contentVersions.number, key.number),
      ),
    )
    .returning();
  return row!;
}

/** Whether any other language's version was translated from this version of the source (its source references name it). */
export async function translatedFrom(tx: DbOrTx, itemId: string, sourceLang: LanguageCode, number: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(contentVersions)
    .where(
      and(
        eq(contentVersions.itemId, itemId),
        sql`${contentVersions.lang} <> ${sourceLang}`,
        sql`exists (select 1 from jsonb_each(coalesce(${contentVersions.sourceRefs}, '{}'::jsonb)) as ref where (ref.value->>'v')::int = ${number})`,
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Every language of a live item of the kind that learners see, with the version they see. */
export function publishedLanguages(db: DbOrTx, kind: ContentKind) {
  return db
    .select({ itemId: contentStates.itemId, lang: contentStates.lang, version: contentStates.publishedVersion })
    .from(contentStates)
    .innerJoin(contentItems, eq(contentItems.id, contentStates.itemId))
    .where(and(eq(contentItems.kind, kind), isNull(contentItems.deletedAt), isNotNull(contentStates.publishedVersion)))
    .orderBy(asc(contentStates.itemId), asc(contentStates.lang)) as Promise<
    { itemId: string; lang: string; version: number }[]
  >;
}

export async function findVersion(
  db: DbOrTx,
  itemId: string,
  lang: LanguageCode,
  number: number,
): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.itemId, itemId), eq(contentVersions.lang, lang), eq(contentVersions.number, number)));
  return row ?? null;
}

export function findVersions(db: DbOrTx, itemId: string, lang: LanguageCode, numbers: number[]): Promise<VersionRow[]> {
  if (!numbers.length) return Promise.resolve([]);
  return db
    .select()
    .from(contentVersions)
    .where(
      and(eq(contentVersions.itemId, itemId), eq(contentVersions.lang, lang), inArray(contentVersions.number, numbers)),
    );
}

/** The names of the people behind some accounts (versions, states), by id. */
export async function namesOf(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Every version of a language, newest first, without their documents. */
export function listVersions(db: DbOrTx, itemId: string, lang: LanguageCode) {
  return db
    .select({
      number: contentVersions.number,
      origin: contentVersions.origin,
      restoredFrom: contentVersions.restoredFrom,
      createdAt: contentVersions.createdAt,
      createdBy: contentVersions.createdBy,
      createdByName: users.name,
    })
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.createdBy))
    .where(and(eq(contentVersions.itemId, itemId), eq(contentVersions.lang, lang)))
    .orderBy(desc(contentVersions.number));
}

/** The source language's head title of each item (a story's author), read out of the document. */
const sourceTitle = sql<string>`coalesce(${contentVersions.body}->>'title', ${contentVersions.body}->>'authorName', '')`;

/** A language state's head version: the join from content_states to content_versions. */
function headVersionJoin() {
  return and(
    eq(contentVersions.itemId, contentStates.itemId),
    eq(contentVersions.lang, contentStates.lang),
    eq(contentVersions.number, contentStates.headVersion),
  );
}

function sourceHeadJoin() {
  return and(eq(contentStates.itemId, contentItems.id), eq(contentStates.lang, contentItems.sourceLang));
}

export interface ItemFilter {
  kind?: ContentKind;
  status?: ContentStatus | 'scheduled';
  lang?: LanguageCode;
  search?: string;
  deleted: boolean;
  offset: number;
  limit: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A page of items, most recently changed first, with each one's source-language title. */
export async function listItems(
  db: DbOrTx,
  filter: ItemFilter,
): Promise<{ rows: (ItemRow & { title: string })[]; total: number }> {
  const conditions: SQL[] = [filter.deleted ? isNotNull(contentItems.deletedAt) : isNull(contentItems.deletedAt)];
  if (filter.kind) conditions.push(eq(contentItems.kind, filter.kind));
  const stateConditions: SQL[] = [sql`s.item_id = ${contentItems.id}`];
  if (filter.lang) stateConditions.push(sql`s.lang = ${filter.lang}`);
  if (filter.status === 'scheduled') stateConditions.push(sql`s.publish_at is not null`);
  else if (filter.status) stateConditions.push(sql`s.status = ${filter.status}`);
  if (filter.lang || filter.status)
    conditions.push(sql`exists (select 1 from ${contentStates} s where ${sql.join(stateConditions, sql` and `)})`);
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(ilike(contentItems.slug, pattern), sql`${sourceTitle} ilike ${pattern}`)!);
  }
  const where = and(...conditions);
  const base = () =>
    db
      .select({ item: contentItems, title: sourceTitle })
      .from(contentItems)
      .leftJoin(contentStates, sourceHeadJoin())
      .leftJoin(contentVersions, headVersionJoin());
  const [rows, totals] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(contentItems.updatedAt), asc(contentItems.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db
      .select({ total: count() })
      .from(contentItems)
      .leftJoin(contentStates, sourceHeadJoin())
      .leftJoin(contentVersions, headVersionJoin())
      .where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row.item, title: row.title ?? '' })), total: totals[0]?.total ?? 0 };
}

/** One item's source-language title. */
export async function itemTitle(db: DbOrTx, item: ItemRow): Promise<string> {
  const [row] = await db
    .select({ title: sourceTitle })
    .from(contentStates)
    .innerJoin(contentVersions, headVersionJoin())
    .where(and(eq(contentStates.itemId, item.id), eq(contentStates.lang, item.sourceLang)));
  return row?.title ?? '';
}

/** Each item's source-language title by id (deleted items too: the audit log names what it changed). */
export async function titlesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contentItems.id, title: sourceTitle })
    .from(contentItems)
    .innerJoin(contentStates, sourceHeadJoin())
    .innerJoin(contentVersions, headVersionJoin())
    .where(inArray(contentItems.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.title ?? '']));
}

/**
 * For the translation matrix: every item that is not deleted, with each language's state and the
 * text hashes and source references of its head (never the documents themselves).
 */
export async function matrixRows(db: DbOrTx, kind: ContentKind | undefined) {
  const items = await db
    .select({
      id: contentItems.id,
      kind: contentItems.kind,
      slug: contentItems.slug,
      sourceLang: contentItems.sourceLang,
    })
    .from(contentItems)
    .where(and(isNull(contentItems.deletedAt), kind ? eq(contentItems.kind, kind) : undefined))
    .orderBy(asc(contentItems.kind), asc(contentItems.slug));
  if (!items.length) return { items, heads: [] };
  const heads = await db
    .select({
      itemId: contentStates.itemId,
      lang: contentStates.lang,
      status: contentStates.status,
      headVersion: contentStates.headVersion,
      publishedVersion: contentStates.publishedVersion,
      textHashes: contentVersions.textHashes,
      sourceRefs: contentVersions.sourceRefs,
      title: sourceTitle,
    })
    .from(contentStates)
    .innerJoin(contentItems, eq(contentItems.id, contentStates.itemId))
    .innerJoin(contentVersions, headVersionJoin())
    .where(and(isNull(contentItems.deletedAt), kind ? eq(contentItems.kind, kind) : undefined));
  return { items, heads };
}

/**
 * Scheduled publications that are due, oldest first. Only a list: each is then published in its own
 * transaction that claims the item's lock without waiting (lockItem with skipLocked) and checks the
 * schedule again, so it runs once however many instances look at the same moment.
 */
export function dueSchedules(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ itemId: contentStates.itemId, lang: contentStates.lang })
    .from(contentStates)
    .where(and(isNotNull(contentStates.publishAt), lte(contentStates.publishAt, now)))
    .orderBy(asc(contentStates.publishAt))
    .limit(limit);
}
