// Storage of events: the events with their texts, the question pool, entries, answers and consents.
// One entry per number per event is the unique index on (event_id, mobile_key), never a read first.
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { EntryState } from '../../../contract/event-rules';
import type { LanguageCode } from '../../../contract/languages';
import type { DbOrTx } from '../../db/client';
import { announceContentChange } from '../../lib/content-changes';
import {
  eventAnswers,
  eventConsents,
  eventEntries,
  eventQuestionTexts,
  eventQuestions,
  eventTexts,
  eventTranslations,
  events,
} from '../../db/schema/events';

export type EventRow = typeof events.$inferSelect;
export type EntryRow = typeof eventEntries.$inferSelect;
export type QuestionRow = typeof eventQuestions.$inferSelect;
export type QuestionTextRow = typeof eventQuestionTexts.$inferSelect;
export type EventTextRow = typeof eventTexts.$inferSelect;
export type TranslationRow = typeof eventTranslations.$inferSelect;

// --- Events ------------------------------------------------------------------------------------

/**
 * Tells every instance that what visitors see of events changed (a state, a text, the results), so
 * each empties its kept pages (ADR 21): delivered when the caller's transaction commits.
 */
export function announceEventChange(db: DbOrTx): Promise<void> {
  return announceContentChange(db, { kind: 'event', lang: null });
}

export async function findEventByKey(db: DbOrTx, key: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.key, key)).limit(1);
  return row;
}

export async function findEvent(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(events).where(eq(events.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export function listEvents(db: DbOrTx, options: { publicOnly?: boolean } = {}): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(options.publicOnly ? sql`${events.state} <> 'draft'` : undefined)
    .orderBy(asc(events.firstDay), asc(events.key));
}

export function textsOf(db: DbOrTx, eventIds: string[]) {
  if (!eventIds.length) return Promise.resolve([]);
  return db.select().from(eventTexts).where(inArray(eventTexts.eventId, eventIds));
}

export async function insertEvent(db: DbOrTx, values: typeof events.$inferInsert): Promise<EventRow | undefined> {
  const [row] = await db.insert(events).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateEvent(db: DbOrTx, id: string, patch: Partial<typeof events.$inferInsert>) {
  const [row] = await db
    .update(events)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(events.id, id))
    .returning();
  return row!;
}

export async function upsertText(
  db: DbOrTx,
  eventId: string,
  lang: LanguageCode,
  text: { name: string; terms: string },
): Promise<void> {
  await db
    .insert(eventTexts)
    .values({ eventId, lang, ...text })
    .onConflictDoUpdate({
      target: [eventTexts.eventId, eventTexts.lang],
      set: { name: text.name, terms: text.terms, updatedAt: new Date() },
    });
}

/**
 * Writes down what the clock has done: scheduled events past their first opening are open, those
 * past their last closing closed. Answers how many events it changed.
 */
export async function recordEventPhases(db: DbOrTx, now: Date): Promise<number> {
  const result = await db.execute(sql`update events set state = case
      when ((last_day + closes_at) at time zone 'Asia/Kolkata') <= ${now.toISOString()}::timestamptz then 'closed'
      else 'open' end, updated_at = now()
    where state in ('scheduled', 'open')
      and ((first_day + opens_at) at time zone 'Asia/Kolkata') <= ${now.toISOString()}::timestamptz
      and state <> case
        when ((last_day + closes_at) at time zone 'Asia/Kolkata') <= ${now.toISOString()}::timestamptz then 'closed'
        else 'open' end
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

// --- Translations (ADR 45) ------------------------------------------------------------------------

export function translationsOf(db: DbOrTx, eventId: string): Promise<TranslationRow[]> {
  return db.select().from(eventTranslations).where(eq(eventTranslations.eventId, eventId));
}

export async function translationOf(db: DbOrTx, eventId: string, lang: LanguageCode) {
  const [row] = await db
    .select()
    .from(eventTranslations)
    .where(and(eq(eventTranslations.eventId, eventId), eq(eventTranslations.lang, lang)));
  return row;
}

/** Writes a language's translation row: made with `patch` when there is none (a status is then needed). */
export async function saveTranslation(
  db: DbOrTx,
  eventId: string,
  lang: LanguageCode,
  patch: Partial<Omit<typeof eventTranslations.$inferInsert, 'eventId' | 'lang'>> & { status?: string },
): Promise<void> {
  await db
    .insert(eventTranslations)
    .values({ eventId, lang, status: patch.status ?? 'draft', ...patch })
    .onConflictDoUpdate({ target: [eventTranslations.eventId, eventTranslations.lang], set: patch });
}

// --- The pool ----------------------------------------------------------------------------------

export function poolOf(db: DbOrTx, eventId: string): Promise<QuestionRow[]> {
  return db
    .select()
    .from(eventQuestions)
    .where(eq(eventQuestions.eventId, eventId))
    .orderBy(asc(eventQuestions.position), asc(eventQuestions.id));
}

export function questionsByIds(db: DbOrTx, ids: string[]): Promise<QuestionRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(eventQuestions).where(inArray(eventQuestions.id, ids));
}

export function questionTexts(db: DbOrTx, questionIds: string[], langs?: LanguageCode[]): Promise<QuestionTextRow[]> {
  if (!questionIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(eventQuestionTexts)
    .where(
      and(
        inArray(eventQuestionTexts.questionId, questionIds),
        langs ? inArray(eventQuestionTexts.lang, langs) : undefined,
      ),
    );
}

export async function insertQuestion(db: DbOrTx, values: typeof eventQuestions.$inferInsert): Promise<QuestionRow> {
  const [row] = await db.insert(eventQuestions).values(values).returning();
  return row!;
}

export async function updateQuestion(
  db: DbOrTx,
  id: string,
  patch: Pick<QuestionRow, 'type' | 'optionCount' | 'correct'>,
): Promise<void> {
  await db
    .update(eventQuestions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(eventQuestions.id, id));
}

export async function replaceQuestionTexts(
  db: DbOrTx,
  questionId: string,
  texts: { lang: LanguageCode; content: string; options: string[]; explanation: string }[],
): Promise<void> {
  await db.delete(eventQuestionTexts).where(eq(eventQuestionTexts.questionId, questionId));
  if (texts.length) await db.insert(eventQuestionTexts).values(texts.map((t) => ({ questionId, ...t })));
}

export async function upsertQuestionText(
  db: DbOrTx,
  questionId: string,
  text: { lang: LanguageCode; content: string; options: string[]; explanation: string },
): Promise<void> {
  await db
    .insert(eventQuestionTexts)
    .values({ questionId, ...text })
    .onConflictDoUpdate({
      target: [eventQuestionTexts.questionId, eventQuestionTexts.lang],
      set: { content: text.content, options: text.options, explanation: text.explanation },
    });
}

export async function deleteQuestion(db: DbOrTx, eventId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(eventQuestions)
    .where(and(eq(eventQuestions.id, id), eq(eventQuestions.eventId, eventId)))
    .returning({ id: eventQuestions.id });
  return rows.length === 1;
}

export async function nextPosition(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${eventQuestions.position})` })
    .from(eventQuestions)
    .where(eq(eventQuestions.eventId, eventId));
  return (row?.max ?? -1) + 1;
}

// --- Entries -----------------------------------------------------------------------------------

/**
 * Makes the entry unless the number has one for the event; answers the new row, or undefined when
 * one exists (then nothing is written: fifty of these at once make one row).
 */
export async function insertEntry(
  db: DbOrTx,
  values: Omit<typeof eventEntries.$inferInsert, 'id' | 'number'>,
): Promise<EntryRow | undefined> {
  const [row] = await db
    .insert(eventEntries)
    .values(values)
    .onConflictDoNothing({ target: [eventEntries.eventId, eventEntries.mobileKey] })
    .returning();
  return row;
}

/** Counts a refused start on the number's entry; answers the entry's number and state. */
export async function noteRefusedStart(db: DbOrTx, eventId: string, mobileKey: string) {
  const [row] = await db
    .update(eventEntries)
    .set({ refusedStarts: sql`${eventEntries.refusedStarts} + 1` })
    .where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.mobileKey, mobileKey)))
    .returning({ number: eventEntries.number, state: eventEntries.state });
  return row;
}

export async function findEntry(
  db: DbOrTx,
  eventId: string,
  mobileKey: string,
  options: { lock?: boolean } = {},
): Promise<EntryRow | undefined> {
  const query = db
    .select()
    .from(eventEntries)
    .where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.mobileKey, mobileKey)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findEntryByNumber(db: DbOrTx, eventId: string, number: number) {
  const [row] = await db
    .select()
    .from(eventEntries)
    .where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.number, number)))
    .limit(1)
    .for('update');
  return row;
}

/** The grace's end as SQL: an open entry past it is closed by the server. */
const pastGrace = (now: Date, graceSeconds: number) =>
  lt(eventEntries.deadline, new Date(now.getTime() - graceSeconds * 1000));

/** Closes the entry if it is open and past its deadline and grace; answers it as it now stands. */
export async function closeIfDue(db: DbOrTx, entry: EntryRow, now: Date, graceSeconds: number): Promise<EntryRow> {
  if (entry.state !== 'open') return entry;
  const [row] = await db
    .update(eventEntries)
    .set({ state: 'closed_by_server', closedAt: now })
    .where(and(eq(eventEntries.id, entry.id), eq(eventEntries.state, 'open'), pastGrace(now, graceSeconds)))
    .returning();
  return row ?? entry;
}

/**
 * Closes every open entry past its deadline and grace, in one statement: run by every instance,
 * each row is closed once (a second instance's statement finds it closed).
 */
export async function closeDueEntries(db: DbOrTx, now: Date, graceSeconds: number, eventId?: string): Promise<number> {
  const rows = await db
    .update(eventEntries)
    .set({ state: 'closed_by_server', closedAt: now })
    .where(
      and(
        eq(eventEntries.state, 'open'),
        pastGrace(now, graceSeconds),
        eventId ? eq(eventEntries.eventId, eventId) : undefined,
      ),
    )
    .returning({ id: eventEntries.id });
  return rows.length;
}

/** Closes every open entry of an event, whatever its deadline (the staff closed the event). */
export async function closeOpenEntries(db: DbOrTx, eventId: string, now: Date): Promise<void> {
  await db
    .update(eventEntries)
    .set({ state: 'closed_by_server', closedAt: now })
    .where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.state, 'open')));
}

export async function setEntry(db: DbOrTx, id: string, patch: Partial<typeof eventEntries.$inferInsert>) {
  const [row] = await db.update(eventEntries).set(patch).where(eq(eventEntries.id, id)).returning();
  return row!;
}

/** Submits an open entry; undefined when it is not open (any more). */
export async function submitEntry(db: DbOrTx, id: string, now: Date): Promise<EntryRow | undefined> {
  const [row] = await db
    .update(eventEntries)
    .set({ state: 'submitted', submittedAt: now })
    .where(and(eq(eventEntries.id, id), eq(eventEntries.state, 'open')))
    .returning();
  return row;
}

/**
 * Withdraws an entry: its answers and consent are deleted, and of the entry itself only the event,
 * the number's keyed hash (one entry per number holds after it) and the state stay.
 */
export async function withdrawEntry(db: DbOrTx, id: string): Promise<void> {
  await db.delete(eventAnswers).where(eq(eventAnswers.entryId, id));
  await db.delete(eventConsents).where(eq(eventConsents.entryId, id));
  await db
    .update(eventEntries)
    .set({
      state: 'withdrawn' satisfies EntryState,
      userId: null,
      stateReason: null,
      minor: false,
      questionIds: null,
      optionOrders: null,
      startedAt: null,
      deadline: null,
      submittedAt: null,
      closedAt: null,
      refusedStarts: 0,
      correct: null,
      timeMs: null,
      rank: null,
    })
    .where(eq(eventEntries.id, id));
}

// --- Answers and consents ----------------------------------------------------------------------

export function answersOf(db: DbOrTx, entryIds: string[]) {
  if (!entryIds.length) return Promise.resolve([]);
  return db.select().from(eventAnswers).where(inArray(eventAnswers.entryId, entryIds));
}

/** Keeps an answer: one that counts replaces the one before it, a late one the late one before it. */
export async function saveAnswer(db: DbOrTx, values: typeof eventAnswers.$inferInsert): Promise<void> {
  await db
    .insert(eventAnswers)
    .values(values)
    .onConflictDoUpdate({
      target: [eventAnswers.entryId, eventAnswers.questionId, eventAnswers.late],
      set: { selected: values.selected, receivedAt: values.receivedAt },
    });
}

export async function insertConsent(db: DbOrTx, values: typeof eventConsents.$inferInsert): Promise<void> {
  await db.insert(eventConsents).values(values);
}

// --- The staff's figures -----------------------------------------------------------------------

export async function entryCounts(db: DbOrTx, eventId: string): Promise<Record<EntryState, number>> {
  const rows = await db
    .select({ state: eventEntries.state, count: sql<number>`count(*)::int` })
    .from(eventEntries)
    .where(eq(eventEntries.eventId, eventId))
    .groupBy(eventEntries.state);
  const counts = {
    awaiting_guardian: 0,
    open: 0,
    submitted: 0,
    closed_by_server: 0,
    withdrawn: 0,
    disqualified: 0,
  } satisfies Record<EntryState, number>;
  for (const row of rows) counts[row.state as EntryState] = Number(row.count);
  return counts;
}

/** Entries with starts refused after the first, or with an answer after the deadline. */
export async function flaggedEntries(db: DbOrTx, eventId: string) {
  return db
    .select({
      id: eventEntries.id,
      number: eventEntries.number,
      userId: eventEntries.userId,
      state: eventEntries.state,
      stateReason: eventEntries.stateReason,
      refusedStarts: eventEntries.refusedStarts,
      lateAnswers: sql<number>`(select count(*)::int from event_answers a where a.entry_id = ${eventEntries.id} and a.late)`,
    })
    .from(eventEntries)
    .where(
      and(
        eq(eventEntries.eventId, eventId),
        sql`(${eventEntries.refusedStarts} > 0 or exists (select 1 from event_answers a where a.entry_id = ${eventEntries.id} and a.late))`,
      ),
    )
    .orderBy(asc(eventEntries.number));
}

/**
 * Writes the event's results: every entry's rank cleared, then the ranked ones' right answers, time
 * and rank, in one statement each (a few thousand entries).
 */
export async function storeResults(
  db: DbOrTx,
  eventId: string,
  rows: readonly { id: string; correct: number; timeMs: number; rank: number }[],
): Promise<void> {
  await db
    .update(eventEntries)
    .set({ rank: null, correct: null, timeMs: null })
    .where(eq(eventEntries.eventId, eventId));
  if (!rows.length) return;
  await db.execute(sql`update event_entries e
    set correct = v.correct, time_ms = v.time_ms, rank = v.rank
    from unnest(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[], ${`{${rows.map((r) => r.correct).join(',')}}`}::int[],
      ${`{${rows.map((r) => r.timeMs).join(',')}}`}::int[], ${`{${rows.map((r) => r.rank).join(',')}}`}::int[])
      as v(id, correct, time_ms, rank)
    where e.id = v.id and e.event_id = ${eventId}`);
}

/** The stored results, best first: what the leaderboard and the results file show. */
export function storedResults(db: DbOrTx, eventId: string) {
  return db
    .select({
      id: eventEntries.id,
      number: eventEntries.number,
      userId: eventEntries.userId,
      correct: eventEntries.correct,
      timeMs: eventEntries.timeMs,
      rank: eventEntries.rank,
    })
    .from(eventEntries)
    .where(and(eq(eventEntries.eventId, eventId), isNotNull(eventEntries.rank)))
    .orderBy(asc(eventEntries.rank), asc(eventEntries.number));
}

/** The entries results rank: submitted or closed by the server, with their times. */
export function rankableEntries(db: DbOrTx, eventId: string) {
  return db
    .select({
      id: eventEntries.id,
      number: eventEntries.number,
      userId: eventEntries.userId,
      questionIds: eventEntries.questionIds,
      startedAt: eventEntries.startedAt,
      deadline: eventEntries.deadline,
      submittedAt: eventEntries.submittedAt,
    })
    .from(eventEntries)
    .where(
      and(
        eq(eventEntries.eventId, eventId),
        inArray(eventEntries.state, ['submitted', 'closed_by_server'] satisfies EntryState[]),
      ),
    );
}
