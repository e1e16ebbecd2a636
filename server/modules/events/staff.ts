// The staff's side of events (ADR 40): creating and changing an event and its texts (the question
// pool is pool.ts), scheduling and closing it, live counts (small groups withheld as analytics
// does), flagged entries, disqualification, publishing the results and the results file. Every write is in one
// transaction with its audit entry. The days, hours, rules and pool are fixed once the event opens.
import { filledText } from './filled-text';
import type {
  CreateEventBody,
  EventCountsAnswer,
  FlaggedEntriesAnswer,
  StaffEvent,
  StaffResultsAnswer,
  UpdateEventBody,
} from '../../../contract/events';
import { ANALYTICS_MIN_GROUP } from '../../../contract/analytics-rules';
import type { EventState } from '../../../contract/event-rules';
import type { LanguageCode } from '../../../contract/languages';
import type { Db, DbOrTx } from '../../db/client';
import { csvFile } from '../../lib/csv';
import { FieldsError, conflict, notFound } from '../../plugins/errors';
import { withholdPartition } from '../analytics/service';
import { recordAudit, type AuditActor } from '../audit/service';
import { assertMayEditLanguage, type StaffMember } from '../staff/service';
import { entrantNames } from '../users/service';
import { resultsFinal, timeText, windowOf } from './entries';
import * as repo from './repository';
import { firstNameOf, rankedEntries, storeRanking, storedRanking } from './results';
import { eventPhase, isCalendarDay, isWindowValid } from './rules';
import { SOURCE_LANG, assertMayWriteSource, languageStates, noteWrittenLive, saveDraft } from './translations';

/** A key no event may take: the public pages' path segment. */
const RESERVED_KEYS = new Set(['public']);

const phaseOf = (event: repo.EventRow, now: Date) => eventPhase(event.state as EventState, windowOf(event), now);

/** Whether the event's settings and pool may still change: a draft, or scheduled and not yet opened. */
export function isEditableAt(event: repo.EventRow, now: Date): boolean {
  const phase = phaseOf(event, now);
  return phase === 'draft' || phase === 'scheduled';
}

export function assertEditable(event: repo.EventRow, now: Date): void {
  if (!isEditableAt(event, now)) throw conflict('eventLocked');
}

export async function eventOr404(db: DbOrTx, id: string, lock = false): Promise<repo.EventRow> {
  const event = await repo.findEvent(db, id, { lock });
  if (!event) throw notFound('eventNotFound');
  return event;
}

/** The event as the staff read it: settings, state on the clock, texts entrants see, and where each language stands. */
async function staffView(db: DbOrTx, event: repo.EventRow, now: Date): Promise<StaffEvent> {
  const [texts, pool, translation] = await Promise.all([
    repo.textsOf(db, [event.id]),
    repo.poolOf(db, event.id),
    languageStates(db, event.id),
  ]);
  return {
    id: event.id,
    key: event.key,
    firstDay: event.firstDay,
    lastDay: event.lastDay,
    opensAt: timeText(event.opensAt),
    closesAt: timeText(event.closesAt),
    timeLimitSeconds: event.timeLimitSeconds,
    questionsPerEntry: event.questionsPerEntry,
    minorsAllowed: event.minorsAllowed,
    termsVersion: event.termsVersion,
    reviewHours: event.reviewHours,
    state: phaseOf(event, now),
    resultsPublishedAt: event.resultsPublishedAt?.toISOString() ?? null,
    poolSize: pool.length,
    texts: Object.fromEntries(texts.map((t) => [t.lang, { name: t.name, terms: t.terms }])),
    translation,
  };
}

/**
 * What the audit log keeps of an event's settings: read back from the stored row (so every text is
 * as the database holds it), with the languages whose texts the change wrote; never the texts.
 */
function settingsRecord(event: repo.EventRow, texts?: CreateEventBody['texts']) {
  return {
    key: event.key,
    firstDay: event.firstDay,
    lastDay: event.lastDay,
    opensAt: event.opensAt,
    closesAt: event.closesAt,
    timeLimitSeconds: event.timeLimitSeconds,
    questionsPerEntry: event.questionsPerEntry,
    minorsAllowed: event.minorsAllowed,
    termsVersion: event.termsVersion,
    reviewHours: event.reviewHours,
    ...(texts ? { texts: Object.keys(texts).filter((lang) => texts[lang as LanguageCode]) } : {}),
  };
}

function checkWindow(window: { firstDay: string; lastDay: string; opensAt: string; closesAt: string }): void {
  if (!isWindowValid(window)) {
    const field = !isCalendarDay(window.firstDay)
      ? { field: 'firstDay', message: 'must be a day of the calendar' }
      : !isCalendarDay(window.lastDay)
        ? { field: 'lastDay', message: 'must be a day of the calendar' }
        : window.firstDay > window.lastDay
          ? { field: 'lastDay', message: 'must be on or after firstDay' }
          : { field: 'closesAt', message: 'must be after opensAt, on the same day' };
    throw new FieldsError(400, 'eventSettingsInvalid', [field]);
  }
}

/** The texts of an editor's own form, live at once: editors and admins are who publish translations. */
async function writeTexts(tx: DbOrTx, eventId: string, texts: CreateEventBody['texts'] | undefined) {
  const written = (Object.entries(texts ?? {}) as [LanguageCode, { name: string; terms: string } | undefined][]).filter(
    (entry): entry is [LanguageCode, { name: string; terms: string }] => !!entry[1],
  );
  for (const [lang, text] of written) {
    await repo.upsertText(tx, eventId, lang, { name: filledText(text.name, `texts.${lang}.name`), terms: text.terms });
  }
  for (const [lang] of written) await noteWrittenLive(tx, eventId, lang, ['name', 'terms']);
}

export async function listEvents(db: DbOrTx, now: Date): Promise<StaffEvent[]> {
  return Promise.all((await repo.listEvents(db)).map((event) => staffView(db, event, now)));
}

export async function getEvent(db: DbOrTx, id: string, now: Date): Promise<StaffEvent> {
  return staffView(db, await eventOr404(db, id), now);
}

export async function createEvent(db: Db, actor: AuditActor, body: CreateEventBody, now: Date): Promise<StaffEvent> {
  checkWindow(body);
  if (RESERVED_KEYS.has(body.key)) throw conflict('eventKeyTaken');
  return db.transaction(async (tx) => {
    const { texts, ...settings } = body;
    const event = await repo.insertEvent(tx, { ...settings, state: 'draft' });
    if (!event) throw conflict('eventKeyTaken');
    await writeTexts(tx, event.id, texts);
    await recordAudit(tx, actor, {
      action: 'event.create',
      entityKind: 'event',
      entityId: event.id,
      after: settingsRecord(event, texts),
    });
    return staffView(tx, event, now);
  });
}

/** Changes settings (only before the event opens) and texts (at any time: a translation may come later). */
export async function updateEvent(
  db: Db,
  actor: AuditActor,
  id: string,
  body: UpdateEventBody,
  now: Date,
): Promise<StaffEvent> {
  return db.transaction(async (tx) => {
    const event = await eventOr404(tx, id, true);
    const { texts, ...settings } = body;
    const changesSettings = Object.keys(settings).length > 0;
    if (changesSettings) {
      assertEditable(event, now);
      checkWindow({ ...windowOf(event), ...settings });
    }
    const updated = changesSettings ? await repo.updateEvent(tx, id, settings) : event;
    await writeTexts(tx, id, texts);
    if (updated.state !== 'draft') await repo.announceEventChange(tx);
    await recordAudit(tx, actor, {
      action: 'event.update',
      entityKind: 'event',
      entityId: id,
      before: settingsRecord(event),
      after: settingsRecord(updated, texts),
    });
    return staffView(tx, updated, now);
  });
}

/** Makes a draft scheduled: it opens on its first day. Needs the English name and terms and a pool big enough. */
export async function scheduleEvent(db: Db, actor: AuditActor, id: string, now: Date): Promise<StaffEvent> {
  return db.transaction(async (tx) => {
    const event = await eventOr404(tx, id, true);
    if (event.state !== 'draft') throw conflict('eventLocked');
    const [texts, pool] = await Promise.all([repo.textsOf(tx, [id]), repo.poolOf(tx, id)]);
    const english = texts.find((t) => t.lang === 'en');
    const englishQuestions = new Set(
      (
        await repo.questionTexts(
          tx,
          pool.map((q) => q.id),
          ['en'],
        )
      ).map((t) => t.questionId),
    );
    const ready =
      !!english?.name.trim() &&
      !!english.terms.trim() &&
      pool.length >= event.questionsPerEntry &&
      pool.every((q) => englishQuestions.has(q.id));
    if (!ready) throw conflict('eventNotReady');
    const updated = await repo.updateEvent(tx, id, { state: 'scheduled' });
    await repo.announceEventChange(tx);
    await recordAudit(tx, actor, {
      action: 'event.schedule',
      entityKind: 'event',
      entityId: id,
      before: { state: event.state },
      after: { state: 'scheduled' },
    });
    return staffView(tx, updated, now);
  });
}

/** Closes the event before its last day ends: no more entries, and entries still running are closed now. */
export async function closeEvent(db: Db, actor: AuditActor, id: string, now: Date): Promise<StaffEvent> {
  return db.transaction(async (tx) => {
    const event = await eventOr404(tx, id, true);
    const phase = phaseOf(event, now);
    if (phase === 'draft' || phase === 'results_published') throw conflict('eventLocked');
    await repo.closeOpenEntries(tx, id, now);
    const updated = await repo.updateEvent(tx, id, { state: 'closed' });
    await repo.announceEventChange(tx);
    await recordAudit(tx, actor, {
      action: 'event.close',
      entityKind: 'event',
      entityId: id,
      before: { state: phase },
      after: { state: 'closed' },
    });
    return staffView(tx, updated, now);
  });
}

// --- Translating ---------------------------------------------------------------------------------

/**
 * An event's name and terms in one language, at any time. English, the source, is written by editors
 * and admins and shown at once; a translation (a translator: in their languages) is saved as the
 * language's draft, shown to entrants once published (ADR 45).
 */
export async function translateEvent(
  db: Db,
  member: StaffMember,
  actor: AuditActor,
  id: string,
  lang: LanguageCode,
  text: { name: string; terms: string },
  now: Date,
): Promise<StaffEvent> {
  if (lang === SOURCE_LANG) assertMayWriteSource(member);
  else assertMayEditLanguage(member, lang);
  const name = filledText(text.name, 'name');
  return db.transaction(async (tx) => {
    const event = await eventOr404(tx, id, true);
    if (lang === SOURCE_LANG) {
      await repo.upsertText(tx, id, lang, { name, terms: text.terms });
      if (event.state !== 'draft') await repo.announceEventChange(tx);
    } else {
      await saveDraft(tx, member, id, lang, 'texts', (draft) => ({ ...draft, name, terms: text.terms }));
    }
    await recordAudit(tx, actor, {
      action: lang === SOURCE_LANG ? 'event.update' : 'event.translation.save',
      entityKind: 'event',
      entityId: id,
      lang,
      after: { texts: [lang] },
    });
    return staffView(tx, event, now);
  });
}

// --- Running the event ---------------------------------------------------------------------------

/** Live counts of entries by state, small groups withheld as analytics withholds them. */
export async function counts(db: DbOrTx, id: string, now: Date): Promise<EventCountsAnswer> {
  const event = await eventOr404(db, id);
  const c = await repo.entryCounts(db, id);
  const { cells, total } = withholdPartition([
    c.awaiting_guardian,
    c.open,
    c.submitted + c.closed_by_server,
    c.withdrawn,
    c.disqualified,
  ]);
  const [awaitingGuardian, inProgress, completed, withdrawn, disqualified] = cells;
  return {
    state: phaseOf(event, now),
    minGroup: ANALYTICS_MIN_GROUP,
    entries: total,
    awaitingGuardian: awaitingGuardian!,
    inProgress: inProgress!,
    completed: completed!,
    withdrawn: withdrawn!,
    disqualified: disqualified!,
  };
}

/** Entries with starts refused after the first (several entries attempted) or answers after the deadline. */
export async function flagged(db: DbOrTx, id: string): Promise<FlaggedEntriesAnswer> {
  await eventOr404(db, id);
  const rows = await repo.flaggedEntries(db, id);
  const names = await entrantNames(db, [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))]);
  return {
    entries: rows.map((r) => ({
      number: r.number,
      state: r.state as FlaggedEntriesAnswer['entries'][number]['state'],
      stateReason: r.stateReason,
      firstName: r.userId ? firstNameOf(names.get(r.userId)?.name) : null,
      refusedStarts: r.refusedStarts,
      lateAnswers: Number(r.lateAnswers),
    })),
  };
}

/** Disqualifies an entry with a reason, recorded in the audit log; not once the results are final. */
export async function disqualify(
  db: Db,
  actor: AuditActor,
  id: string,
  number: number,
  reason: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await eventOr404(tx, id, true);
    if (resultsFinal(event, now)) throw conflict('eventResultsFinal');
    const entry = await repo.findEntryByNumber(tx, id, number);
    if (!entry || entry.state === 'withdrawn') throw notFound('eventEntryNotFound');
    const disqualified = await repo.setEntry(tx, entry.id, {
      state: 'disqualified',
      stateReason: reason.trim(),
      closedAt: entry.closedAt ?? now,
    });
    // During the review period the published ranking is recomputed without the entry.
    if (event.state === 'results_published') {
      await storeRanking(tx, id);
      await repo.announceEventChange(tx);
    }
    await recordAudit(tx, actor, {
      action: 'event.disqualify',
      entityKind: 'event',
      entityId: id,
      before: { number, state: entry.state },
      // The reason as stored, read back: what the entrant is shown.
      after: { number, state: 'disqualified', reason: disqualified.stateReason },
    });
  });
}

/** Publishes the results of a closed event: entrants see their scores and answers, the leaderboard opens. */
export async function publishResults(db: Db, actor: AuditActor, id: string, now: Date): Promise<StaffEvent> {
  return db.transaction(async (tx) => {
    const event = await eventOr404(tx, id, true);
    if (phaseOf(event, now) !== 'closed') throw conflict('eventNotClosed');
    await repo.closeOpenEntries(tx, id, now);
    await storeRanking(tx, id);
    const updated = await repo.updateEvent(tx, id, { state: 'results_published', resultsPublishedAt: now });
    await repo.announceEventChange(tx);
    await recordAudit(tx, actor, {
      action: 'event.results.publish',
      entityKind: 'event',
      entityId: id,
      after: { resultsPublishedAt: now.toISOString(), reviewHours: event.reviewHours },
    });
    return staffView(tx, updated, now);
  });
}

/** The ranked results: the staff read them once the event has closed, before publishing too. */
export async function results(db: DbOrTx, id: string, now: Date): Promise<StaffResultsAnswer> {
  const event = await eventOr404(db, id);
  const phase = phaseOf(event, now);
  if (phase !== 'closed' && phase !== 'results_published') throw conflict('eventNotClosed');
  // Published: the stored ranking (what entrants and the leaderboard see); before: computed now.
  const ranked = phase === 'results_published' ? await storedRanking(db, id) : await rankedEntries(db, id);
  return {
    rows: ranked.map((r) => ({
      rank: r.rank,
      number: r.number,
      firstName: r.firstName,
      district: r.district,
      correct: r.correct,
      timeSeconds: r.timeMs / 1000,
    })),
  };
}

/** The results as a CSV file (rank, first name, district, score, time; never a number), its download audited. */
export async function resultsCsv(db: Db, actor: AuditActor, id: string, now: Date): Promise<string> {
  const { rows } = await results(db, id, now);
  await recordAudit(db, actor, {
    action: 'event.results.export',
    entityKind: 'event',
    entityId: id,
    after: { rows: rows.length },
  });
  return csvFile([
    ['rank', 'first_name', 'district', 'score', 'time_seconds'],
    ...rows.map((r) => [r.rank, r.firstName, r.district ?? '', r.correct, r.timeSeconds]),
  ]);
}
