// The text of every language, beyond the keys and placeholders that locales.test.ts checks: each
// language is written in its own script, with the digits 0-9 as the courses write them, without
// invisible or broken characters; the long texts (About, the Home page's text, the privacy policy,
// the quiz terms) carry no English apart from names and the short forms people really use (UPI,
// OTP...), and say the same numbers as the English. The sample stories, gallery and banners keep
// the English's amounts, years and helpline.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { LANGUAGE_CODES, type LanguageCode } from '../../contract/languages';

const root = path.join(import.meta.dirname, 'locales');
const contentRoot = path.join(import.meta.dirname, '..', '..', 'sample-content');
type Other = Exclude<LanguageCode, 'en'>;
const others = LANGUAGE_CODES.filter((l): l is Other => l !== 'en');
const isOther = (code: string): code is Other => (others as readonly string[]).includes(code);

/** Each language's Unicode block (Marathi shares Hindi's Devanagari). */
const BLOCKS: Record<Other, [number, number]> = {
  hi: [0x0900, 0x097f],
  mh: [0x0900, 0x097f],
  bn: [0x0980, 0x09ff],
  gj: [0x0a80, 0x0aff],
  od: [0x0b00, 0x0b7f],
  tm: [0x0b80, 0x0bff],
  tl: [0x0c00, 0x0c7f],
  kn: [0x0c80, 0x0cff],
  ml: [0x0d00, 0x0d7f],
};
const DANDA = [0x0964, 0x0965]; // the full stops of Bengali and Odia too
/** Invisible or broken characters: C0 controls other than the line feed, soft hyphen, zero-width space, word joiner, byte-order mark, replacement character. */
const isBroken = (code: number) =>
  (code < 0x20 && code !== 0x0a) || [0x00ad, 0x200b, 0x2060, 0xfeff, 0xfffd].includes(code);

/** Names and short forms a long text may keep in Latin letters. */
const LATIN_ALLOWED = new Set([
  'JGK',
  'Vi',
  'CyberShield',
  'UPI',
  'OTP',
  'PIN',
  'SMS',
  'IP',
  'HTTPS',
  // The encryption on the phone, named as HTTPS is (the privacy policy).
  'AES',
  'GCM',
  'PAN',
  'DPDP',
  'YouTube',
  'IST',
  'cybercrime.gov.in',
]);
const LONG_TEXTS = ['home-text', 'about', 'privacy', 'quiz-terms'];

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  if (Array.isArray(value)) return Object.assign({}, ...value.map((v, i) => flatten(v, `${prefix}.${i}`)));
  if (value && typeof value === 'object') {
    return Object.assign({}, ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)));
  }
  return {};
}

const readJson = (lang: string, ns: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(root, lang, `${ns}.json`), 'utf8')));
const namespaces = (lang: string) => fs.readdirSync(path.join(root, lang)).map((f) => f.replace(/\.json$/, ''));
const isText = (key: string) => !/(^|\.)(meta\.\w+|image|slug|date|isHighlighted)$/.test(key);

/** The problems of one language's text: letters of another script, a native digit, a broken character. */
function scriptProblems(lang: Other, text: string): string[] {
  const [from, to] = BLOCKS[lang];
  const problems: string[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x0900 && code <= 0x0dff && !(code >= from && code <= to) && !DANDA.includes(code))
      problems.push(`foreign letter ${ch} (U+${code.toString(16)})`);
    if (code >= from && code <= to && /\p{Nd}/u.test(ch)) problems.push(`native digit ${ch}: the courses write 0-9`);
  }
  if ([...text].some((ch) => isBroken(ch.codePointAt(0) ?? 0))) problems.push('an invisible or broken character');
  return problems;
}

/** What a long text says in Latin letters, outside its placeholders and tagged links. */
const latinWords = (text: string) =>
  (
    text
      .replace(/<(\w+)>[^<]*<\/\1>/g, ' ')
      .replace(/{{\s*\w+\s*}}/g, ' ')
      .match(/[A-Za-z][A-Za-z.]*[A-Za-z]|[A-Za-z]/g) ?? []
  ).filter((w) => !LATIN_ALLOWED.has(w));
const numbers = (text: string) => (text.match(/\d+/g) ?? []).sort();

function yamlTexts(file: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(flatten(YAML.parse(fs.readFileSync(file, 'utf8')))).filter(([key]) => isText(key)),
  );
}

describe('the text of every language', () => {
  for (const lang of others) {
    it(`${lang}: interface and long texts are in the language's own script, with 0-9 and no broken characters`, () => {
      const problems = namespaces(lang).flatMap((ns) =>
        Object.entries(readJson(lang, ns))
          .filter(([key]) => isText(key))
          .flatMap(([key, text]) => scriptProblems(lang, text).map((p) => `${ns}:${key}: ${p}`)),
      );
      expect(problems).toEqual([]);
    });

    it(`${lang}: the long texts keep no English words and say the English numbers`, () => {
      const problems: string[] = [];
      for (const ns of LONG_TEXTS) {
        if (!fs.existsSync(path.join(root, lang, `${ns}.json`))) continue;
        const english = readJson('en', ns);
        for (const [key, text] of Object.entries(readJson(lang, ns))) {
          if (!isText(key)) continue;
          const words = latinWords(text);
          if (words.length) problems.push(`${ns}:${key}: English left: ${words.join(' ')}`);
          if (numbers(text).join() !== numbers(english[key] ?? '').join())
            problems.push(
              `${ns}:${key}: numbers ${numbers(text).join()} where the English has ${numbers(english[key] ?? '').join()}`,
            );
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('the sample stories, gallery and banners in every language', () => {
  const pairs: { english: string; translation: string; lang: Other }[] = [];
  for (const dir of ['stories', 'media']) {
    for (const file of fs.readdirSync(path.join(contentRoot, dir))) {
      const match = /^(.+)\.([a-z]{2})\.yaml$/.exec(file);
      const lang = match?.[2];
      if (!match || !lang || !isOther(lang)) continue;
      pairs.push({
        english: path.join(contentRoot, dir, `${match[1]}.yaml`),
        translation: path.join(contentRoot, dir, file),
        lang,
      });
    }
  }

  it('finds the translations', () => {
    expect(pairs.length).toBeGreaterThan(others.length * 3);
  });

  it('are in their own script, keep the English amounts, years and helpline, and the portal', () => {
    const problems: string[] = [];
    for (const { english, translation, lang } of pairs) {
      const name = path.relative(contentRoot, translation);
      const englishTexts = yamlTexts(english);
      for (const [key, text] of Object.entries(yamlTexts(translation))) {
        for (const p of scriptProblems(lang, text)) problems.push(`${name}:${key}: ${p}`);
        const source = englishTexts[key] ?? '';
        // Small numbers may be written as words ("Class 11", "eleven neighbours"); amounts, years
        // and the helpline 1930 may not.
        const big = (s: string): string[] => s.replace(/(\d),(?=\d)/g, '$1').match(/\d{3,}/g) ?? [];
        const left = big(text);
        const missing = big(source).filter((n) => {
          const at = left.indexOf(n);
          if (at >= 0) left.splice(at, 1);
          return at < 0;
        });
        if (missing.length) problems.push(`${name}:${key}: lacks ${missing.join(', ')}`);
        if (source.includes('cybercrime.gov.in') && !text.includes('cybercrime.gov.in'))
          problems.push(`${name}:${key}: lacks cybercrime.gov.in`);
      }
    }
    expect(problems).toEqual([]);
  });
});
