// How a change to published content reaches every server instance: the transaction that publishes
// (or unpublishes, deletes, restores) announces it with PostgreSQL's NOTIFY, which is delivered only
// when that transaction commits, and to every instance listening on the channel (PGlite delivers it
// inside its one process). An instance that hears it drops its public caches (ADR 8's read cache,
// the rendered pages), so a publish shows everywhere within a second instead of after their TTL.
import { sql } from 'drizzle-orm';
import { CONTENT_KINDS, type ContentKind } from '../../contract/content-kinds';
import { isLanguageCode, type LanguageCode } from '../../contract/languages';
import type { DbOrTx } from '../db/client';

export { CONTENT_KINDS, type ContentKind } from '../../contract/content-kinds';

/** The channel every instance listens on. */
export const CONTENT_CHANNEL = 'content_changed';

/** What changed: a kind of content, in one language or (null) in every language. */
export interface ContentChange {
  kind: ContentKind;
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
    if (!value || !CONTENT_KINDS.includes(value.kind as ContentKind)) return null;
    const lang = value.lang ?? null;
    if (lang !== null && !isLanguageCode(lang)) return null;
    return { kind: value.kind as ContentKind, lang };
  } catch {
    return null;
  }
}
