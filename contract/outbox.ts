// Wire shapes of the outbox: the changes a learner made without a network (a course enrolled, a lesson
// done, a video watched, a quiz answered, the journal written), each an event with an id made on the
// phone, sent in batches when the network returns (ADR 42). The server applies each id once and
// answers every event on its own: applied, applied before (the same answer again), or refused with
// the reason, so the phone can tell the learner and drop nothing silently.
import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './ids';
import { JOURNAL_MAX_LENGTH } from './learning-rules';
import { ErrorResponse } from './message-responses';
import { QuizResult, QuizSubmission } from './progress';
import { LanguageCodeLiteral } from './schema-helpers';

/** Events in one batch at most: a phone with more sends them in several batches, oldest first. */
export const OUTBOX_BATCH_MAX = 50;
/**
 * A batch's bytes at most (JSON): a phone ends a batch before it would pass this, so a batch of long
 * journals or large quizzes is sent as several.
 */
export const OUTBOX_BATCH_MAX_BYTES = 512 * 1024;

const Timestamp = Type.String({ format: 'date-time' });

const eventFields = {
  id: Type.String({
    format: 'uuid',
    pattern: Uuid.pattern,
    description: 'Made on the phone when the change was made; the same id sent again is applied once',
  }),
  lang: Type.Union(LanguageCodeLiteral.anyOf, { description: 'The language of the course the change was made in' }),
  courseId: Uuid,
  occurredAt: Type.String({
    format: 'date-time',
    description: "When the learner made the change, on the phone's clock",
  }),
};

export const OutboxEvent = Type.Union([
  Type.Object({ ...eventFields, kind: Type.Literal('enrolled') }, { additionalProperties: false }),
  Type.Object(
    { ...eventFields, kind: Type.Literal('lessonCompleted'), chapterId: Uuid, lessonId: Uuid },
    { additionalProperties: false },
  ),
  Type.Object({ ...eventFields, kind: Type.Literal('videoWatched'), videoId: Uuid }, { additionalProperties: false }),
  Type.Object(
    { ...eventFields, kind: Type.Literal('quizSubmitted'), quizId: Uuid, answers: QuizSubmission.properties.answers },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      ...eventFields,
      kind: Type.Literal('journalSaved'),
      text: Type.String({ maxLength: JOURNAL_MAX_LENGTH }),
      basedOn: Type.Union([Timestamp, Type.Null()], {
        description:
          "The journal's updatedAt the phone last had from the server (null: none saved yet). Saved only when the server's journal is still that one; otherwise refused (journalChangedElsewhere) with the server's text",
      }),
    },
    { additionalProperties: false },
  ),
]);
export type OutboxEvent = Static<typeof OutboxEvent>;
export type OutboxEventKind = OutboxEvent['kind'];

export const OutboxBatch = Type.Object({
  events: Type.Array(
    Type.Unknown({
      description:
        'An event (id, lang, courseId, occurredAt, kind and its fields: enrolled; lessonCompleted with chapterId and lessonId; videoWatched with videoId; quizSubmitted with quizId and answers; journalSaved with text and basedOn). Each is checked on its own: a malformed one is refused in its answer, the others are applied',
    }),
    { minItems: 1, maxItems: OUTBOX_BATCH_MAX },
  ),
});
export type OutboxBatch = Static<typeof OutboxBatch>;

export const OutboxOutcome = Type.Union([
  Type.Literal('applied'),
  Type.Literal('alreadyApplied'),
  Type.Literal('refused'),
]);
export type OutboxOutcome = Static<typeof OutboxOutcome>;

export const OutboxEventAnswer = Type.Object({
  id: Type.Union([Type.String(), Type.Null()], { description: "The event's id as sent (null when it had none)" }),
  outcome: OutboxOutcome,
  refusal: Type.Optional(ErrorResponse),
  quiz: Type.Optional(QuizResult),
  journal: Type.Optional(
    Type.Object({
      text: Type.String({ description: "The journal's text on the server now" }),
      updatedAt: Type.Union([Timestamp, Type.Null()]),
    }),
  ),
});
export type OutboxEventAnswer = Static<typeof OutboxEventAnswer>;

export const OutboxAnswer = Type.Object({
  results: Type.Array(OutboxEventAnswer, { description: "One answer per event, in the batch's order" }),
});
export type OutboxAnswer = Static<typeof OutboxAnswer>;
