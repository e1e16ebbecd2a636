// A post or story is shown in the reader's language where it is published in it, else in English
// (the API's choice, ADR 9 and ADR 29). Its text then carries its own language, so a screen reader
// and the fonts read it as what it is, and its page says so with the note the long texts use.
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '../../contract/languages';
import { useLanguage } from './use-language';

/**
 * The `lang` attribute of an item's text: its language where it differs from the reader's, else none;
 * `isFallback` when it is the English version standing in (the note "shown in English" is then true).
 */
export function useWrittenIn(itemLang: LanguageCode): { lang: string | undefined; isFallback: boolean } {
  const { language } = useLanguage();
  const differs = itemLang !== language;
  return {
    lang: differs ? LANGUAGES[itemLang].bcp47 : undefined,
    isFallback: differs && itemLang === DEFAULT_LANGUAGE,
  };
}
