// The specification's language codes, and the real BCP 47 codes a browser or a font needs.
export const LANGUAGE_CODES = ['en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl'] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/**
 * The cookie (and local-storage key) in which the web app keeps the visitor's language: the server
 * writes its pages in it and records it as a learner's interface language at sign-in. No cookie
 * means DEFAULT_LANGUAGE.
 */
export const LANGUAGE_COOKIE = 'jgk_lang';

export const LANGUAGES: Record<LanguageCode, { name: string; nativeName: string; bcp47: string; script: Script }> = {
  en: { name: 'English', nativeName: 'English', bcp47: 'en', script: 'Latin' },
  hi: { name: 'Hindi', nativeName: 'हिन्दी', bcp47: 'hi', script: 'Devanagari' },
  bn: { name: 'Bengali', nativeName: 'বাংলা', bcp47: 'bn', script: 'Bengali' },
  gj: { name: 'Gujarati', nativeName: 'ગુજરાતી', bcp47: 'gu', script: 'Gujarati' },
  kn: { name: 'Kannada', nativeName: 'ಕನ್ನಡ', bcp47: 'kn', script: 'Kannada' },
  ml: { name: 'Malayalam', nativeName: 'മലയാളം', bcp47: 'ml', script: 'Malayalam' },
  mh: { name: 'Marathi', nativeName: 'मराठी', bcp47: 'mr', script: 'Devanagari' },
  od: { name: 'Odia', nativeName: 'ଓଡ଼ିଆ', bcp47: 'or', script: 'Oriya' },
  tm: { name: 'Tamil', nativeName: 'தமிழ்', bcp47: 'ta', script: 'Tamil' },
  tl: { name: 'Telugu', nativeName: 'తెలుగు', bcp47: 'te', script: 'Telugu' },
};

export type Script =
  'Latin' | 'Devanagari' | 'Bengali' | 'Gujarati' | 'Kannada' | 'Malayalam' | 'Oriya' | 'Tamil' | 'Telugu';

export function isLanguageCode(value: string): value is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

/**
 * A language from the specification's code (`tm`) or a BCP 47 tag (`ta`, `ta-IN`), as a person may
 * type it; null when it is neither. The specification's codes win where the two differ: `tl` alone
 * is Telugu here, while `tl-PH` (Tagalog) is no language of the platform.
 */
export function languageFromCode(raw: string): LanguageCode | null {
  const value = raw.trim().toLowerCase();
  if (isLanguageCode(value)) return value;
  const primary = value.split(/[-_]/)[0];
  return LANGUAGE_CODES.find((code) => LANGUAGES[code].bcp47 === primary) ?? null;
}
