// The web app's translations as its build emitted them (one JSON file per language and namespace,
// named in Vite's manifest): the namespaces a page shows first, written into it, and every
// namespace of a language, for the server-side renderer.
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/languages';
import type { PageManifestEntry } from '../../../contract/page-manifest';

/** Vite's build manifest (.vite/manifest.json), by source file: the emitted file of each. */
export type ViteManifest = Record<string, { file: string }>;

export type Translations = Record<string, Record<string, unknown>>;

/**
 * Translation namespaces in a language (a namespace a language lacks comes in English, as the web
 * app's loader does), read from the built files named in Vite's manifest.
 */
export function readNamespaces(
  names: string[],
  lang: LanguageCode,
  manifest: ViteManifest | undefined,
  read: (file: string) => Record<string, unknown> | undefined,
): Translations {
  const namespaces: Translations = {};
  if (!manifest) return namespaces;
  for (const ns of names) {
    const entry =
      manifest[`i18n/locales/${lang}/${ns}.json`] ?? manifest[`i18n/locales/${DEFAULT_LANGUAGE}/${ns}.json`];
    const data = entry && read(entry.file);
    if (data) namespaces[ns] = data;
  }
  return namespaces;
}

/** Every namespace the build has (each exists in English). */
export function allNamespaces(manifest: ViteManifest): string[] {
  return Object.keys(manifest)
    .map((key) => new RegExp(`^i18n/locales/${DEFAULT_LANGUAGE}/([\\w-]+)\\.json$`).exec(key)?.[1])
    .filter((name): name is string => Boolean(name));
}

/** The translations a page shows first: the common namespace and the page's own. */
export function translationsFor(
  page: PageManifestEntry | undefined,
  lang: LanguageCode,
  manifest: ViteManifest | undefined,
  read: (file: string) => Record<string, unknown> | undefined,
): Translations {
  return readNamespaces(['common', ...(page?.namespaces ?? [])], lang, manifest, read);
}
