// Excerpts for cards: plain text from sanitised HTML (contract/plain-text.ts, the server's too), cut
// as the specification says.
import { plainText } from '../../contract/plain-text';

/** The first `max` characters, plus "..." when something was cut. */
export function truncateChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}...`;
}

/** The first `max` words, plus an ellipsis when something was cut. */
export function truncateWords(text: string, max: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= max ? words.join(' ') : `${words.slice(0, max).join(' ')}…`;
}

export function excerpt(html: string, maxChars: number): string {
  return truncateChars(plainText(html), maxChars);
}

/**
 * Dates as the visitor's language writes them, on India's clock: the server renders a page in
 * the same words as the visitor's phone shows it (and a post from 11 pm is not dated the next day).
 * `withTime` adds the hour and minute on the 24-hour clock (an event's opening).
 */
export function formatDate(value: string | Date, bcp47: string, { withTime = false } = {}): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(bcp47, withTime).format(date);
}

// Making an Intl formatter loads the language's data, 8 to 80 ms on a phone's main thread each
// time (ADR 38): one per language (and with or without the time), kept, and the grapheme segmenter
// only once an avatar asks.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(bcp47: string, withTime: boolean): Intl.DateTimeFormat {
  const key = withTime ? `${bcp47} time` : bcp47;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(bcp47, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      // On the 24-hour clock, as an event's hours are written (09:00 to 19:00), with no am or pm.
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
      timeZone: 'Asia/Kolkata',
    });
    dateFormats.set(key, format);
  }
  return format;
}

let graphemes: Intl.Segmenter | undefined;

/**
 * The first letters of a name's first two words, for an avatar: whole letters as a reader sees
 * them (a grapheme cluster: म with its vowel sign in मीना, க with its vowel sign in கமலா), not the
 * first code point, which would drop the vowel sign.
 */
export function nameInitials(name: string): string {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const segmenter = graphemes;
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => segmenter.segment(word)[Symbol.iterator]().next().value?.segment ?? '');
  return letters.join('').toUpperCase() || '?';
}
