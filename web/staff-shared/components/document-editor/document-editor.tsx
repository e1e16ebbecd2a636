// One language of an item, being written, whatever its kind: what every editor of the console
// shares. Nothing is lost: the draft is saved by itself a moment after the last change (and by
// Save), based on the version (and revision) the editor holds; the saves made by itself continue the
// version this page's session made, and Save ends the session, so the history holds a version per
// session (ADR 36); one status says where the draft stands in words, the version's number in it; unsaved work is copied into this browser and offered back after a closed tab or a lost
// connection; leaving with changes not saved asks first (a move within the console, and the
// browser's own question for a reload or another site); a connection or server that fails is tried
// again less and less often, a refusal waits for a change, and an account taken off the staff (or a
// staff session that ended) stops the saving, says so and keeps the text; when someone else saved meanwhile, the two
// editions are shown side by side and the person chooses. A field that cannot be saved as typed
// keeps what was typed and says why, and nothing is sent until it is put right. The kind's own
// fields are the children, given the draft and a way to change it.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AnyDocument } from '../../../../contract/authoring';
import type { ContentKind } from '../../../../contract/content-kinds';
import { LANGUAGES, type LanguageCode } from '../../../../contract/languages';
import { useTranslation } from '../../../i18n/react';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { LeaveDialog } from '../leave-dialog';
import { useLeaveGuard } from '../leave-guard';
import {
  conflictingFields,
  readHead,
  saveLanguage,
  savedMeanwhile,
  useLanguageWatch,
  type FieldConflict,
  type LanguageHead,
} from '../../api/content';
import { mergeDocuments, withFields } from '../../../../contract/document-fields';
import { describeField, diffDocuments } from '../../../../contract/document-fields';
import { staffKeys } from '../../api/keys';
import { accessEndedBy } from '../../api/staff-access';
import { errorText, fieldErrors } from '../error-text';
import { staffTime } from '../staff-time';
import type { PickMedia } from '../image-picker';
import { adoptKeys, documentOf, draftOf, setField } from './document-draft';
import { ConflictView } from './conflict';
import {
  Confirm,
  ContentLanguage,
  DraftGeneration,
  FieldProblems,
  PickFromLibrary,
  TextOnly,
  type ConfirmRequest,
} from './fields';

/** How long after the last change the draft saves itself. */
export const AUTOSAVE_MS = 2500;
/** How long after a save the connection or the server failed the draft first tries again by itself; each failure after doubles it. */
export const RETRY_MS = 15_000;
/** The longest wait between two tries of a failing connection or server. */
export const RETRY_MAX_MS = 5 * 60_000;

/** The wait before the next try after `failures` saves in a row failed for the connection or the server. */
export const retryDelay = (failures: number) => Math.min(RETRY_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS);

const NONE: readonly string[] = [];

/** A change to the draft, made on the newest draft whenever it runs. */
export type Edit<D> = (change: (draft: D) => D) => void;

/** One field of the draft's own, set to a value: `set('title')` is an onChange for the title's field. */
export const fieldSetter =
  <D,>(edit: Edit<D>) =>
  <K extends keyof D>(field: K) =>
  (value: D[K]) =>
    edit((d) => ({ ...d, [field]: value }));

/** A copy of unsaved work in this browser, for when the tab closes or the connection drops before a save. */
interface Backup {
  baseVersion: number;
  baseRevision?: string;
  body: AnyDocument;
  at: string;
}

const backupKey = (kind: ContentKind, itemId: string, lang: string) => `jgk_${kind}_draft:${itemId}:${lang}`;

function readBackup(key: string): Backup | null {
  try {
    const stored = window.localStorage.getItem(key);
    return stored ? (JSON.parse(stored) as Backup) : null;
  } catch {
    return null;
  }
}

function writeBackup(key: string, backup: Backup | null) {
  try {
    if (backup) window.localStorage.setItem(key, JSON.stringify(backup));
    else window.localStorage.removeItem(key);
  } catch {
    // A full or refused storage: the copy is a second line only; the status still says what is not saved.
  }
}

/**
 * Why the draft is not saved: a check of the editor's own (`check`), or the server's answer: a
 * failure tried again by itself (`retry`: the tries in a row so far), a refusal of the draft as it
 * was (`refused`: that draft's JSON, not sent again), or the end of the person's staff access
 * (`ended`: nothing is sent any more).
 */
type Failure = {
  reason: string;
  details?: string[];
  check?: boolean;
  retry?: number;
  refused?: string;
  ended?: boolean;
} | null;

/** What every kind's editor is given by the editor page (editor-page.tsx). */
export interface KindEditorProps {
  itemId: string;
  lang: LanguageCode;
  /** The item's name, in its source language. */
  title: string;
  sourceLang: LanguageCode;
  /** A translator: the text only, not the structure. */
  textOnly: boolean;
  /** Where Back goes: the item's page in this language. */
  back: string;
  start: AnyDocument;
  baseVersion: number;
  /** The revision of that version (ADR 36), when known: a save on a version that changed since is refused. */
  baseRevision?: string;
  /** The media library's picker (pictures unless a kind is asked for). */
  onPickImage?: PickMedia;
}

/** Where the draft stands, for the editor's own actions (submitting the saved version for review). */
export interface DraftState {
  /** The version the draft is based on: the newest saved (0: none yet). */
  baseVersion: number;
  /** Whether there is anything not saved yet. */
  unsaved: boolean;
}

export interface DocumentEditorProps<D> extends KindEditorProps {
  kind: ContentKind;
  /** The editor's own reason the draft cannot be saved as it is (beyond its fields' own), or null. */
  check?: (draft: D) => string | null;
  /** A translation's stale fields the person confirmed still right: saved with the next save (and unsaved work until then). */
  confirmFields?: readonly string[];
  /** Called after each save, with the version it made. */
  onSaved?: (version: number) => void;
  /** What the page's heading calls the work ("Edit" unless said). */
  heading?: string;
  children: (draft: D, edit: Edit<D>, state: DraftState) => ReactNode;
}

export function DocumentEditor<D>({
  kind,
  itemId,
  lang,
  title,
  sourceLang,
  textOnly,
  back,
  start,
  baseVersion: startVersion,
  baseRevision: startRevision,
  onPickImage,
  check,
  confirmFields = NONE,
  onSaved,
  heading,
  children,
}: DocumentEditorProps<D>) {
  const { t } = useTranslation('staff');
  const client = useQueryClient();
  const language = LANGUAGES[lang];
  const fresh = useCallback((doc: AnyDocument) => draftOf<D>(kind, doc), [kind]);
  const send = useCallback((draft: D) => documentOf(kind, draft), [kind]);
  const [draft, setDraft] = useState<D>(() => fresh(start));
  /** The document as last saved (or loaded), as JSON: the draft differs from it when there is something to save. */
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(send(fresh(start))));
  const [baseVersion, setBaseVersion] = useState(startVersion);
  const [baseRevision, setBaseRevision] = useState(startRevision);
  /** The version this page's editing session made: its saves by themselves update it (ADR 36); null once Save ended the session. */
  const [sessionVersion, setSessionVersion] = useState<number | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [conflict, setConflict] = useState<LanguageHead | null>(null);
  const [conflictOpen, setConflictOpen] = useState(false);
  /** The fields both changed, when everything else merged (ADR 36); null: the whole of both is compared. */
  const [conflictFields, setConflictFields] = useState<FieldConflict[] | null>(null);
  /** Said once someone else's save was taken into the draft. */
  const [notice, setNotice] = useState<string | null>(null);
  /** Bumped when the whole draft is replaced (their version kept): the rich-text fields start afresh. */
  const [generation, setGeneration] = useState(0);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [invalid, setInvalid] = useState<ReadonlyMap<string, string>>(new Map());

  const json = useMemo(() => JSON.stringify(send(draft)), [draft, send]);
  const dirty = json !== savedJson || confirmFields.length > 0;
  const backupAt = backupKey(kind, itemId, lang);
  // Work this browser kept from an earlier visit that never reached the server: offered back, never applied unasked.
  const [offer, setOffer] = useState<Backup | null>(() => {
    const kept = readBackup(backupAt);
    return kept && JSON.stringify(kept.body) !== JSON.stringify(send(fresh(start))) ? kept : null;
  });

  // Unsaved work is copied into this browser a moment after each change, and the copy goes once it is saved.
  useEffect(() => {
    if (offer) return;
    if (!dirty) return writeBackup(backupAt, null);
    const timer = setTimeout(
      () =>
        writeBackup(backupAt, {
          baseVersion,
          baseRevision,
          body: JSON.parse(json) as AnyDocument,
          at: new Date().toISOString(),
        }),
      500,
    );
    return () => clearTimeout(timer);
  }, [json, dirty, baseVersion, baseRevision, backupAt, offer]);
  const problem = useMemo(() => check?.(draft) ?? null, [check, draft]);

  // What the save reads: the newest of each, whenever it runs.
  const now = {
    draft,
    baseVersion,
    baseRevision,
    sessionVersion,
    savedJson,
    problem,
    invalid,
    saving,
    confirmFields,
    onSaved,
  };
  const latest = useRef(now);
  useEffect(() => {
    latest.current = now;
  });

  const reportField = useCallback((id: string, reason: string | null) => {
    setInvalid((current) => {
      if ((current.get(id) ?? null) === reason) return current;
      const next = new Map(current);
      if (reason === null) next.delete(id);
      else next.set(id, reason);
      return next;
    });
  }, []);

  const edit: Edit<D> = useCallback((change) => setDraft((current) => change(current)), []);

  /** The draft with the fields someone else changed (from one document to another) set to their values. */
  const takeIn = useCallback(
    (current: D, from: AnyDocument, to: AnyDocument): D =>
      diffDocuments(kind, from, to)
        .filter(
          (change) =>
            change.change === 'changed' &&
            !['position', 'parent', null].includes(describeField(kind, change.field).role),
        )
        .reduce((next, change) => setField(kind, next, change.field, change.after), current),
    [kind],
  );

  /**
   * Saves the draft as it is now, on the given version (the one held, unless the person chose to save
   * over a newer one). A save by itself continues the session's version; the person's own (Save, Save
   * then leave, saving over a newer version) ends the session: the next change is a new version.
   */
  const save = useCallback(
    async ({ over, byItself = false }: { over?: LanguageHead; byItself?: boolean } = {}): Promise<boolean> => {
      const now = latest.current;
      if (now.saving) return false;
      const body = send(now.draft);
      const sentJson = JSON.stringify(body);
      const confirming = [...now.confirmFields];
      if (!byItself) setSessionVersion(null);
      if (sentJson === now.savedJson && confirming.length === 0 && over === undefined) return true;
      if (now.invalid.size > 0) {
        setFailure({
          reason: t('editor.status.badFields', { count: now.invalid.size }),
          details: [...new Set(now.invalid.values())],
          check: true,
        });
        return false;
      }
      if (now.problem) {
        setFailure({ reason: now.problem, check: true });
        return false;
      }
      setSaving(true);
      latest.current.saving = true;
      try {
        const baseRevision = over ? over.revision : now.baseRevision;
        const head = await saveLanguage(itemId, lang, {
          baseVersion: over ? over.version.number : now.baseVersion,
          ...(baseRevision ? { baseRevision } : {}),
          ...(byItself && now.sessionVersion !== null && now.sessionVersion === now.baseVersion
            ? { continueVersion: true }
            : {}),
          body,
          ...(confirming.length > 0 ? { confirmFields: confirming } : {}),
        });
        const saved = head.body as AnyDocument;
        // Saved on top of someone else's save (merged by the server, field by field): their changes come into the draft too.
        const mergedIn = head.version.number > (over ? over.version.number : now.baseVersion) + 1;
        // The keys the server gave to new elements, taken into what was sent and into the draft as it is now.
        const sent = adoptKeys(kind, now.draft, now.draft, saved);
        setSavedJson(JSON.stringify(mergedIn ? saved : send(sent)));
        setDraft((current) => {
          const keyed = adoptKeys(kind, current, now.draft, saved);
          return mergedIn ? takeIn(keyed, body, saved) : keyed;
        });
        if (mergedIn) {
          setGeneration((g) => g + 1);
          setNotice(t('editor.mergedOnSave', { version: head.version.number }));
        }
        setBaseVersion(head.version.number);
        setBaseRevision(head.revision);
        setSessionVersion(byItself ? head.version.number : null);
        setSavedAt(new Date().toISOString());
        setFailure(null);
        setConflict(null);
        setConflictFields(null);
        setConflictOpen(false);
        now.onSaved?.(head.version.number);
        void client.invalidateQueries({ queryKey: staffKeys.item(itemId) });
        void client.invalidateQueries({ queryKey: ['staff', 'translations'] });
        return true;
      } catch (error) {
        const current = savedMeanwhile(error);
        const ended = accessEndedBy(error);
        if (ended) {
          // Off the staff or signed out: nothing more is sent; the text stays here and in this browser's copy.
          setFailure({
            reason: t(ended === 'notStaff' ? 'editor.status.offStaff' : 'editor.status.sessionEnded'),
            ended: true,
          });
          void client.invalidateQueries({ queryKey: staffKeys.me });
        } else if (current) {
          setConflict(current);
          setConflictFields(conflictingFields(error));
          setConflictOpen(true);
          setFailure({
            reason: t('editor.status.savedMeanwhile', { who: current.version.createdBy?.name ?? t('item.importedBy') }),
          });
        } else {
          const fields = Object.entries(fieldErrors(error)).map(([field, message]) => `${field}: ${message}`);
          // A dropped connection, a busy or failing server: tried again by itself, less and less often; a
          // refusal waits for a change.
          const retry =
            error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);
          setFailure((before) => ({
            reason: errorText(error),
            details: fields.length ? fields : undefined,
            ...(retry ? { retry: (before?.retry ?? 0) + 1 } : { refused: sentJson }),
          }));
        }
        return false;
      } finally {
        latest.current.saving = false;
        setSaving(false);
      }
    },
    [client, itemId, kind, lang, send, t, takeIn],
  );

  // Someone else's save is known at once (the language's state, read every few seconds): merged into
  // the draft field by field when it touched other fields than this person's changes, otherwise the
  // fields both changed are offered at once, before this person's next save.
  const watch = useLanguageWatch(itemId, lang);
  const seenState = useRef<string | null>(null);
  useEffect(() => {
    const state = watch.data;
    if (!state || state.updatedAt === seenState.current) return;
    const first = seenState.current === null;
    seenState.current = state.updatedAt;
    if (first && state.headVersion === latest.current.baseVersion) return;
    let stop = false;
    void readHead(itemId, lang)
      .then((head) => {
        const held = latest.current;
        if (stop || held.saving || held.baseVersion === 0) return;
        if (head.revision === held.baseRevision || head.version.number < held.baseVersion) return;
        const theirs = head.body as AnyDocument;
        const base = JSON.parse(held.savedJson) as AnyDocument;
        const result = mergeDocuments(kind, base, send(held.draft), theirs);
        const who = head.version.createdBy?.name ?? t('item.importedBy');
        if (result && result.conflicts.length === 0) {
          setDraft((current) => takeIn(current, base, theirs));
          setSavedJson(JSON.stringify(theirs));
          setBaseVersion(head.version.number);
          setBaseRevision(head.revision);
          setSessionVersion(null);
          setSavedAt(null);
          setGeneration((g) => g + 1);
          setNotice(t('editor.theirsTakenIn', { who, version: head.version.number }));
        } else {
          setConflict(head);
          setConflictFields(result?.conflicts ?? null);
          setConflictOpen(true);
          setFailure({ reason: t('editor.status.savedMeanwhile', { who }) });
        }
      })
      .catch(() => undefined);
    return () => {
      stop = true;
    };
  }, [watch.data, itemId, lang, kind, send, t, takeIn]);

  // Saved by itself a moment after the last change; not while a conflict waits for the person's choice,
  // not the draft the server refused as it is, and never once the person's staff access ended.
  useEffect(() => {
    if (!dirty || saving || conflict || failure?.ended || failure?.refused === json) return;
    const timer = setTimeout(
      () => void save({ byItself: true }),
      failure?.retry ? retryDelay(failure.retry) : AUTOSAVE_MS,
    );
    return () => clearTimeout(timer);
  }, [json, dirty, confirmFields, saving, conflict, failure, save]);

  // Once every field can be saved and the editor's own check passes, its reason goes (the save follows).
  if (failure?.check && invalid.size === 0 && !problem) setFailure(null);

  // A field holding what cannot be saved is unsaved work too, though the draft has not changed: said at once.
  const shown: Failure =
    failure ??
    (invalid.size > 0
      ? {
          reason: t('editor.status.badFields', { count: invalid.size }),
          details: [...new Set(invalid.values())],
          check: true,
        }
      : null);
  const leave = useLeaveGuard(dirty || saving || invalid.size > 0);

  const restoreBackup = (backup: Backup) => {
    setDraft(fresh(backup.body));
    // Saved on the version it was written on: if someone saved since, the conflict view shows both.
    setBaseVersion(backup.baseVersion);
    setBaseRevision(backup.baseRevision);
    setSessionVersion(null);
    setGeneration((g) => g + 1);
    setOffer(null);
  };

  const keepTheirs = () => {
    if (!conflict) return;
    const theirs = fresh(conflict.body as AnyDocument);
    setDraft(theirs);
    setSavedJson(JSON.stringify(send(theirs)));
    setBaseVersion(conflict.version.number);
    setBaseRevision(conflict.revision);
    setSessionVersion(null);
    setSavedAt(null);
    setGeneration((g) => g + 1);
    setConflict(null);
    setConflictFields(null);
    setConflictOpen(false);
    setFailure(null);
  };

  /** The fields both changed, each as the person chose (theirs unless named): the rest merged; saved by itself next. */
  const useChoices = (mineFields: ReadonlySet<string>) => {
    if (!conflict) return;
    const theirs = conflict.body as AnyDocument;
    const base = JSON.parse(latest.current.savedJson) as AnyDocument;
    const result = mergeDocuments(kind, base, send(latest.current.draft), theirs);
    if (!result) return;
    const chosen = new Map(result.conflicts.filter((c) => mineFields.has(c.field)).map((c) => [c.field, c.mine]));
    setDraft(fresh(withFields(kind, result.merged, chosen)));
    setSavedJson(JSON.stringify(theirs));
    setBaseVersion(conflict.version.number);
    setBaseRevision(conflict.revision);
    setSessionVersion(null);
    setSavedAt(null);
    setGeneration((g) => g + 1);
    setConflict(null);
    setConflictFields(null);
    setConflictOpen(false);
    setFailure(null);
  };

  // One status: what is not saved and why, or the version the draft is saved as (never both).
  const status = saving
    ? t('editor.status.saving')
    : shown
      ? t('editor.status.notSaved', { reason: shown.reason })
      : dirty
        ? t('editor.status.unsaved')
        : baseVersion === 0
          ? t('editor.noVersionYet')
          : savedAt
            ? t('editor.status.savedAt', { at: staffTime(savedAt), number: baseVersion })
            : t('editor.status.saved', { number: baseVersion });
  const dot = saving ? 'saving' : shown ? 'failed' : dirty || baseVersion === 0 ? 'unsaved' : 'saved';

  return (
    <article aria-labelledby="ce-title" className="ce">
      <p>
        <Link to={back}>← {t('editor.back')}</Link>
      </p>
      <h1 id="ce-title">
        {heading ?? t('editor.title')}: <span lang={LANGUAGES[sourceLang].bcp47}>{title}</span>{' '}
        <span className="staff-muted">
          · {t(`kinds.${kind}`)} · {language.name}
        </span>
      </h1>
      {textOnly && <p className="staff-warning">{t('editor.textOnly')}</p>}
      {offer && (
        <div className="staff-warning ce-offer" role="alert">
          <p>{t('editor.backup.text', { at: staffTime(offer.at) })}</p>
          <div className="staff-actions">
            <button type="button" className="btn" onClick={() => restoreBackup(offer)}>
              {t('editor.backup.restore')}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => (writeBackup(backupAt, null), setOffer(null))}
            >
              {t('editor.backup.discard')}
            </button>
          </div>
        </div>
      )}
      <div className={shown ? 'ce-bar ce-bar--failed' : 'ce-bar'}>
        <div className="ce-status" role="status" aria-live="polite">
          <span className={`ce-dot ce-dot--${dot}`} aria-hidden="true" />
          <span>{status}</span>
          {shown?.details && (
            <ul className="ce-details">
              {shown.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </div>
        {conflict && !conflictOpen && (
          <button type="button" className="btn btn--ghost" onClick={() => setConflictOpen(true)}>
            {t('editor.conflict.show')}
          </button>
        )}
        <button
          type="button"
          className="btn"
          onClick={() => void save()}
          disabled={saving || !!conflict || !!failure?.ended}
          aria-busy={saving || undefined}
        >
          {saving ? t('actions.saving') : t('actions.save')}
        </button>
      </div>

      {notice && (
        <p className="staff-muted ce-notice" role="status">
          {notice}
        </p>
      )}
      <FieldProblems.Provider value={reportField}>
        <ContentLanguage.Provider value={language.bcp47}>
          <TextOnly.Provider value={textOnly}>
            <Confirm.Provider value={setConfirm}>
              <PickFromLibrary.Provider value={onPickImage}>
                <DraftGeneration.Provider value={generation}>
                  {children(draft, edit, { baseVersion, unsaved: dirty || saving })}
                </DraftGeneration.Provider>
              </PickFromLibrary.Provider>
            </Confirm.Provider>
          </TextOnly.Provider>
        </ContentLanguage.Provider>
      </FieldProblems.Provider>

      <Dialog
        className="staff-dialog"
        open={conflict !== null && conflictOpen}
        onClose={() => setConflictOpen(false)}
        label={t('editor.conflict.title')}
      >
        {conflict && (
          <ConflictView
            kind={kind}
            theirs={conflict}
            fields={conflictFields}
            onUseChoices={useChoices}
            mine={draft}
            lang={language.bcp47}
            busy={saving}
            onKeepTheirs={keepTheirs}
            onSaveMine={() => void save({ over: conflict })}
          />
        )}
      </Dialog>

      <Dialog
        className="staff-dialog"
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        label={confirm?.title ?? ''}
      >
        {confirm && (
          <div className="staff-dialog-body">
            <h2>{confirm.title}</h2>
            <p>{confirm.text}</p>
            <div className="staff-actions">
              <button type="button" className="btn" onClick={() => (confirm.run(), setConfirm(null))}>
                {confirm.action}
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => setConfirm(null)}>
                {t('actions.cancel')}
              </button>
            </div>
          </div>
        )}
      </Dialog>

      <LeaveDialog
        guard={leave}
        title={t('editor.leave.title')}
        text={shown ? t('editor.leave.textFailed', { reason: shown.reason }) : t('editor.leave.text')}
        stay={t('editor.leave.stay')}
        leave={t('editor.leave.leave')}
      >
        {!shown && !conflict && (
          <button
            type="button"
            className="btn btn--ghost"
            disabled={saving}
            onClick={() => void save().then((ok) => (ok ? leave.proceed() : leave.stay()))}
          >
            {t('editor.leave.saveAndLeave')}
          </button>
        )}
      </LeaveDialog>
    </article>
  );
}
