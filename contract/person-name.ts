// What a person's name may be, wherever one is typed (registration, profile, a guardian's name, a
// staff member's name): what people are called, in the scripts the certificate can print. The web's
// forms and the server run the same function, so a name the form lets through is one the server
// keeps, and a kept name is one the certificate draws (server/modules/certificates, ADR 5).
// Plain values that import nothing but types, so the web can import them at no cost.
import type { Script } from './languages';

/** Characters of a name (UTF-16 code units, after spaces are tidied). */
export const NAME_MAX_LENGTH = 100;

/**
 * Marks one letter may carry: a vowel sign, virama, nukta, candrabindu or anusvara, an accent. A name
 * in any Indian script needs at most three on a letter (ज़ीं); more is text made to break the line.
 */
export const NAME_MAX_MARKS_PER_LETTER = 4;

/**
 * The Unicode blocks of the Indian scripts the certificate has a font for; a letter outside them is
 * drawn in the Latin font. The certificate's script.ts splits every text by these blocks.
 */
export const INDIC_SCRIPT_BLOCKS: readonly { from: number; to: number; script: Script }[] = [
  { from: 0x0900, to: 0x097f, script: 'Devanagari' },
  { from: 0x0980, to: 0x09ff, script: 'Bengali' },
  { from: 0x0a80, to: 0x0aff, script: 'Gujarati' },
  { from: 0x0b00, to: 0x0b7f, script: 'Oriya' },
  { from: 0x0b80, to: 0x0bff, script: 'Tamil' },
  { from: 0x0c00, to: 0x0c7f, script: 'Telugu' },
  { from: 0x0c80, to: 0x0cff, script: 'Kannada' },
  { from: 0x0d00, to: 0x0d7f, script: 'Malayalam' },
];

/**
 * Latin letters the Latin font has: Basic Latin, Latin-1, Extended-A and -B, and Extended Additional
 * (Vietnamese and other precomposed letters), plus the combining accents. Other Latin blocks
 * (fullwidth, Extended-D to -G) are missing from the font.
 */
const isLatinLetter = (char: string, codePoint: number) =>
  /^\p{Script=Latin}$/u.test(char) && (codePoint <= 0x024f || (codePoint >= 0x1e00 && codePoint <= 0x1eff));
const isLatinMark = (codePoint: number) => codePoint >= 0x0300 && codePoint <= 0x036f;

/** Letters of the Indian blocks added to Unicode after the certificate's fonts were made (2020). */
const NOT_IN_FONTS = new Set([0x0b55, 0x0c3c, 0x0c5c, 0x0c5d, 0x0cdc, 0x0cdd, 0x0cf3]);

/** Between words: a space, a dot (initials), a hyphen, an apostrophe (typed or typographic). */
const SEPARATORS = new Set([' ', '.', '-', "'", '\u2019']);
/** Zero-width non-joiner and joiner: they choose a letter's form inside a word of an Indian script. */
const JOINERS = new Set(['\u200c', '\u200d']);

/** The reasons a name is refused, each a message code (contract/messages.ts). */
export type PersonNameProblem = 'nameRequired' | 'nameTooLong' | 'nameCharacters' | 'nameScript' | 'nameMarks';
export const PERSON_NAME_PROBLEMS: readonly PersonNameProblem[] = [
  'nameRequired',
  'nameTooLong',
  'nameCharacters',
  'nameScript',
  'nameMarks',
];

type Kind = { type: 'letter' | 'mark'; script: Script } | { type: 'separator' | 'joiner' | 'foreign' | 'other' };

function kindOf(char: string): Kind {
  if (SEPARATORS.has(char)) return { type: 'separator' };
  if (JOINERS.has(char)) return { type: 'joiner' };
  const codePoint = char.codePointAt(0)!;
  const letter = /^\p{L}$/u.test(char);
  const mark = /^\p{M}$/u.test(char);
  if (!letter && !mark) return { type: 'other' };
  const block = INDIC_SCRIPT_BLOCKS.find((b) => codePoint >= b.from && codePoint <= b.to);
  if (block)
    return NOT_IN_FONTS.has(codePoint)
      ? { type: 'foreign' }
      : { type: letter ? 'letter' : 'mark', script: block.script };
  if (letter && isLatinLetter(char, codePoint)) return { type: 'letter', script: 'Latin' };
  if (mark && isLatinMark(codePoint)) return { type: 'mark', script: 'Latin' };
  return { type: 'foreign' };
}

/** The name as it is kept: composed (NFC), every run of spaces one space, no space at either end. */
export function normalisePersonName(raw: string): string {
  return raw.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Why a name (as normalisePersonName gives it) cannot be kept, or null when it can. */
export function personNameProblem(name: string): PersonNameProblem | null {
  // Nothing a reader would see (format and control characters, joiners, spaces) is no name.
  if (/^[\p{Cc}\p{Cf}\p{Z}]*$/u.test(name)) return 'nameRequired';
  if (name.length > NAME_MAX_LENGTH) return 'nameTooLong';
  const chars = Array.from(name);
  const kinds = chars.map(kindOf);
  let base: Script | null = null;
  let marks = 0;
  for (const [i, kind] of kinds.entries()) {
    switch (kind.type) {
      case 'foreign':
        return 'nameScript';
      case 'other':
        return 'nameCharacters';
      case 'separator':
        base = null;
        break;
      case 'joiner': {
        // Only inside a word of an Indian script, after one of its letters or signs, never doubled:
        // between two characters (र‍्य), or a joiner after a virama ending the word (the chillu ന്‍).
        const before = kinds[i - 1];
        const after = kinds[i + 1];
        const indic = (k: Kind | undefined) =>
          (k?.type === 'letter' || k?.type === 'mark') && k.script !== 'Latin' && k.script === base;
        const endsWord = after === undefined || after.type === 'separator';
        if (!indic(before) || !(indic(after) || (endsWord && chars[i] === '\u200d' && before?.type === 'mark')))
          return 'nameCharacters';
        break;
      }
      case 'letter':
        base = kind.script;
        marks = 0;
        break;
      case 'mark':
        marks += 1;
        if (base !== kind.script || marks > NAME_MAX_MARKS_PER_LETTER) return 'nameMarks';
        break;
    }
  }
  // Dots, hyphens and apostrophes alone are no name either.
  return /\p{L}/u.test(name) ? null : 'nameRequired';
}

// --- A district ---------------------------------------------------------------------------------

/**
 * Characters of a district, the profile's optional field (shown beside a first name on an event's
 * leaderboard and in its results file): India's longest district names are under 40 characters
 * in any script (Sri Potti Sriramulu Nellore, ಉತ್ತರ ಕನ್ನಡ), so 60 leaves room and no more.
 */
export const DISTRICT_MAX_LENGTH = 60;

/** The reasons a district is refused, each a message code (contract/messages.ts). */
export type DistrictProblem = 'districtTooLong' | 'districtCharacters';

/** Digits of the Latin alphabet and of the Indian scripts the fonts have (North 24 Parganas). */
const isDistrictDigit = (char: string) =>
  /^\p{Nd}$/u.test(char) &&
  (char <= '9' || INDIC_SCRIPT_BLOCKS.some((b) => char.codePointAt(0)! >= b.from && char.codePointAt(0)! <= b.to));

/**
 * Why a district (as normalisePersonName gives it) cannot be kept, or null when it can; an empty
 * one is none and clears the field. A district is written as a name is (the same letters, marks and
 * joiners, Y.S.R. Kadapa, Ri-Bhoi), with digits and brackets between its words too.
 */
export function districtProblem(district: string): DistrictProblem | null {
  if (district === '') return null;
  if (district.length > DISTRICT_MAX_LENGTH) return 'districtTooLong';
  const asName = Array.from(district, (char) => (isDistrictDigit(char) || char === '(' || char === ')' ? ' ' : char));
  return personNameProblem(asName.join('')) === null ? null : 'districtCharacters';
}
