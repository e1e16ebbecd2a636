// Publishing now or at a time, unpublishing, soft delete and restore, and the scheduler's run: each
// in one transaction holding the item's lock, projecting into the public modules' read models,
// setting the state, announcing the change (lib/content-changes.ts, ADR 21) and recording it.
import type { AnyDocument, ContentItem, LanguageState } from '../../../contract/authoring';
import { SCHEDULE_MAX_DAYS, type ContentKind, type ContentStatus } from '../../../contract/content-kinds';
import type { LanguageCode } from '../../../contract/languages';
import type { Db, DbOrTx } from '../../db/client';
import { announceContentChange } from '../../lib/content-changes';
import { FieldsError, HttpError, badRequest, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { publishProblems } from '../../lib/content-documents';
import * as items from './repository';
import { type Writer, requireHead, takeOwnership, lockLiveItem } from './items';
import { project, hide } from './read-models';
import { stateOut, itemOut } from './answers';

/**
 * Publishes a version now, inside the caller's transaction (which holds the item's lock): refused
 * with every field at fault when something required is empty; otherwise projected, the state set,
 * the change announced. Returns whether anything changed.
 */
export async function publishNow(
  tx: DbOrTx,
  actor: AuditActor,
  item: items.ItemRow,
  lang: LanguageCode,
  number: number,
  options: { createdAt?: Date; audit: boolean; importing?: boolean },
): Promise<{ changed: boolean; state: items.StateRow }> {
  const kind = item.kind as ContentKind;
  const state = (await items.findState(tx, item.id, lang))!;
  const version = await items.findVersion(tx, item.id, lang, number);
  if (!version) throw notFound('versionNotFound');
  const problems = publishProblems(kind, version.body as AnyDocument);
  if (problems.length) throw new FieldsError(400, 'publishIncomplete', problems);
  const projected = await project(tx, item, lang, version.body as AnyDocument, options);
  const status: ContentStatus =
    number === state.headVersion
      ? 'published'
      : state.status === 'published'
        ? 'draft'
        : (state.status as ContentStatus);
  const stateChanged = state.publishedVersion !== number || state.status !== status || state.publishAt !== null;
  if (projected === 'unchanged' && !stateChanged) return { changed: false, state };
  const next = await items.updateState(tx, item.id, lang, {
    publishedVersion: number,
    publishedAt: new Date(),
    status,
    publishAt: null,
    scheduledVersion: null,
    scheduledBy: null,
  });
  await announceContentChange(tx, { kind, lang });
  if (options.audit) {
    await recordAudit(tx, actor, {
      action: 'content.publish',
      entityKind: kind,
      entityId: item.id,
      lang,
      before: { publishedVersion: state.publishedVersion, status: state.status },
      after: { publishedVersion: number, status },
    });
  }
  return { changed: true, state: next };
}

export interface PublishInput {
  version?: number;
  at?: Date;
}

/** Publishes now, or schedules the version for a time; answers the language's state. */
export function publishLanguage(
  db: Db,
  writer: Writer,
  id: string,
  lang: LanguageCode,
  input: PublishInput,
  now = new Date(),
): Promise<LanguageState> {
  return db.transaction(async (tx) => {
    const item = await lockLiveItem(tx, id);
    const { state } = await requireHead(tx, item, lang);
    const number = input.version ?? state.headVersion;
    const version = await items.findVersion(tx, id, lang, number);
    if (!version) throw notFound('versionNotFound');
    await takeOwnership(tx, item);
    if (input.at) {
      const latest = now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000;
      if (input.at.getTime() <= now.getTime() || input.at.getTime() > latest) throw badRequest('scheduleInvalid');
      const problems = publishProblems(item.kind as ContentKind, version.body as AnyDocument);
      if (problems.length) throw new FieldsError(400, 'publishIncomplete', problems);
      const next = await items.updateState(tx, id, lang, {
        scheduledVersion: number,
        publishAt: input.at,
        scheduledBy: writer.actor.id,
      });
      await recordAudit(tx, writer.actor, {
        action: 'content.schedule',
        entityKind: item.kind,
        entityId: id,
        lang,
        before: {
          scheduled: state.publishAt ? { version: state.scheduledVersion, at: state.publishAt.toISOString() } : null,
        },
        after: { scheduled: { version: number, at: input.at.toISOString() } },
      });
      return stateOut(item, next);
    }
    const { state: next } = await publishNow(tx, writer.actor, item, lang, number, { audit: true });
    return stateOut(item, next);
  });
}

export function cancelSchedule(db: Db, writer: Writer, id: string, lang: LanguageCode): Promise<LanguageState> {
  return db.transaction(async (tx) => {
    const item = await lockLiveItem(tx, id);
    const { state } = await requireHead(tx, item, lang);
    if (!state.publishAt) return stateOut(item, state);
    const next = await items.updateState(tx, id, lang, { scheduledVersion: null, publishAt: null, scheduledBy: null });
    await takeOwnership(tx, item);
    await recordAudit(tx, writer.actor, {
      action: 'content.cancelSchedule',
      entityKind: item.kind,
      entityId: id,
      lang,
      before: { scheduled: { version: state.scheduledVersion, at: state.publishAt.toISOString() } },
      after: { scheduled: null },
    });
    return stateOut(item, next);
  });
}

export function unpublishLanguage(db: Db, writer: Writer, id: string, lang: LanguageCode): Promise<LanguageState> {
  return db.transaction(async (tx) => {
    const item = await lockLiveItem(tx, id);
    const { state } = await requireHead(tx, item, lang);
    if (state.publishedVersion === null) return stateOut(item, state);
    await hide(tx, item, lang);
    const status: ContentStatus = state.status === 'published' ? 'draft' : (state.status as ContentStatus);
    const next = await items.updateState(tx, id, lang, { publishedVersion: null, publishedAt: null, status });
    await takeOwnership(tx, item);
    await announceContentChange(tx, { kind: item.kind as ContentKind, lang });
    await recordAudit(tx, writer.actor, {
      action: 'content.unpublish',
      entityKind: item.kind,
      entityId: id,
      lang,
      before: { publishedVersion: state.publishedVersion, status: state.status },
      after: { publishedVersion: null, status },
    });
    return stateOut(item, next);
  });
}

/** Soft delete: every language leaves the site and schedules are dropped; versions and learners' data stay. */
export function deleteItem(db: Db, writer: Writer, id: string): Promise<ContentItem> {
  return db.transaction(async (tx) => {
    const item = await items.lockItem(tx, id);
    if (!item) throw notFound('contentNotFound');
    const states = await items.statesOf(tx, [id]);
    if (!item.deletedAt) {
      for (const state of states) {
        if (state.publishedVersion !== null) await hide(tx, item, state.lang as LanguageCode);
        if (state.publishAt)
          await items.updateState(tx, id, state.lang as LanguageCode, {
            scheduledVersion: null,
            publishAt: null,
            scheduledBy: null,
          });
      }
      await items.updateItem(tx, id, { owner: 'staff', deletedAt: new Date(), deletedBy: writer.actor.id });
      await announceContentChange(tx, { kind: item.kind as ContentKind, lang: null });
      await recordAudit(tx, writer.actor, {
        action: 'content.delete',
        entityKind: item.kind,
        entityId: id,
        before: { deletedAt: null, published: states.filter((s) => s.publishedVersion !== null).map((s) => s.lang) },
        after: { deletedAt: new Date().toISOString() },
      });
    }
    const [title, after] = await Promise.all([items.itemTitle(tx, item), items.statesOf(tx, [id])]);
    return itemOut((await items.findItem(tx, id))!, title, after);
  });
}

/** Brings a deleted item back, with every language that was published before published again. */
export function restoreItem(db: Db, writer: Writer, id: string): Promise<ContentItem> {
  return db.transaction(async (tx) => {
    const item = await items.lockItem(tx, id);
    if (!item) throw notFound('contentNotFound');
    if (item.deletedAt) {
      const states = await items.statesOf(tx, [id]);
      const restored = { ...item, deletedAt: null };
      for (const state of states) {
        if (state.publishedVersion === null) continue;
        const version = (await items.findVersion(tx, id, state.lang as LanguageCode, state.publishedVersion))!;
        await project(tx, restored, state.lang as LanguageCode, version.body as AnyDocument);
      }
      await items.updateItem(tx, id, { deletedAt: null, deletedBy: null });
      await announceContentChange(tx, { kind: item.kind as ContentKind, lang: null });
      await recordAudit(tx, writer.actor, {
        action: 'content.restore',
        entityKind: item.kind,
        entityId: id,
        before: { deletedAt: item.deletedAt.toISOString() },
        after: { deletedAt: null, published: states.filter((s) => s.publishedVersion !== null).map((s) => s.lang) },
      });
    }
    const [title, after] = await Promise.all([items.itemTitle(tx, item), items.statesOf(tx, [id])]);
    return itemOut((await items.findItem(tx, id))!, title, after);
  });
}

/**
 * Publishes what is due at `now`. Each due language is published in its own transaction that takes
 * the item's lock without waiting and reads the schedule again: an instance that finds the item
 * locked leaves it (the holder publishes it, or it is still due next time), and one that gets the
 * lock after another published it finds nothing scheduled. So each runs once, on one instance.
 * Returns how many were published.
 */
export async function runDueSchedules(
  db: Db,
  now: Date,
  log: { warn(obj: object, message: string): void },
): Promise<number> {
  let published = 0;
  for (const due of await items.dueSchedules(db, now, 50)) {
    try {
      const done = await db.transaction(async (tx) => {
        const item = await items.lockItem(tx, due.itemId, { skipLocked: true });
        if (!item) return false;
        const lang = due.lang as LanguageCode;
        const state = await items.findState(tx, item.id, lang);
        if (!state?.publishAt || state.publishAt > now || state.scheduledVersion === null) return false;
        const names = state.scheduledBy ? await items.namesOf(tx, [state.scheduledBy]) : new Map<string, string>();
        const actor: AuditActor = {
          id: state.scheduledBy,
          name: `${names.get(state.scheduledBy ?? '') ?? 'Staff'} (scheduled)`,
          address: null,
        };
        if (item.deletedAt) {
          await items.updateState(tx, item.id, lang, { scheduledVersion: null, publishAt: null, scheduledBy: null });
          return false;
        }
        const { changed } = await publishNow(tx, actor, item, lang, state.scheduledVersion, { audit: false });
        await recordAudit(tx, actor, {
          action: 'content.publish',
          entityKind: item.kind,
          entityId: item.id,
          lang,
          before: {
            publishedVersion: state.publishedVersion,
            status: state.status,
            scheduled: { version: state.scheduledVersion, at: state.publishAt.toISOString() },
          },
          after: { publishedVersion: state.scheduledVersion, changed },
        });
        return true;
      });
      if (done) published++;
    } catch (err) {
      // A version that can no longer be published (it was checked when scheduled) stays scheduled
      // and is logged; an editor sees it in the list of scheduled items.
      if (err instanceof HttpError)
        log.warn({ err, itemId: due.itemId, lang: due.lang }, 'scheduled publication refused');
      else throw err;
    }
  }
  return published;
}
