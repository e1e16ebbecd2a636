// Where the app fetches a language's namespace of translations. The build emits each language's
// files in a folder named by the hash of all of that language's files
// (`/assets/locales/hi-<version>/learning.json`, locale-files-plugin.ts) and gives the app the ten
// versions, not a list of two hundred addresses: that list, each address with a hash of its own,
// cost 2.5 KB of every page's first load as sent. A change to one of a language's files changes its
// folder, so every address stays immutable. In development and tests (no build) the files are
// fetched from their sources.
import { DEFAULT_LANGUAGE } from '../../contract/languages';

/** What the build tells the app of its translation files. */
export interface LocaleFiles {
  /** Each language's version: the name of its folder after the language's code. */
  versions: Record<string, string>;
  /** The namespaces a language has no file for (they come in English). */
  missing: Record<string, string[]>;
}

export const LOCALES_FOLDER = 'assets/locales';

/** The folder of a language's files in the build, under the site's root. */
export function localeFolder(lang: string, version: string): string {
  return `${LOCALES_FOLDER}/${lang}-${version}`;
}

/** The address of a namespace in a language (in English when the language lacks it). */
export function localeAddress(files: LocaleFiles | undefined, language: string, namespace: string): string {
  const lang = files?.missing[language]?.includes(namespace) ? DEFAULT_LANGUAGE : language;
  const version = files?.versions[lang];
  if (files && !version) throw new Error(`no translations for language ${lang}`);
  return version ? `/${localeFolder(lang, version)}/${namespace}.json` : `/i18n/locales/${lang}/${namespace}.json`;
}
