// The event quiz's calls (ADR 40): the public event page and leaderboard, an entrant's entry, and the
// staff's events, pool and results. The rules' plain values are in event-rules.ts.
import { Type, type Static, type TOptional, type TSchema } from '@sinclair/typebox';
import { LANGUAGE_CODES, type LanguageCode } from './languages';
import { AGE_MAX, AGE_MIN } from './profile-options';
import {
  DAY_PATTERN,
  ENTRY_STATES,
  EVENT_KEY_PATTERN,
  EVENT_LANGUAGE_STATUSES,
  EVENT_LIMITS,
  EVENT_QUESTION_TYPES,
  EVENT_STATES,
  TIME_OF_DAY_PATTERN,
} from './event-rules';
import { Uuid } from './ids';
import { StringEnum, nullable } from './schema-helpers';

const DateTime = Type.String({ format: 'date-time' });
const Lang = StringEnum(LANGUAGE_CODES);

export const EventKey = Type.String({ pattern: EVENT_KEY_PATTERN, maxLength: EVENT_LIMITS.keyMaxLength });

/** An event as its public list shows it: name in the reader's language (else English), days and hours in IST. */
export const PublicEventSummary = Type.Object({
  key: Type.String(),
  name: Type.String(),
  /** The language the name and terms are in: the one asked for, or English where it has none. */
  lang: Lang,
  state: StringEnum(EVENT_STATES),
  firstDay: Type.String({ description: 'First day, YYYY-MM-DD (IST)' }),
  lastDay: Type.String({ description: 'Last day, YYYY-MM-DD (IST)' }),
  opensAt: Type.String({ description: 'Daily opening, HH:MM (IST)' }),
  closesAt: Type.String({ description: 'Daily closing, HH:MM (IST); 24:00 is the end of the day' }),
  /** Whether an entry can be started now, on the server's clock. */
  entriesOpenNow: Type.Boolean(),
  /** When the hours running now, or the next ones, open; null once the last day has closed. */
  nextOpening: nullable(DateTime),
});
export type PublicEventSummary = Static<typeof PublicEventSummary>;

export const PublicEventsAnswer = Type.Object({ events: Type.Array(PublicEventSummary) });

export const PublicEventAnswer = Type.Object({
  event: Type.Composite([
    PublicEventSummary,
    Type.Object({
      terms: Type.String(),
      termsVersion: Type.String(),
      timeLimitSeconds: Type.Integer(),
      questionsPerEntry: Type.Integer(),
      minorsAllowed: Type.Boolean(),
      /** Seconds after an entry's deadline an answer still counts. */
      graceSeconds: Type.Integer(),
      reviewHours: Type.Integer(),
      resultsPublishedAt: nullable(DateTime),
      /** When the leaderboard becomes final: results published plus the review period. */
      resultsFinalAt: nullable(DateTime),
    }),
  ]),
});
export type PublicEventAnswer = Static<typeof PublicEventAnswer>;

export const LeaderboardAnswer = Type.Object({
  key: Type.String(),
  /** False during the review period after results are published. */
  final: Type.Boolean(),
  resultsFinalAt: DateTime,
  rows: Type.Array(
    Type.Object({
      rank: Type.Integer(),
      /** The entrant's first name: never a full name, never a number. */
      firstName: Type.String(),
      /** The district, when the entrant's profile gives one; else null. */
      district: nullable(Type.String()),
    }),
  ),
});
export type LeaderboardAnswer = Static<typeof LeaderboardAnswer>;

/** The start of an entry: the language to take it in and the entrant's age (under 18: a guardian's consent first). */
export const StartEntryBody = Type.Object({
  lang: Lang,
  age: Type.Integer({ minimum: AGE_MIN, maximum: AGE_MAX }),
});
export type StartEntryBody = Static<typeof StartEntryBody>;

export const AnswerBody = Type.Object({
  questionId: Uuid,
  /** The options chosen, by their ids as the entry lists them. */
  selected: Type.Array(Type.Integer({ minimum: 0, maximum: EVENT_LIMITS.optionsMax - 1 }), {
    minItems: 1,
    maxItems: EVENT_LIMITS.optionsMax,
  }),
});
export type AnswerBody = Static<typeof AnswerBody>;

/** An entry as its entrant sees it. Which options are right is in `results` only, once results are published. */
export const EntryView = Type.Object({
  number: Type.Integer({ description: 'The entry’s number, which names it to its entrant and the staff' }),
  state: StringEnum(ENTRY_STATES),
  stateReason: nullable(Type.String()),
  minor: Type.Boolean(),
  lang: Lang,
  serverTime: DateTime,
  startedAt: nullable(DateTime),
  deadline: nullable(DateTime),
  /** Whole seconds to the deadline on the server's clock (0 once past), null before the start. */
  remainingSeconds: nullable(Type.Integer()),
  graceSeconds: Type.Integer(),
  questions: Type.Array(
    Type.Object({
      id: Type.String(),
      type: StringEnum(EVENT_QUESTION_TYPES),
      content: Type.String(),
      /** In the order this entry was dealt; an option's id is fixed, its place is the entry's. */
      options: Type.Array(Type.Object({ id: Type.Integer(), content: Type.String() })),
      /** The answer that counts (received by the deadline and its grace), or null. */
      selected: nullable(Type.Array(Type.Integer())),
      /** Whether an answer came after the deadline: kept, never counted. */
      lateAnswer: Type.Boolean(),
    }),
  ),
  results: nullable(
    Type.Object({
      correct: Type.Integer(),
      total: Type.Integer(),
      /** Null when the entry is not ranked (disqualified, or never started). */
      rank: nullable(Type.Integer()),
      timeSeconds: nullable(Type.Number()),
      final: Type.Boolean(),
      review: Type.Array(
        Type.Object({
          questionId: Type.String(),
          correctOptions: Type.Array(Type.Integer()),
          explanation: Type.String(),
          right: Type.Boolean(),
        }),
      ),
    }),
  ),
});
export type EntryView = Static<typeof EntryView>;

export const EntryAnswer = Type.Object({ entry: EntryView });
export type EntryAnswer = Static<typeof EntryAnswer>;

export const AnswerReceipt = Type.Object({
  questionId: Type.String(),
  /** Received after the deadline and its grace: kept, and never counted. */
  late: Type.Boolean(),
  receivedAt: DateTime,
  remainingSeconds: Type.Integer(),
});
export type AnswerReceipt = Static<typeof AnswerReceipt>;

// --- The staff's side -------------------------------------------------------------------------

export const EventText = Type.Object({
  name: Type.String({ minLength: 1, maxLength: EVENT_LIMITS.nameMaxLength }),
  terms: Type.String({ maxLength: EVENT_LIMITS.termsMaxLength }),
});

const eventSettings = {
  firstDay: Type.String({ pattern: DAY_PATTERN, description: 'YYYY-MM-DD, IST' }),
  lastDay: Type.String({ pattern: DAY_PATTERN, description: 'YYYY-MM-DD, IST' }),
  opensAt: Type.String({ pattern: TIME_OF_DAY_PATTERN, description: 'HH:MM, IST' }),
  closesAt: Type.String({ pattern: TIME_OF_DAY_PATTERN, description: 'HH:MM, IST; 24:00 for the end of the day' }),
  timeLimitSeconds: Type.Integer({
    minimum: EVENT_LIMITS.timeLimitSecondsMin,
    maximum: EVENT_LIMITS.timeLimitSecondsMax,
  }),
  questionsPerEntry: Type.Integer({ minimum: 1, maximum: EVENT_LIMITS.questionsPerEntryMax }),
  minorsAllowed: Type.Boolean(),
  termsVersion: Type.String({ minLength: 1, maxLength: 40 }),
  reviewHours: Type.Integer({ minimum: 0, maximum: EVENT_LIMITS.reviewHoursMax }),
};

/** An object with an optional value for each language: `{en: ..., hi: ...}`. */
const byLanguage = <T extends TSchema>(schema: T, description: string) =>
  Type.Object(
    Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, Type.Optional(schema)])) as unknown as Record<
      LanguageCode,
      TOptional<T>
    >,
    { description },
  );

const Texts = byLanguage(EventText, 'Name and terms by language; English is needed to schedule');

export const CreateEventBody = Type.Object({ key: EventKey, ...eventSettings, texts: Texts });
export type CreateEventBody = Static<typeof CreateEventBody>;

export const UpdateEventBody = Type.Partial(Type.Object({ ...eventSettings, texts: Texts }));
export type UpdateEventBody = Static<typeof UpdateEventBody>;

/** Where a language of an event stands, as a cell of the translation matrix shows content's. */
export const EventLanguageState = Type.Object({
  name: Type.Boolean(),
  terms: Type.Boolean(),
  questions: Type.Integer(),
  /** missing: nothing written; draft: saved, not sent; in_review: sent for review; published: entrants see it. English, the source, is published once written. */
  status: StringEnum(EVENT_LANGUAGE_STATUSES),
  /** Whether entrants are shown a published text in this language (it may be older than a draft). */
  live: Type.Boolean(),
  /** Fields whose English changed since they were translated. */
  stale: Type.Integer(),
  /** Fields the English has and this language has not. */
  missing: Type.Integer(),
});
export type EventLanguageState = Static<typeof EventLanguageState>;

/** A language of an event as a translation holds it: its name and terms, each question's text by its id. */
export const EventLanguageText = Type.Object({
  name: Type.String(),
  terms: Type.String(),
  questions: Type.Record(
    Type.String(),
    Type.Object({ content: Type.String(), options: Type.Array(Type.String()), explanation: Type.String() }),
  ),
});
export type EventLanguageText = Static<typeof EventLanguageText>;

/** One language of an event for its translation view: its newest text, where it stands, its stale and missing fields. */
export const EventTranslationAnswer = Type.Object({
  lang: Type.String(),
  state: EventLanguageState,
  /** The newest text: the draft or the text sent for review, else what entrants are shown. */
  text: EventLanguageText,
  /** The fields whose English changed since they were translated (`name`, `terms`, `questions.<id>.content`, `questions.<id>.options.<i>`, `questions.<id>.explanation`). */
  staleFields: Type.Array(Type.String()),
  missingFields: Type.Array(Type.String()),
});
export type EventTranslationAnswer = Static<typeof EventTranslationAnswer>;

export const StaffEvent = Type.Object({
  id: Type.String(),
  key: Type.String(),
  firstDay: Type.String(),
  lastDay: Type.String(),
  opensAt: Type.String(),
  closesAt: Type.String(),
  timeLimitSeconds: Type.Integer(),
  questionsPerEntry: Type.Integer(),
  minorsAllowed: Type.Boolean(),
  termsVersion: Type.String(),
  reviewHours: Type.Integer(),
  /** The stored state as the clock reads it. */
  state: StringEnum(EVENT_STATES),
  resultsPublishedAt: nullable(DateTime),
  poolSize: Type.Integer(),
  /** The texts entrants are shown, by language (a translation once published). */
  texts: Type.Record(Type.String(), EventText),
  /**
   * Per language, of its newest text (a translation waiting for review included): whether the name,
   * the terms and how many questions of the pool are written in it, and where it stands (ADR 45).
   */
  translation: Type.Record(Type.String(), EventLanguageState),
});
export type StaffEvent = Static<typeof StaffEvent>;

export const StaffEventAnswer = Type.Object({ event: StaffEvent });
export const StaffEventsAnswer = Type.Object({ events: Type.Array(StaffEvent) });

export const QuestionText = Type.Object({
  content: Type.String({ minLength: 1, maxLength: EVENT_LIMITS.questionMaxLength }),
  options: Type.Array(Type.String({ minLength: 1, maxLength: EVENT_LIMITS.optionMaxLength }), {
    minItems: EVENT_LIMITS.optionsMin,
    maxItems: EVENT_LIMITS.optionsMax,
  }),
  explanation: Type.String({ maxLength: EVENT_LIMITS.explanationMaxLength }),
});

export const QuestionBody = Type.Object({
  type: StringEnum(EVENT_QUESTION_TYPES),
  /** How many options the question has, the same in every language. */
  optionCount: Type.Integer({ minimum: EVENT_LIMITS.optionsMin, maximum: EVENT_LIMITS.optionsMax }),
  /** The right options, by their place (from 0) in `options`. */
  correct: Type.Array(Type.Integer({ minimum: 0, maximum: EVENT_LIMITS.optionsMax - 1 }), {
    minItems: 1,
    maxItems: EVENT_LIMITS.optionsMax,
  }),
  texts: byLanguage(QuestionText, 'The question, its options and explanation by language'),
});
export type QuestionBody = Static<typeof QuestionBody>;

export const StaffQuestion = Type.Object({
  id: Type.String(),
  position: Type.Integer(),
  type: StringEnum(EVENT_QUESTION_TYPES),
  optionCount: Type.Integer(),
  correct: Type.Array(Type.Integer()),
  texts: Type.Record(Type.String(), QuestionText),
});
export type StaffQuestion = Static<typeof StaffQuestion>;

export const StaffQuestionsAnswer = Type.Object({ questions: Type.Array(StaffQuestion) });
export const StaffQuestionAnswer = Type.Object({ question: StaffQuestion });

/** Counts of entries, each withheld as analytics withholds small groups (null: fewer than the smallest group; "withheld"). */
const SafeCount = Type.Union([Type.Integer(), Type.Null(), Type.Literal('withheld')]);
export const EventCountsAnswer = Type.Object({
  state: StringEnum(EVENT_STATES),
  minGroup: Type.Integer(),
  entries: SafeCount,
  awaitingGuardian: SafeCount,
  inProgress: SafeCount,
  completed: SafeCount,
  withdrawn: SafeCount,
  disqualified: SafeCount,
});
export type EventCountsAnswer = Static<typeof EventCountsAnswer>;

export const FlaggedEntriesAnswer = Type.Object({
  entries: Type.Array(
    Type.Object({
      number: Type.Integer(),
      state: StringEnum(ENTRY_STATES),
      stateReason: nullable(Type.String()),
      firstName: nullable(Type.String()),
      /** Starts refused after the first: attempts at several entries with the same number. */
      refusedStarts: Type.Integer(),
      lateAnswers: Type.Integer(),
    }),
  ),
});
export type FlaggedEntriesAnswer = Static<typeof FlaggedEntriesAnswer>;

export const DisqualifyBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: EVENT_LIMITS.reasonMaxLength }),
});
export type DisqualifyBody = Static<typeof DisqualifyBody>;

export const StaffResultsAnswer = Type.Object({
  rows: Type.Array(
    Type.Object({
      rank: Type.Integer(),
      number: Type.Integer(),
      firstName: Type.String(),
      district: nullable(Type.String()),
      correct: Type.Integer(),
      timeSeconds: Type.Number(),
    }),
  ),
});
export type StaffResultsAnswer = Static<typeof StaffResultsAnswer>;
