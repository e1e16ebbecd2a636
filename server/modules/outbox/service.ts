// A phone's outbox, applied (ADR 42): the changes a learner made without a network, each an event
// with an id the phone made. Each event is applied in a transaction of its own that first claims its
// id, so an event is applied once however often, and however concurrently, it is sent; its answer is
// kept with the claim and given again for the same id. The merge rules are the learner's calls' own:
// a lesson done stays done (a completion is recorded once), every quiz attempt is kept and scored on
// the server at arrival (the phone holds no correct answers), a course is completed, and so
// certified, only by the server's own tally; the journal is saved only over the version the phone
// last had. An event the server refuses (a course withdrawn meanwhile, not enrolled, malformed) is
// answered with the reason, and the refusal is kept like any answer: nothing is dropped silently.
//
// The module's surface for other modules: pruneOutboxEvents (the retention job, hourly).
import type { Db, DbOrTx } from '../../db/client';
import { OutboxEvent, type OutboxEventAnswer } from '../../../contract/outbox';
import type { ErrorResponse } from '../../../contract/message-responses';
import { formatMessage } from '../../../contract/messages';
import { HttpError, httpErrorBody } from '../../plugins/errors';
import { valueChecker, type Checked } from '../../lib/value-check';
import * as progress from '../progress/service';
import type { CourseStructures } from '../progress/service';
import * as journal from '../journal/service';
import * as repo from './repository';

type Event = OutboxEvent;

/** Each kind checked against its own shape, so a malformed event's answer names its fields. */
const checkers = new Map(
  OutboxEvent.anyOf.map((shape) => [shape.properties.kind.const as Event['kind'], valueChecker(shape)]),
);

function checkEvent(raw: unknown): Checked<Event> {
  const kind = raw && typeof raw === 'object' ? (raw as { kind?: unknown }).kind : undefined;
  const checker = typeof kind === 'string' ? checkers.get(kind as Event['kind']) : undefined;
  if (!checker) {
    return { ok: false, details: [{ field: 'kind', message: `must be one of ${[...checkers.keys()].join(', ')}` }] };
  }
  return checker(raw) as Checked<Event>;
}

function idOf(raw: unknown): string | null {
  const id = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id.slice(0, 64) : null;
}

function invalid(details: { field: string; message: string }[]): ErrorResponse {
  const first = details[0];
  return {
    code: 'eventInvalid',
    message: `${formatMessage('eventInvalid')}${first ? ` First: ${first.field} ${first.message}.` : ''}`,
    details,
  };
}

/** What applying the event answers (kept as it is, except the journal's text). */
async function apply(
  tx: DbOrTx,
  structures: CourseStructures,
  userId: string,
  event: Event,
): Promise<repo.StoredAnswer> {
  const { lang, courseId } = event;
  switch (event.kind) {
    case 'enrolled':
      await progress.enrol(tx, structures, userId, lang, courseId);
      return { outcome: 'applied' };
    case 'lessonCompleted':
      await progress.completeLesson(tx, structures, userId, lang, {
        courseId,
        chapterId: event.chapterId,
        lessonId: event.lessonId,
      });
      return { outcome: 'applied' };
    case 'videoWatched':
      await progress.completeVideo(tx, structures, userId, lang, { courseId, videoId: event.videoId });
      return { outcome: 'applied' };
    case 'quizSubmitted':
      return {
        outcome: 'applied',
        quiz: await progress.submitQuiz(
          tx,
          structures,
          userId,
          lang,
          { courseId, quizId: event.quizId },
          event.answers,
        ),
      };
    case 'journalSaved': {
      const { saved } = await journal.saveJournalUnlessChanged(tx, userId, lang, courseId, event.text, event.basedOn);
      if (saved) return { outcome: 'applied' };
      return { outcome: 'refused', refusal: httpErrorBody(new HttpError(409, 'journalChangedElsewhere')) };
    }
  }
}

/** The answer as sent: the kept one, with the journal as it is now for a journal event. */
async function answerOf(
  db: DbOrTx,
  userId: string,
  event: Pick<Event, 'id' | 'kind' | 'courseId'>,
  stored: repo.StoredAnswer,
  again: boolean,
): Promise<OutboxEventAnswer> {
  const answer: OutboxEventAnswer = {
    id: event.id,
    outcome: stored.outcome === 'applied' && again ? 'alreadyApplied' : stored.outcome,
  };
  if (stored.refusal) answer.refusal = stored.refusal as ErrorResponse;
  if (stored.quiz) answer.quiz = stored.quiz as OutboxEventAnswer['quiz'];
  if (event.kind === 'journalSaved') answer.journal = await journal.journalOf(db, userId, event.courseId);
  return answer;
}

async function applyOne(
  db: Db,
  structures: CourseStructures,
  userId: string,
  raw: unknown,
): Promise<OutboxEventAnswer> {
  const checked = checkEvent(raw);
  if (!checked.ok) return { id: idOf(raw), outcome: 'refused', refusal: invalid(checked.details) };
  const event = checked.value;
  return db.transaction(async (tx) => {
    if (!(await repo.claim(tx, userId, event))) {
      const kept = await repo.storedAnswer(tx, userId, event.id);
      // The id was used by another kind of event: the phone made one id twice.
      if (!kept || kept.kind !== event.kind) {
        return {
          id: event.id,
          outcome: 'refused',
          refusal: invalid([{ field: 'id', message: 'was used before by another change' }]),
        };
      }
      return answerOf(tx, userId, event, kept.answer, true);
    }
    let stored: repo.StoredAnswer;
    try {
      // A savepoint: a refusal met half-way leaves nothing of the event behind but its answer.
      stored = await tx.transaction((effect) => apply(effect, structures, userId, event));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      stored = { outcome: 'refused', refusal: httpErrorBody(error) };
    }
    await repo.recordAnswer(tx, userId, event.id, stored);
    return answerOf(tx, userId, event, stored, false);
  });
}

/**
 * Applies the batch's events in order (an enrolment before the lessons done in the course), each on
 * its own: one refused does not stop the others. A database failure ends the call with the events
 * before it applied and kept; the phone sends the batch again, and those are answered as applied before.
 */
export async function applyBatch(
  db: Db,
  structures: CourseStructures,
  userId: string,
  events: unknown[],
): Promise<OutboxEventAnswer[]> {
  const answers: OutboxEventAnswer[] = [];
  for (const raw of events) answers.push(await applyOne(db, structures, userId, raw));
  return answers;
}

/**
 * How long an event's id and answer are kept: a phone that lost the answer to a batch sends it again
 * when it next has a network, which a learner who travels may not have for weeks. An event sent again
 * after this is applied again: a lesson done stays done, a journal is saved only over the version the
 * phone had, and a quiz answered would count as one more attempt.
 */
export const OUTBOX_KEEP_DAYS = 90;

/** Deletes the ids and answers of events applied more than OUTBOX_KEEP_DAYS ago; how many. */
export async function pruneOutboxEvents(db: Db, now = new Date()): Promise<number> {
  return repo.deleteAppliedBefore(db, new Date(now.getTime() - OUTBOX_KEEP_DAYS * 24 * 60 * 60 * 1000));
}
