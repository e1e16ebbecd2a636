// Interface text through i18next. Each language has one JSON file per namespace under
// locales/<code>/<namespace>.json, loaded on demand, so a visitor downloads only their language.
// A namespace that has no file for a language (long texts exist at least in English and Hindi)
// is served from English; its "meta.lang" key tells the page to show a note (see use-long-text.ts).
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguageCode, type LanguageCode } from '../../contract/languages';
import { loadScriptFont } from './fonts';

export const LANGUAGE_STORAGE_KEY = 'jgk_lang';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files[`./locales/${language}/${namespace}.json`] ?? files[`./locales/${DEFAULT_LANGUAGE}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no translations for namespace ${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default as never),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export function storedLanguage(): LanguageCode {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (value && isLanguageCode(value)) return value;
  } catch {
    // Storage can be unavailable (private mode); the default language serves.
  }
  return DEFAULT_LANGUAGE;
}

function applyLanguage(language: LanguageCode) {
  const info = LANGUAGES[language];
  document.documentElement.lang = info.bcp47;
  document.documentElement.dataset.script = info.script;
  loadScriptFont(info.script);
}

export const i18n = i18next.createInstance();

export function initI18n() {
  const language = storedLanguage();
  applyLanguage(language);
  i18n.on('languageChanged', (next) => {
    if (isLanguageCode(next)) applyLanguage(next);
  });
  return i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Every language carries every key (checked by locales.test.ts), so no second language is
      // ever downloaded as a fallback.
      fallbackLng: false,
      supportedLngs: Object.keys(LANGUAGES),
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export async function changeLanguage(language: LanguageCode) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Remembering is a convenience; the switch itself still works.
  }
  await i18n.changeLanguage(language);
}

/** The interface language as the specification's code. */
export function currentLanguage(): LanguageCode {
  return isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
