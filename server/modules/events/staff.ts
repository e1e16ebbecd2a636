// The staff's side of events (ADR 40): creating and changing an event and its texts, its question
// pool, scheduling and closing it, live counts (small groups withheld as analytics does), flagged
// entries, disqualification, publishing the results and the results file. Every write is in one
// transaction with its audit entry. The days, hours, rules and pool are fixed once the event opens.
import type {
  CreateEventBody,
  EventCountsAnswer,
  FlaggedEntriesAnswer,
  QuestionBody,
  StaffEvent,
  StaffQuestion,
  StaffResultsAnswer,
  UpdateEventBody,
} from '../../../contract/events';
import { ANALYTICS_MIN_GROUP } from '../../../contract/analytics-rules';
import type { EventQuestionType, EventState } from '../../../contract/event-rules';
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import type { Db, DbOrTx } from '../../db/client';
import { csvFile } from '../../lib/csv';
import { FieldsError, conflict, notFound } from '../../plugins/errors';
import { withholdPartition } from '../analytics/service';
import { recordAudit, type AuditActor } from '../audit/service';
import { entrantNames } from '../users/service';
import { resultsFinal, timeText, windowOf } from './entries';
import * as repo from './repository';
import { firstNameOf, rankedEntries } from './results';
import { eventPhase, isWindowValid } from './rules';

/** A key no event may take: the public pages' path segment. */
const RESERVED_KEYS = new Set(['public']);

const phaseOf = (event: repo.EventRow, now: Date) => eventPhase(event.state as EventState, windowOf(event), now);

/** Whether the event's settings and pool may still change: a draft, or scheduled and not yet opened. */
function assertEditable(event: repo.EventRow, now: Date): void {
  const phase = phaseOf(event, now);
  if (phase !== 'draft' && phase !== 'scheduled') throw conflict('eventLocked');
}

async function eventOr404(db: DbOrTx, id: string, lock = false): Promise<repo.EventRow> {
  const event = await repo.findEvent(db, id, { lock });
  if (!event) throw notFound('eventNotFound');
  return event;
}

/** The event as the staff read it: settings, state on the clock, texts, and what is written in each language. */
async function staffView(db: DbOrTx, event: repo.EventRow, now: Date): Promise<StaffEvent> {
  const [texts, pool] = await Promise.all([repo.textsOf(db, [event.id]), repo.poolOf(db, event.id)]);
  const questionTexts = await repo.questionTexts(
    db,
    pool.map((q) => q.id),
  );
  const translation: StaffEvent['translation'] = {};
  for (const lang of LANGUAGE_CODES) {
    const text = texts.find((t) => t.lang === lang);
    translation[lang] = {
      name: !!text?.name.trim(),
      terms: !!text?.terms.trim(),
      questions: questionTexts.filter((t) => t.lang === lang).length,
    };
  }
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

function checkWindow(window: { firstDay: string; lastDay: string; opensAt: string; closesAt: string }): void {
  if (!isWindowValid(window)) {
    throw new FieldsError(400, 'eventInvalid', [
      window.firstDay > window.lastDay
        ? { field: 'lastDay', message: 'must be on or after firstDay' }
        : { field: 'closesAt', message: 'must be after opensAt, on the same day' },
    ]);
  }
}

async function writeTexts(tx: DbOrTx, eventId: string, texts: CreateEventBody['texts'] | undefined) {
  for (const [lang, text] of Object.entries(texts ?? {}) as [string, { name: string; terms: string } | undefined][]) {
    if (text) await repo.upsertText(tx, eventId, lang as LanguageCode, { name: text.name.trim(), terms: text.terms });
  }
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
    await recordAudit(tx, actor, { action: 'event.create', entityKind: 'event', entityId: event.id, after: body });
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
    await recordAudit(tx, actor, {
      action: 'event.update',
      entityKind: 'event',
      entityId: id,
      before: Object.fromEntries(Object.keys(settings).map((k) => [k, event[k as keyof repo.EventRow]])),
      after: body,
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

// --- The pool ------------------------------------------------------------------------------------

function toStaffQuestion(question: repo.QuestionRow, texts: repo.QuestionTextRow[]): StaffQuestion {
  return {
    id: question.id,
    position: question.position,
    type: question.type as EventQuestionType,
    optionCount: question.optionCount,
    correct: question.correct,
    texts: Object.fromEntries(
      texts
        .filter((t) => t.questionId === question.id)
        .map((t) => [t.lang, { content: t.content, options: t.options, explanation: t.explanation }]),
    ),
  };
}

type QuestionText = { content: string; options: string[]; explanation: string };

/** A question's body, checked beyond its schema: right options that exist, one for a single answer, every language's options counted alike. */
function checkQuestion(body: QuestionBody) {
  const problems: { field: string; message: string }[] = [];
  const correct = [...new Set(body.correct)].sort((a, b) => a - b);
  if (correct.some((i) => i >= body.optionCount))
    problems.push({ field: 'correct', message: 'names an option the question does not have' });
  if (body.type === 'single' && correct.length !== 1)
    problems.push({ field: 'correct', message: 'must name exactly one option for a single answer' });
  const given = Object.entries(body.texts) as [string, QuestionText | undefined][];
  for (const [lang, text] of given) {
    if (text && text.options.length !== body.optionCount)
      problems.push({ field: `texts.${lang}.options`, message: `must have ${body.optionCount} options` });
  }
  if (problems.length) throw new FieldsError(400, 'eventInvalid', problems);
  const texts = given.flatMap(([lang, text]) =>
    text
      ? [
          {
            lang: lang as LanguageCode,
            content: text.content.trim(),
            options: text.options.map((o) => o.trim()),
            explanation: text.explanation,
          },
        ]
      : [],
  );
  return { type: body.type, optionCount: body.optionCount, correct, texts };
}

export async function listQuestions(db: DbOrTx, id: string): Promise<StaffQuestion[]> {
  await eventOr404(db, id);
  const pool = await repo.poolOf(db, id);
  const texts = await repo.questionTexts(
    db,
    pool.map((q) => q.id),
  );
  return pool.map((q) => toStaffQuestion(q, texts));
}

async function saveQuestion(
  db: Db,
  actor: AuditActor,
  id: string,
  questionId: string | null,
  body: QuestionBody,
  now: Date,
): Promise<StaffQuestion> {
  const checked = checkQuestion(body);
  return db.transaction(async (tx) => {
    assertEditable(await eventOr404(tx, id, true), now);
    const { texts, ...key } = checked;
    let question: repo.QuestionRow;
    if (questionId) {
      const [found] = await repo.questionsByIds(tx, [questionId]);
      if (!found || found.eventId !== id) throw notFound('eventQuestionNotFound');
      await repo.updateQuestion(tx, questionId, key);
      question = { ...found, ...key };
    } else {
      question = await repo.insertQuestion(tx, { eventId: id, position: await repo.nextPosition(tx, id), ...key });
    }
    await repo.replaceQuestionTexts(tx, question.id, texts);
    await recordAudit(tx, actor, { action: 'event.question.save', entityKind: 'event', entityId: id, after: body });
    return toStaffQuestion(question, await repo.questionTexts(tx, [question.id]));
  });
}

export const createQuestion = (db: Db, actor: AuditActor, id: string, body: QuestionBody, now: Date) =>
  saveQuestion(db, actor, id, null, body, now);
export const updateQuestion = (
  db: Db,
  actor: AuditActor,
  id: string,
  questionId: string,
  body: QuestionBody,
  now: Date,
) => saveQuestion(db, actor, id, questionId, body, now);

export async function deleteQuestion(db: Db, actor: AuditActor, id: string, questionId: string, now: Date) {
  await db.transaction(async (tx) => {
    assertEditable(await eventOr404(tx, id, true), now);
    if (!(await repo.deleteQuestion(tx, id, questionId))) throw notFound('eventQuestionNotFound');
    await recordAudit(tx, actor, {
      action: 'event.question.delete',
      entityKind: 'event',
      entityId: id,
      before: { questionId },
    });
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
    await repo.setEntry(tx, entry.id, {
      state: 'disqualified',
      stateReason: reason.trim(),
      closedAt: entry.closedAt ?? now,
    });
    await recordAudit(tx, actor, {
      action: 'event.disqualify',
      entityKind: 'event',
      entityId: id,
      before: { number, state: entry.state },
      after: { number, state: 'disqualified', reason: reason.trim() },
    });
  });
}

/** Publishes the results of a closed event: entrants see their scores and answers, the leaderboard opens. */
export async function publishResults(db: Db, actor: AuditActor, id: string, now: Date): Promise<StaffEvent> {
  return db.transaction(async (tx) => {
    const event = await eventOr404(tx, id, true);
    if (phaseOf(event, now) !== 'closed') throw conflict('eventNotClosed');
    await repo.closeOpenEntries(tx, id, now);
    const updated = await repo.updateEvent(tx, id, { state: 'results_published', resultsPublishedAt: now });
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
  const ranked = await rankedEntries(db, id);
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
