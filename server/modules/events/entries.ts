// An entrant's side of an event (ADR 40): starting the one entry their verified number may make,
// reading it (the same draw after a reload, the time left on the server's clock, nothing about the
// right options before results are published), answering, submitting, a minor's guardian consent by
// a one-time password naming the event, and withdrawal. The clock is the deps' (a test's own).
import { createHmac, randomInt } from 'node:crypto';
import type { EntryView } from '../../../contract/events';
import type { StartEntryBody, AnswerBody } from '../../../contract/events';
import type { GuardianConsentBody, GuardianConsentCodeBody } from '../../../contract/users';
import { ANSWER_GRACE_SECONDS, type EventQuestionType } from '../../../contract/event-rules';
import type { LanguageCode } from '../../../contract/languages';
import { MINOR_AGE } from '../../../contract/profile-options';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { sendConsentCode, useConsentCode, type AuthDeps } from '../auth/service';
import { checkGuardian, entrantNames } from '../users/service';
import * as repo from './repository';
import { inLanguage, storeRanking } from './results';
import {
  drawEntry,
  entryDeadline,
  eventPhase,
  isLate,
  isRight,
  isWithinWindow,
  measuredMs,
  type EventWindow,
} from './rules';

/** What the entrant's calls need: sign-in's deps (the database, the secret, SMS, the clock). */
export type EventDeps = AuthDeps;
export interface Entrant {
  id: string;
  mobile: string;
}

export const timeOf = (deps: Pick<EventDeps, 'now'>): Date => (deps.now ? deps.now() : new Date());

/**
 * The key an entry is made with: a hash of the verified number keyed by the server's secret, so the
 * table holds no number, a withdrawn entry keeps no number, and the same number always makes the same key.
 */
export function mobileKey(secret: string, mobile: string): string {
  return createHmac('sha256', secret).update(`event-entry:${mobile}`).digest('hex');
}

/** A time of day as the API shows it: HH:MM, with seconds only when there are some. */
export const timeText = (time: string) => (time.endsWith(':00') && time.length === 8 ? time.slice(0, 5) : time);

export function windowOf(event: repo.EventRow): EventWindow {
  return { firstDay: event.firstDay, lastDay: event.lastDay, opensAt: event.opensAt, closesAt: event.closesAt };
}

/** The event learners can see (not a draft), or 404. */
export async function visibleEvent(db: DbOrTx, key: string): Promise<repo.EventRow> {
  const event = await repo.findEventByKey(db, key);
  if (!event || event.state === 'draft') throw notFound('eventNotFound');
  return event;
}

/** Refuses unless entries can be started or confirmed now: the event open and the day's hours running. */
function assertWindowOpen(event: repo.EventRow, now: Date): void {
  const window = windowOf(event);
  if (eventPhase(event.state as never, window, now) !== 'open' || !isWithinWindow(window, now)) {
    throw conflict('eventNotOpen');
  }
}

async function entryOf(deps: EventDeps, event: repo.EventRow, entrant: Entrant, lock = false, db: DbOrTx = deps.db) {
  const entry = await repo.findEntry(db, event.id, mobileKey(deps.config.secret, entrant.mobile), { lock });
  if (!entry) throw notFound('eventNoEntry');
  return entry;
}

/** The event's name in a language (else English), as the guardian's message names it. */
async function eventName(db: DbOrTx, event: repo.EventRow, lang: LanguageCode): Promise<string> {
  return inLanguage(await repo.textsOf(db, [event.id]), lang)?.row.name ?? event.key;
}

/** Starts the entrant's one entry: open at once, or waiting for a guardian when a minor. */
export async function startEntry(
  deps: EventDeps,
  entrant: Entrant,
  key: string,
  body: StartEntryBody,
): Promise<EntryView> {
  const now = timeOf(deps);
  const { db } = deps;
  const event = await visibleEvent(db, key);
  assertWindowOpen(event, now);
  const profile = (await entrantNames(db, [entrant.id])).get(entrant.id);
  const minor = body.age < MINOR_AGE || (profile?.minorUntil != null && profile.minorUntil > now);
  if (minor && !event.minorsAllowed) throw forbidden('eventMinorsNotAllowed', { age: MINOR_AGE });
  const pool = await repo.poolOf(db, event.id);
  const draw = drawEntry(
    pool.map((q) => ({ id: q.id, optionCount: q.optionCount })),
    event.questionsPerEntry,
    (max) => randomInt(max),
  );
  const key_ = mobileKey(deps.config.secret, entrant.mobile);
  const entry = await repo.insertEntry(db, {
    eventId: event.id,
    userId: entrant.id,
    mobileKey: key_,
    lang: body.lang,
    minor,
    state: minor ? 'awaiting_guardian' : 'open',
    questionIds: draw.questionIds,
    optionOrders: draw.optionOrders,
    startedAt: minor ? null : now,
    deadline: minor ? null : entryDeadline(windowOf(event), now, event.timeLimitSeconds),
  });
  if (!entry) {
    // The number has an entry: the start is refused, counted (the staff see several attempts), and
    // the refusal names the first entry.
    const first = await repo.noteRefusedStart(db, event.id, key_);
    const number = first?.number ?? 0;
    throw first?.state === 'withdrawn'
      ? conflict('eventEntryWithdrawn', { number })
      : conflict('eventAlreadyEntered', { number });
  }
  return entryView(db, event, entry, now);
}

/** The entrant's entry, closed first when its time is over. */
export async function myEntry(deps: EventDeps, entrant: Entrant, key: string): Promise<EntryView> {
  const now = timeOf(deps);
  const event = await visibleEvent(deps.db, key);
  const entry = await repo.closeIfDue(deps.db, await entryOf(deps, event, entrant), now, ANSWER_GRACE_SECONDS);
  return entryView(deps.db, event, entry, now);
}

/**
 * Keeps an answer with the time the server received it. After the deadline and its grace, or once
 * the server closed the entry, it is kept as late and never counts.
 */
export async function answer(deps: EventDeps, entrant: Entrant, key: string, body: AnswerBody) {
  const now = timeOf(deps);
  const event = await visibleEvent(deps.db, key);
  return deps.db.transaction(async (tx) => {
    const entry = await repo.closeIfDue(tx, await entryOf(deps, event, entrant, true, tx), now, ANSWER_GRACE_SECONDS);
    if (entry.state !== 'open' && entry.state !== 'closed_by_server') throw conflict('eventEntryNotOpen');
    const index = entry.questionIds?.indexOf(body.questionId) ?? -1;
    if (index < 0) throw badRequest('answerUnknownQuestion');
    const [question] = await repo.questionsByIds(tx, [body.questionId]);
    const selected = [...new Set(body.selected)].sort((a, b) => a - b);
    if (!question || selected.some((i) => i >= question.optionCount)) throw badRequest('answerUnknownOption');
    if (question.type === 'single' && selected.length !== 1) throw badRequest('eventSingleAnswer');
    const late = entry.state !== 'open' || isLate(now, entry.deadline!);
    await repo.saveAnswer(tx, { entryId: entry.id, questionId: question.id, late, selected, receivedAt: now });
    return {
      questionId: question.id,
      late,
      receivedAt: now.toISOString(),
      remainingSeconds: remainingSeconds(entry.deadline, now) ?? 0,
    };
  });
}

/** Submits the entry; submitting it again answers it as it is. */
export async function submit(deps: EventDeps, entrant: Entrant, key: string): Promise<EntryView> {
  const now = timeOf(deps);
  const event = await visibleEvent(deps.db, key);
  const entry = await deps.db.transaction(async (tx) => {
    const found = await repo.closeIfDue(tx, await entryOf(deps, event, entrant, true, tx), now, ANSWER_GRACE_SECONDS);
    if (found.state === 'submitted') return found;
    if (found.state === 'closed_by_server') throw conflict('eventEntryClosed');
    if (found.state !== 'open') throw conflict('eventEntryNotOpen');
    return (await repo.submitEntry(tx, found.id, now))!;
  });
  return entryView(deps.db, event, entry, now);
}

/** The entry waiting for a guardian, or 400 when it does not wait for one. */
async function waitingEntry(deps: EventDeps, event: repo.EventRow, entrant: Entrant) {
  const entry = await entryOf(deps, event, entrant);
  if (entry.state !== 'awaiting_guardian') throw badRequest('eventConsentNotNeeded');
  return entry;
}

/** Sends the guardian's own number a code naming the event (sign-in's cooldown and limits). */
export async function sendEntryConsentCode(
  deps: EventDeps,
  entrant: Entrant,
  key: string,
  body: GuardianConsentCodeBody,
  clientIp: string,
): Promise<{ resendAfter: number }> {
  const now = timeOf(deps);
  const event = await visibleEvent(deps.db, key);
  const entry = await waitingEntry(deps, event, entrant);
  assertWindowOpen(event, now);
  const { guardianMobile } = checkGuardian(body, entrant.mobile);
  const name = await eventName(deps.db, event, entry.lang as LanguageCode);
  return sendConsentCode(
    deps,
    { mobile: guardianMobile, userId: entrant.id, event: { entryId: entry.id, name } },
    clientIp,
  );
}

/**
 * With the code the guardian received, records their consent (method, the terms' version and
 * language, time, the guardian's name, relationship and number) and opens the entry: its time starts then.
 */
export async function recordEntryConsent(
  deps: EventDeps,
  entrant: Entrant,
  key: string,
  body: GuardianConsentBody,
): Promise<EntryView> {
  const now = timeOf(deps);
  const event = await visibleEvent(deps.db, key);
  const entry = await waitingEntry(deps, event, entrant);
  const guardian = checkGuardian(body, entrant.mobile);
  if (body.agree !== true) throw badRequest('agreeRequired');
  assertWindowOpen(event, now);
  const texts = await repo.textsOf(deps.db, [event.id]);
  const notice = inLanguage(texts, entry.lang as LanguageCode);
  const opened = await useConsentCode(
    deps,
    { mobile: guardian.guardianMobile, userId: entrant.id, event: { entryId: entry.id, name: notice?.row.name ?? '' } },
    body.otp,
    async (tx, at) => {
      const locked = await repo.findEntry(tx, event.id, entry.mobileKey, { lock: true });
      if (locked?.state !== 'awaiting_guardian') throw badRequest('eventConsentNotNeeded');
      await repo.insertConsent(tx, {
        entryId: entry.id,
        method: 'guardian-otp',
        noticeVersion: event.termsVersion,
        noticeLang: notice?.lang ?? 'en',
        consentedAt: at,
        guardianName: guardian.guardianName,
        guardianRelationship: guardian.guardianRelationship,
        guardianMobile: guardian.guardianMobile,
      });
      return repo.setEntry(tx, entry.id, {
        state: 'open',
        startedAt: at,
        deadline: entryDeadline(windowOf(event), at, event.timeLimitSeconds),
      });
    },
  );
  return entryView(deps.db, event, opened, now);
}

/** Withdraws the entry: its answers, consent and result are erased, and the number cannot enter again. */
export async function withdraw(deps: EventDeps, entrant: Entrant, key: string): Promise<void> {
  const event = await visibleEvent(deps.db, key);
  await deps.db.transaction(async (tx) => {
    const entry = await entryOf(deps, event, entrant, true, tx);
    if (entry.state === 'withdrawn') return;
    await repo.withdrawEntry(tx, entry.id);
    // A published ranking closes up behind the entry that left it.
    if (event.state === 'results_published' && entry.rank !== null) {
      await storeRanking(tx, event.id);
      await repo.announceEventChange(tx);
    }
  });
}

function remainingSeconds(deadline: Date | null, now: Date): number | null {
  return deadline ? Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000)) : null;
}

/** States in which the entrant sees the questions dealt to them. */
const SHOWS_QUESTIONS = new Set(['open', 'submitted', 'closed_by_server', 'disqualified']);

/**
 * The entry as its entrant sees it: the questions and options in the order dealt, in the entry's
 * language (else English), with the answer that counts; the right options and explanations only
 * once results are published.
 */
export async function entryView(db: DbOrTx, event: repo.EventRow, entry: repo.EntryRow, now: Date): Promise<EntryView> {
  const ids = entry.questionIds && SHOWS_QUESTIONS.has(entry.state) ? entry.questionIds : [];
  const lang = entry.lang as LanguageCode;
  const [questions, texts, answers] = await Promise.all([
    repo.questionsByIds(db, ids),
    repo.questionTexts(db, ids, [...new Set<LanguageCode>([lang, 'en'])]),
    repo.answersOf(db, ids.length ? [entry.id] : []),
  ]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const counted = new Map(answers.filter((a) => !a.late).map((a) => [a.questionId, a.selected]));
  const late = new Set(answers.filter((a) => a.late).map((a) => a.questionId));
  const shown = ids.flatMap((id, i) => {
    const question = byId.get(id);
    const text = inLanguage(
      texts.filter((t) => t.questionId === id),
      lang,
    )?.row;
    if (!question || !text) return [];
    return [
      {
        id,
        type: question.type as EventQuestionType,
        content: text.content,
        options: (entry.optionOrders?.[i] ?? []).map((option) => ({ id: option, content: text.options[option] ?? '' })),
        selected: counted.get(id) ?? null,
        lateAnswer: late.has(id),
        explanation: text.explanation,
        question,
      },
    ];
  });

  let results: EntryView['results'] = null;
  if (event.state === 'results_published' && entry.startedAt && SHOWS_QUESTIONS.has(entry.state)) {
    const review = shown.map((q) => ({
      questionId: q.id,
      correctOptions: [...q.question.correct],
      explanation: q.explanation,
      right: q.selected !== null && isRight({ id: q.id, type: q.type, correct: q.question.correct }, q.selected),
    }));
    results = {
      correct: review.filter((r) => r.right).length,
      total: review.length,
      rank: entry.rank,
      timeSeconds:
        entry.deadline && entry.state !== 'open'
          ? measuredMs({ startedAt: entry.startedAt, deadline: entry.deadline, submittedAt: entry.submittedAt }) / 1000
          : null,
      final: resultsFinal(event, now),
      review,
    };
  }

  return {
    number: entry.number,
    state: entry.state as EntryView['state'],
    stateReason: entry.stateReason,
    minor: entry.minor,
    lang,
    serverTime: now.toISOString(),
    startedAt: entry.startedAt?.toISOString() ?? null,
    deadline: entry.deadline?.toISOString() ?? null,
    remainingSeconds: remainingSeconds(entry.deadline, now),
    graceSeconds: ANSWER_GRACE_SECONDS,
    questions: shown.map(({ explanation: _explanation, question: _question, ...q }) => q),
    results,
  };
}

/** When the leaderboard becomes final: published plus the review period; null before publishing. */
export function resultsFinalAt(event: repo.EventRow): Date | null {
  return event.resultsPublishedAt ? new Date(event.resultsPublishedAt.getTime() + event.reviewHours * 3_600_000) : null;
}

export function resultsFinal(event: repo.EventRow, now: Date): boolean {
  const at = resultsFinalAt(event);
  return at !== null && now >= at;
}
