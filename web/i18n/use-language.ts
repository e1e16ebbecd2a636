import { useTranslation } from './react';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../contract/languages';
import { changeLanguage } from './i18n';

/** The interface language (the specification's code) and the way to change it. */
export function useLanguage(): { language: LanguageCode; setLanguage: (language: LanguageCode) => Promise<void> } {
  const { i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return { language, setLanguage: changeLanguage };
}
