// The interface text's translator: dictionaries per language and namespace, looked up by dotted
// key, with {{name}} values, plural forms and namespaces loaded on demand. No DOM and no React, so
// the server can make one per page it renders (i18n.ts has the browser's, react.tsx the hooks).
// It does what the locale files and the call sites use, and no more (ADR 9).
import { LANGUAGES, isLanguageCode } from '../../contract/languages';

/** One namespace's translations: nested objects and arrays of strings, as in locales/<code>/<ns>.json. */
export type Dictionary = { readonly [key: string]: unknown };

export interface TOptions {
  /** Picks the plural form (`key_one`, `key_other`, ... where the dictionary has them) and fills {{count}}. */
  count?: number;
  /** Returned (with its {{values}} filled) when the key is missing. */
  defaultValue?: string;
  /** Another namespace than the one the function is bound to. */
  ns?: string;
  /** Returns the object or array under the key as it is, instead of only strings. */
  returnObjects?: boolean;
  /** Values for {{name}} placeholders. */
  [name: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

export interface I18n {
  /** The current language (the specification's code, e.g. "hi"). */
  readonly language: string;
  /** Translates from the default namespace, "common". */
  readonly t: TFunction;
  /** A `t` bound to a namespace, in whatever language is current when it is called. */
  getFixedT(namespace: string): TFunction;
  hasNamespace(namespace: string, language?: string): boolean;
  /** Whether the last load of the namespace failed (until it is loaded again). */
  loadFailed(namespace: string, language?: string): boolean;
  /** Loads the namespaces of the current language that are not there yet; one load at a time per namespace. */
  loadNamespaces(namespaces: string | readonly string[]): Promise<void>;
  /**
   * Loads every namespace the current language has (or is loading) in the new language, then
   * switches and notifies, so nothing is ever shown as a raw key. Rejects, and stays in the
   * current language, when a load fails. With nothing to load it switches at once.
   */
  changeLanguage(language: string): Promise<void>;
  /** Called after a language change and after a namespace is added. */
  subscribe(listener: () => void): () => void;
  /** Adds (or replaces) a namespace's dictionary for a language. */
  addResources(language: string, namespace: string, dictionary: Dictionary): void;
}

export interface TranslatorOptions {
  language: string;
  /** Dictionaries of `language` by namespace, there from the start. */
  resources?: Record<string, Dictionary>;
  /** Fetches a namespace; without it, only the given resources exist. */
  load?: (language: string, namespace: string) => Promise<Dictionary>;
  /** Told of each key that has no translation (the key itself is shown). */
  onMissingKey?: (language: string, namespace: string, key: string) => void;
}

export const DEFAULT_NAMESPACE = 'common';

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in a language, by its real BCP 47 tag ("gj" is Gujarati, "gu"). */
function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(isLanguageCode(language) ? LANGUAGES[language].bcp47 : language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function lookup(dictionary: Dictionary | undefined, key: string): unknown {
  let value: unknown = dictionary;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Fills {{name}} from the options; a placeholder without a value stays as it is. No HTML escaping: React escapes. */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) =>
    Object.hasOwn(options, name) && options[name] !== undefined ? String(options[name]) : placeholder,
  );
}

export function createTranslator(options: TranslatorOptions): I18n {
  const { load, onMissingKey } = options;
  let language = options.language;
  const store = new Map<string, Map<string, Dictionary>>();
  const loading = new Map<string, Map<string, Promise<void>>>();
  const failed = new Set<string>();
  const listeners = new Set<() => void>();
  // The latest language asked for: an earlier change that finishes loading later does not win.
  let languageRequest = 0;

  const id = (lang: string, namespace: string) => `${lang}\u0000${namespace}`;
  const notify = () => listeners.forEach((listener) => listener());

  const hasNamespace = (namespace: string, lang = language) => store.get(lang)?.has(namespace) ?? false;

  const addResources = (lang: string, namespace: string, dictionary: Dictionary) => {
    let namespaces = store.get(lang);
    if (!namespaces) store.set(lang, (namespaces = new Map()));
    namespaces.set(namespace, dictionary);
    failed.delete(id(lang, namespace));
    notify();
  };

  const loadOne = (lang: string, namespace: string): Promise<void> => {
    if (hasNamespace(namespace, lang)) return Promise.resolve();
    let inFlight = loading.get(lang);
    const pending = inFlight?.get(namespace);
    if (pending) return pending;
    if (!inFlight) loading.set(lang, (inFlight = new Map()));
    const request = (
      load ? load(lang, namespace) : Promise.reject(new Error(`no translations for ${lang}/${namespace}`))
    ).then(
      (dictionary) => {
        inFlight.delete(namespace);
        addResources(lang, namespace, dictionary);
      },
      (error: unknown) => {
        inFlight.delete(namespace);
        failed.add(id(lang, namespace));
        throw error;
      },
    );
    inFlight.set(namespace, request);
    return request;
  };

  const loadAll = (lang: string, namespaces: readonly string[]) =>
    Promise.all(namespaces.map((ns) => loadOne(lang, ns))).then(() => undefined);

  const translate = (boundNamespace: string, key: string, options?: TOptions): unknown => {
    const namespace = options?.ns ?? boundNamespace;
    const dictionary = store.get(language)?.get(namespace);
    let value: unknown;
    if (typeof options?.count === 'number')
      value = lookup(dictionary, `${key}_${pluralCategory(language, options.count)}`);
    value ??= lookup(dictionary, key);
    if (typeof value === 'string') return interpolate(value, options);
    if (options?.returnObjects && value !== undefined && value !== null) return value;
    if (options?.defaultValue !== undefined) return interpolate(options.defaultValue, options);
    onMissingKey?.(language, namespace, key);
    return key;
  };

  const getFixedT = (namespace: string): TFunction =>
    ((key: string, options?: TOptions) => translate(namespace, key, options)) as TFunction;

  for (const [namespace, dictionary] of Object.entries(options.resources ?? {}))
    addResources(language, namespace, dictionary);

  return {
    get language() {
      return language;
    },
    t: getFixedT(DEFAULT_NAMESPACE),
    getFixedT,
    hasNamespace,
    loadFailed: (namespace, lang = language) => failed.has(id(lang, namespace)),
    loadNamespaces: (namespaces) =>
      typeof namespaces === 'string' ? loadOne(language, namespaces) : loadAll(language, namespaces),
    async changeLanguage(next) {
      const request = ++languageRequest;
      const wanted = new Set([...(store.get(language)?.keys() ?? []), ...(loading.get(language)?.keys() ?? [])]);
      const missing = [...wanted].filter((namespace) => !hasNamespace(namespace, next));
      if (missing.length) await loadAll(next, missing);
      if (request !== languageRequest || next === language) return;
      language = next;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    addResources,
  };
}
