// How a change to published content reaches every server instance: the transaction that publishes
// (or unpublishes, deletes, restores) announces it with PostgreSQL's NOTIFY, which is delivered only
// when that transaction commits, and to every instance listening on the channel (PGlite delivers it
// inside its one process). An instance that hears it drops its public caches (ADR 8's read cache,
// the rendered pages), so a publish shows everywhere within a second instead of after their TTL.
// Events (ADR 40) are not authored content but change the pages that show them (the event's page,
// the home and cyber-safety pages' link, the leaderboard), so their staff's writes announce `event`.
import { sql } from 'drizzle-orm';
import { CONTENT_KINDS } from '../../contract/content-kinds';
import { isLanguageCode, type LanguageCode } from '../../contract/languages';
import type { DbOrTx } from '../db/client';

export { CONTENT_KINDS, type ContentKind } from '../../contract/content-kinds';

/** What a change names: a kind of authored content, or an event quiz (its state, texts or results). */
export const CHANGE_KINDS = [...CONTENT_KINDS, 'event'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The channel every instance listens on. */
export const CONTENT_CHANNEL = 'content_changed';

/** What changed: a kind of content, in one language or (null) in every language. */
export interface ContentChange {
  kind: ChangeKind;
  lang: LanguageCode | null;
}

/** Announces a change; call it inside the transaction that makes the change. */
export async function announceContentChange(tx: DbOrTx, change: ContentChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${JSON.stringify(change)})`);
}

/** A notification's payload as a change; null for anything else (then every cache is emptied). */
export function parseContentChange(payload: string): ContentChange | null {
  try {
    const value = JSON.parse(payload) as Partial<ContentChange> | null;
    if (!value || !CHANGE_KINDS.includes(value.kind as ChangeKind)) return null;
    const lang = value.lang ?? null;
    if (lang !== null && !isLanguageCode(lang)) return null;
    return { kind: value.kind as ChangeKind, lang };
  } catch {
    return null;
  }
}
