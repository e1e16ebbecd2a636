// Interface text through the project's translator (translator.ts). Each language has one JSON file
// per namespace under locales/<code>/<namespace>.json, loaded on demand, so a visitor downloads only
// their language. A long-text namespace that has no file for a language (every language has every
// one today; a new page may come in English first) is served from English; its "meta.lang" key
// tells the page to show a note (see use-long-text.ts).
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  isLanguageCode,
  type LanguageCode,
} from '../../contract/languages';
import { webAppManifestFile } from '../../contract/page-manifest';
import { localeAddress, type LocaleFiles } from './locale-address';
import { createTranslator, type Dictionary, type I18n } from './translator';

export const LANGUAGE_STORAGE_KEY = LANGUAGE_COOKIE;

/** Set by the build (web/i18n/locale-files-plugin.ts); absent in development and tests. */
declare const __LOCALE_FILES__: LocaleFiles | undefined;
const localeFiles = typeof __LOCALE_FILES__ === 'object' ? __LOCALE_FILES__ : undefined;

// Each file is a plain JSON asset (fetched and parsed as data, which is cheaper than a script per
// file). Every language carries every key (checked by locales.test.ts), so no second language is
// ever downloaded as a fallback; only a whole namespace a language lacks comes in English.
async function fetchNamespace(language: string, namespace: string): Promise<Dictionary> {
  const url = localeAddress(localeFiles, language, namespace);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`translations ${url}: ${response.status}`);
  return (await response.json()) as Dictionary;
}

/**
 * The translations the server wrote into the page (server/modules/pages/): the namespaces of
 * the page a visitor lands on, in the language their cookie names, so the first screen needs no
 * request for them. A JSON data block, not a script, so the content security policy is unchanged.
 */
function inlineTranslations(): { lang: LanguageCode; namespaces: Record<string, Dictionary> } | undefined {
  const element = document.getElementById('i18n-data');
  if (!element?.textContent) return undefined;
  try {
    const data = JSON.parse(element.textContent) as { lang?: string; namespaces?: Record<string, Dictionary> };
    return data.lang && isLanguageCode(data.lang) && data.namespaces
      ? { lang: data.lang, namespaces: data.namespaces }
      : undefined;
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
  // The stylesheet puts this script's font first (web/styles/global.css).
  document.documentElement.dataset.script = info.script;
  // The site added to the phone's home screen is named in the language it is read in.
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.href = `/${webAppManifestFile(language)}`;
}

export const i18n: I18n = createTranslator({
  language: DEFAULT_LANGUAGE,
  load: fetchNamespace,
  onMissingKey: import.meta.env.DEV
    ? (language, namespace, key) => console.warn(`no translation for ${language}/${namespace}:${key}`)
    : undefined,
});

/**
 * Starts the translations in `language` (the stored choice, or the language of a page the server
 * rendered, which hydration must match): at once with the namespaces the page carries (the switch
 * happens before the first render), with a request for the common namespace when it carries none.
 */
export function initI18n(language: LanguageCode = storedLanguage()): Promise<void> {
  applyLanguage(language);
  rememberLanguageForServer(language);
  let applied = language;
  i18n.subscribe(() => {
    const next = currentLanguage();
    if (next === applied) return;
    applied = next;
    applyLanguage(next);
  });
  const inline = inlineTranslations();
  for (const [namespace, dictionary] of Object.entries(inline?.lang === language ? inline.namespaces : {}))
    i18n.addResources(language, namespace, dictionary);
  // Nothing is loaded in another language yet, so the switch itself is immediate. A common
  // namespace that cannot be fetched shows its keys (the pages retry their own namespaces).
  return i18n
    .changeLanguage(language)
    .then(() => i18n.loadNamespaces('common'))
    .catch((error: unknown) => console.warn('translations not loaded', error));
}

/**
 * A translator for one page rendered on the server, in the visitor's language, with every
 * namespace it shows given up front: nothing is fetched while rendering.
 */
export function createServerI18n(language: LanguageCode, namespaces: Record<string, Dictionary>): I18n {
  return createTranslator({ language, resources: namespaces });
}

/**
 * Switches the interface once the new language's translations are there. When they cannot be
 * fetched, the page stays in its language and the choice is not remembered.
 */
export async function changeLanguage(language: LanguageCode) {
  try {
    await i18n.changeLanguage(language);
  } catch (error) {
    console.warn(`language ${language} not loaded`, error);
    return;
  }
  // A later choice made while this one was loading has won.
  if (i18n.language !== language) return;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Remembering is a convenience; the switch itself still works.
  }
  rememberLanguageForServer(language);
}

/** A cookie tells the server which language's translations to write into the pages it serves. */
function rememberLanguageForServer(language: LanguageCode) {
  const cookies = document.cookie.split('; ');
  const cookie = `${LANGUAGE_STORAGE_KEY}=${language}`;
  // No cookie means the default language to the server: a default-language visitor gets none.
  const known =
    cookies.includes(cookie) ||
    (language === DEFAULT_LANGUAGE && !cookies.some((c) => c.startsWith(`${LANGUAGE_STORAGE_KEY}=`)));
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
