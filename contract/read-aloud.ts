// The shapes of read-aloud's calls (ADR 41): a learner's voices of a published course language, and
// the staff's queue of synthesis, list of texts that need a voice, and recordings.
import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGE_CODES } from './languages';
import { pageQuery } from './page-query';
import { VOICE_JOB_STATES, VOICE_OVER_KINDS } from './read-aloud-rules';
import { StringEnum, nullable } from './schema-helpers';
import { Uuid } from './ids';

export const VoiceOverKindSchema = StringEnum(VOICE_OVER_KINDS, {
  description: 'recorded: a person read it; synthetic: the engine spoke it at publishing',
});

export const VoiceSegment = Type.Object({
  kind: VoiceOverKindSchema,
  stale: Type.Boolean({
    description: 'It speaks an older text than the one published: play it only saying so',
  }),
  audio: Type.String({ description: 'The Ogg Opus file (`uploads/by-hash/...opus`), cached for a year' }),
  durationMs: Type.Integer(),
  bytes: Type.Integer(),
  sentences: Type.Array(
    Type.Object({
      index: Type.Integer({ description: 'The sentence of the text (from 0) this plays' }),
      startMs: Type.Integer({ description: 'Where it starts in the file' }),
      endMs: Type.Integer({ description: 'Where it ends in the file (the next one starts there)' }),
    }),
  ),
});
export type VoiceSegment = Static<typeof VoiceSegment>;

export const VoicePart = Type.Object({
  part: Type.String({ description: 'The text’s field in the course document (`lessons[k].content`)' }),
  elementId: Type.String({
    description: 'The public id of what the text belongs to: a lesson, question or option, or the course (summary)',
  }),
  sentences: Type.Array(Type.String(), { description: 'The published text’s sentences, as written' }),
  stale: Type.Boolean({ description: 'Some of what plays speaks an older text' }),
  segments: Type.Array(VoiceSegment, {
    description: 'What to play, in order, each file from each sentence’s start to its end; none: no voice yet',
  }),
});
export type VoicePart = Static<typeof VoicePart>;

export const CourseVoices = Type.Object({
  courseId: Type.String(),
  lang: StringEnum(LANGUAGE_CODES),
  parts: Type.Array(VoicePart),
});
export type CourseVoices = Static<typeof CourseVoices>;

export const VoiceJob = Type.Object({
  id: Uuid,
  itemId: Uuid,
  title: Type.String(),
  lang: StringEnum(LANGUAGE_CODES),
  version: Type.Integer({ description: 'The published version that asked for it' }),
  state: StringEnum(VOICE_JOB_STATES),
  attempts: Type.Integer(),
  runAfter: Type.String({ format: 'date-time', description: 'Not tried again before this (after a failure)' }),
  lastError: nullable(Type.String()),
  synthesised: Type.Integer({ description: 'Texts voiced by its last run' }),
  skipped: Type.Integer({ description: 'Texts that had a fresh voice already' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  finishedAt: nullable(Type.String({ format: 'date-time' })),
});
export type VoiceJob = Static<typeof VoiceJob>;

export const VoiceJobsQuery = Type.Composite([
  Type.Object({ state: Type.Optional(StringEnum(VOICE_JOB_STATES)), lang: Type.Optional(StringEnum(LANGUAGE_CODES)) }),
  pageQuery(50),
]);
export const VoiceJobList = Type.Object({ jobs: Type.Array(VoiceJob), total: Type.Integer() });

export const NeedsVoice = Type.Object({
  itemId: Uuid,
  title: Type.String(),
  lang: StringEnum(LANGUAGE_CODES),
  part: Type.String(),
  sentences: Type.Array(Type.String(), { description: 'The published text’s sentences' }),
  unrecorded: Type.Array(Type.Integer(), { description: 'The sentences no fresh recording speaks' }),
  readers: Type.Integer({
    description:
      'Learners who read it: completed its lesson, tried its quiz, or finished the course (the summary); the list is in this order, most first',
  }),
  staleRecordings: Type.Array(
    Type.Object({
      firstSentence: Type.Integer(),
      sentenceCount: Type.Integer(),
      before: Type.String({ description: 'The text as it was recorded' }),
      after: Type.String({ description: 'The same sentences today (the console shows the difference)' }),
    }),
  ),
});
export const NeedsVoiceList = Type.Object({ texts: Type.Array(NeedsVoice) });
export type NeedsVoiceList = Static<typeof NeedsVoiceList>;

export const RecordingQuery = Type.Object({
  part: Type.String({ minLength: 1, maxLength: 300, description: 'The text’s field (`lessons[k].content`)' }),
  firstSentence: Type.Integer({ minimum: 0, maximum: 10_000 }),
  sentenceCount: Type.Integer({ minimum: 1, maximum: 10_000 }),
});

export const SavedRecording = Type.Object({
  kind: VoiceOverKindSchema,
  part: Type.String(),
  firstSentence: Type.Integer(),
  sentenceCount: Type.Integer(),
  durationMs: Type.Integer(),
  bytes: Type.Integer(),
  audio: Type.String(),
});
