// The event quiz's rules as plain values (ADR 40), for the server and the web alike: importing
// nothing keeps them free of TypeBox. The server enforces every one; the web only shows them.

/** What an event is, as the staff move it along; `open` and `closed` also follow the clock. */
export const EVENT_STATES = ['draft', 'scheduled', 'open', 'closed', 'results_published'] as const;
export type EventState = (typeof EVENT_STATES)[number];

/**
 * Where a language of an event stands (ADR 45), in the words of content's workflow: nothing written,
 * a translation saved, sent for review, or published (what entrants read).
 */
export const EVENT_LANGUAGE_STATUSES = ['missing', 'draft', 'in_review', 'published'] as const;
export type EventLanguageStatus = (typeof EVENT_LANGUAGE_STATUSES)[number];

/**
 * What an entry is: waiting for a minor's guardian, running, sent by the entrant, closed by the
 * server at its deadline, withdrawn by the entrant (its answers erased) or disqualified by the staff.
 */
export const ENTRY_STATES = [
  'awaiting_guardian',
  'open',
  'submitted',
  'closed_by_server',
  'withdrawn',
  'disqualified',
] as const;
export type EntryState = (typeof ENTRY_STATES)[number];

/** Single answer (one option right) or several answers (every right option and no other). */
export const EVENT_QUESTION_TYPES = ['single', 'multi'] as const;
export type EventQuestionType = (typeof EVENT_QUESTION_TYPES)[number];

/**
 * India Standard Time, in which every event's days and hours are written: UTC+05:30 all year (India
 * has no daylight saving time), so a fixed offset is the whole rule.
 */
export const IST_OFFSET_MINUTES = 330;

/** Seconds after an entry's deadline an answer still counts: the network's share, stated in the terms. */
export const ANSWER_GRACE_SECONDS = 5;

/** Bounds a staff member can set: the time an entry has, the questions it gets, the review period. */
export const EVENT_LIMITS = {
  timeLimitSecondsMin: 30,
  timeLimitSecondsMax: 4 * 60 * 60,
  questionsPerEntryMax: 100,
  optionsMin: 2,
  optionsMax: 8,
  reviewHoursMax: 30 * 24,
  keyMaxLength: 80,
  nameMaxLength: 200,
  termsMaxLength: 50_000,
  questionMaxLength: 2_000,
  optionMaxLength: 500,
  explanationMaxLength: 4_000,
  reasonMaxLength: 1_000,
  poolMax: 2_000,
} as const;

/** An event's key: lowercase letters, digits and hyphens, as content slugs are. */
export const EVENT_KEY_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

/** A wall-clock time of day in IST, HH:MM or HH:MM:SS; 24:00 is the end of the day. */
export const TIME_OF_DAY_PATTERN = '^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?|24:00(?::00)?)$';
/** A calendar day, YYYY-MM-DD. */
export const DAY_PATTERN = '^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$';
