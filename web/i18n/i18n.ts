// Interface text through i18next. Each language has one JSON file per namespace under
// locales/<code>/<namespace>.json, loaded on demand, so a visitor downloads only their language.
// A namespace that has no file for a language (long texts exist at least in English and Hindi)
// is served from English; its "meta.lang" key tells the page to show a note (see use-long-text.ts).
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguageCode, type LanguageCode } from '../../contract/languages';
import { loadScriptFont } from './fonts';

export const LANGUAGE_STORAGE_KEY = 'jgk_lang';

// Each file is emitted as a plain JSON asset (fetched and parsed as data, which is cheaper than a
// script per file); only the URLs are in the script.
const files = import.meta.glob<string>('./locales/*/*.json', { query: '?url', import: 'default', eager: true });

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const url = files[`./locales/${language}/${namespace}.json`] ?? files[`./locales/${DEFAULT_LANGUAGE}/${namespace}.json`];
    if (!url) {
      callback(new Error(`no translations for namespace ${namespace}`), false);
      return;
    }
    fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`translations ${url}: ${response.status}`);
        return response.json() as Promise<Record<string, unknown>>;
      })
      .then(
        (data) => callback(null, data as never),
        (error: unknown) => callback(error as Error, false),
      );
  },
};

/**
 * The translations the server wrote into the page (server/plugins/web-app.ts): the namespaces of
 * the page a visitor lands on, in the language their cookie names, so the first screen needs no
 * request for them. A JSON data block, not a script, so the content security policy is unchanged.
 */
function inlineTranslations(): { lang: LanguageCode; namespaces: Record<string, Record<string, unknown>> } | undefined {
  const element = document.getElementById('i18n-data');
  if (!element?.textContent) return undefined;
  try {
    const data = JSON.parse(element.textContent) as { lang?: string; namespaces?: Record<string, Record<string, unknown>> };
    return data.lang && isLanguageCode(data.lang) && data.namespaces ? { lang: data.lang, namespaces: data.namespaces } : undefined;
  } catch {
    return undefined;
  }
}

/** The language the server wrote the page's translations (and its rendered HTML) in. */
export function pageLanguage(): LanguageCode | undefined {
  return inlineTranslations()?.lang;
}

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

/**
 * Starts the translations in `language` (the stored choice, or the language of a page the server
 * rendered, which hydration must match), synchronously when the page carries its translations.
 */
export function initI18n(language: LanguageCode = storedLanguage()) {
  applyLanguage(language);
  rememberLanguageForServer(language);
  i18n.on('languageChanged', (next) => {
    if (isLanguageCode(next)) applyLanguage(next);
  });
  const data = inlineTranslations();
  const inline = data?.lang === language ? data.namespaces : undefined;
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
      ...(inline ? { resources: { [language]: inline }, partialBundledLanguages: true } : {}),
      defaultNS: 'common',
      // With the translations in the page, ready before the first render (hydration needs them).
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

/**
 * A translator for one page rendered on the server, in the visitor's language, with every
 * namespace given up front: nothing is fetched while rendering.
 */
export function createServerI18n(language: LanguageCode, namespaces: Record<string, Record<string, unknown>>) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: Object.keys(namespaces),
    defaultNS: 'common',
    resources: { [language]: namespaces },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  return instance;
}

export async function changeLanguage(language: LanguageCode) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Remembering is a convenience; the switch itself still works.
  }
  rememberLanguageForServer(language);
  await i18n.changeLanguage(language);
}

/** A cookie tells the server which language's translations to write into the pages it serves. */
function rememberLanguageForServer(language: LanguageCode) {
  const cookies = document.cookie.split('; ');
  const cookie = `${LANGUAGE_STORAGE_KEY}=${language}`;
  // No cookie means the default language to the server: a default-language visitor gets none.
  const known = cookies.includes(cookie) || (language === DEFAULT_LANGUAGE && !cookies.some((c) => c.startsWith(`${LANGUAGE_STORAGE_KEY}=`)));
  if (!known) document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * A page the server wrote in another language than the visitor's stored choice (no cookie yet)
 * changes to the stored one; called once the page is hydrated, since hydration must see the
 * server's language.
 */
export async function followStoredLanguage(): Promise<void> {
  const stored = storedLanguage();
  if (stored !== currentLanguage()) await changeLanguage(stored);
}

/** The interface language as the specification's code. */
export function currentLanguage(): LanguageCode {
  return isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
