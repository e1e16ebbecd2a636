// What is said, from what is written: a text split into sentences in each language's way (the
// danda of Hindi, Marathi, Bengali and Odia, the full stop of the others, abbreviations that do not
// end one), and each sentence made ready for the engine: native digits read as digits, grouping
// commas dropped (the engine then says lakh and crore), an amount in rupees said as the language
// says it, and the helplines said digit by digit (ADR 41).
import { RUPEES, DIALLED_NUMBERS } from '../../../contract/read-aloud-rules';
import type { LanguageCode } from '../../../contract/languages';

// A sentence ends at one of these (and any closing quotes or brackets after it), before a space or the end.
const SENTENCE_END = /[.!?।॥…]+["'”’»)\]]*(?=\s|$)/gu;

// Words whose full stop does not end a sentence: titles, the rupee's abbreviations, "e.g.".
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'no',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'rs',
  'inr',
  'श्री',
  'डॉ',
  'रु',
  'रू',
  'ரூ',
  'డా',
  'రూ',
  'ಡಾ',
  'ರೂ',
  'ഡോ',
  'രൂ',
  'ડૉ',
  'રૂ',
  'ডা',
  'ଡା',
]);

/** The text's sentences, as written (trimmed), in order; none for a text of only spaces. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    const before = text.slice(start, match.index);
    const lastWord = (/(\S+)$/u.exec(before)?.[1] ?? '').toLowerCase();
    if (match[0] === '.' && ABBREVIATIONS.has(lastWord)) continue;
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

// The zero of each Indian script's digits (Devanagari, Bengali, Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam).
const DIGIT_ZEROS = [0x966, 0x9e6, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66];
const NATIVE_DIGIT = new RegExp(
  `[${DIGIT_ZEROS.map((zero) => `\\u{${zero.toString(16)}}-\\u{${(zero + 9).toString(16)}}`).join('')}]`,
  'gu',
);

function asciiDigits(text: string): string {
  return text.replace(NATIVE_DIGIT, (digit) => {
    const code = digit.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9)!;
    return String(code - zero);
  });
}

const RUPEE_SIGNS = ['₹', 'Rs.', 'Rs', 'INR', 'रु.', 'रू.', 'ரூ.', 'రూ.', 'ರೂ.', 'രൂ.', 'રૂ.'];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const AMOUNT = String.raw`\d[\d,]*(?:\.\d+)?`;
// One pass, so an amount of ₹1930 is an amount and not the helpline: an amount in rupees, a mobile
// number (ten digits from 6 to 9, perhaps after +91), or a dialled number standing alone.
const SPOKEN_NUMBERS = new RegExp(
  [
    `(?<sign>${RUPEE_SIGNS.map(escape).join('|')})\\s?(?<amount>${AMOUNT})`,
    String.raw`(?<![\d+])(?:\+91[\s-]?)?(?<mobile>[6-9]\d{4}[\s-]?\d{5})(?!\d)`,
    `(?<!\\d|\\d[,.])(?<dialled>${DIALLED_NUMBERS.join('|')})(?!\\d|[,.]\\d)`,
  ].join('|'),
  'gu',
);

const digitByDigit = (digits: string) => digits.replace(/\D/g, '').split('').join(' ');

/** A sentence as the engine should read it in the language. */
export function spokenForm(lang: LanguageCode, sentence: string): string {
  return asciiDigits(sentence)
    .replace(SPOKEN_NUMBERS, (...args: unknown[]) => {
      const groups = args.at(-1) as Record<string, string | undefined>;
      if (groups.amount !== undefined) {
        const amount = groups.amount.replace(/,/g, '');
        return `${amount} ${Number(amount) === 1 ? RUPEES[lang].one : RUPEES[lang].many}`;
      }
      return digitByDigit(groups.mobile ?? groups.dialled ?? '');
    })
    .replace(/(?<=\d),(?=\d)/g, '');
}
