// Read-aloud's plain values (ADR 41), shared by the server (the voice-overs, their queue, the
// database's CHECKs) and the web (the player, the staff's voice view). Imports nothing but types.
import type { LanguageCode } from './languages';

/** A voice-over is a person's recording of some sentences, or the engine's voice for a whole text. */
export const VOICE_OVER_KINDS = ['recorded', 'synthetic'] as const;

export type VoiceOverKind = (typeof VOICE_OVER_KINDS)[number];

/** Where a synthesis job stands; `failed` only once its tries are spent (before that it waits `queued`). */
export const VOICE_JOB_STATES = ['queued', 'running', 'failed', 'done'] as const;

export type VoiceJobState = (typeof VOICE_JOB_STATES)[number];

/** How many times a synthesis job is tried before it stays failed (staff can queue it again). */
export const VOICE_JOB_MAX_ATTEMPTS = 5;

/** The longest a recording may last for each sentence it speaks: a slow, careful reading of a long sentence. */
export const RECORDING_MAX_MS_PER_SENTENCE = 30_000;

/** The longest a recording may last whatever it covers, and its largest file. */
export const RECORDING_MAX_MS = 10 * 60_000;
export const RECORDING_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The texts of a course that are spoken, by field path (contract/document-fields.ts): each lesson's
 * text, each question, its options and its explanation, and the course's summary.
 */
export const SPOKEN_FIELD =
  /^(?:summary|lessons\[[^\]]+\]\.content|quizzes\[[^\]]+\]\.questions\[[^\]]+\]\.(?:content|explanation|options\[[^\]]+\]\.content))$/;

/** What "rupees" is in each language, said after the amount as every one of them says it. */
export const RUPEES: Record<LanguageCode, { one: string; many: string }> = {
  en: { one: 'rupee', many: 'rupees' },
  hi: { one: 'रुपया', many: 'रुपये' },
  bn: { one: 'টাকা', many: 'টাকা' },
  gj: { one: 'રૂપિયો', many: 'રૂપિયા' },
  kn: { one: 'ರೂಪಾಯಿ', many: 'ರೂಪಾಯಿ' },
  ml: { one: 'രൂപ', many: 'രൂപ' },
  mh: { one: 'रुपया', many: 'रुपये' },
  od: { one: 'ଟଙ୍କା', many: 'ଟଙ୍କା' },
  tm: { one: 'ரூபாய்', many: 'ரூபாய்' },
  tl: { one: 'రూపాయి', many: 'రూపాయలు' },
};

/**
 * Numbers said digit by digit, as people dial them, never as amounts or years: the national
 * cyber-crime helpline 1930 (and the number it replaced), the emergency number, the child and the
 * women's helplines. A ten-digit mobile number is said digit by digit too.
 */
export const DIALLED_NUMBERS = ['1930', '155260', '112', '1098', '181'] as const;
