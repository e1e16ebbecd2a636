import { LANGUAGES, type LanguageCode } from '../../../../contract/languages';

/**
 * The locale an event's dates and times are written in: the language as India writes it, with the
 * digits 0-9 the rest of the page uses (Bengali and Marathi would otherwise get their own digits).
 */
export function localeOf(language: LanguageCode): string {
  return `${LANGUAGES[language].bcp47}-IN-u-nu-latn`;
}
