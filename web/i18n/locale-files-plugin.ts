// Build step (vite.config.ts): emits the translations (i18n/locales/<code>/<namespace>.json) into
// one folder per language named by the hash of that language's files, and tells the app the
// versions (`__LOCALE_FILES__`, read by i18n.ts through locale-address.ts). Each file keeps its
// source's name in Vite's manifest (`i18n/locales/hi/learning.json`), where the server finds the
// translations it writes into a page (server/modules/pages/translations.ts). Runs in Node at build
// time; the app never imports it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { DEFAULT_LANGUAGE } from '../../contract/languages';
import { localeFolder, type LocaleFiles } from './locale-address';

/** Every language's namespaces (file names without .json), as the folder holds them. */
function readLocales(folder: string): Map<string, string[]> {
  const languages = new Map<string, string[]>();
  for (const lang of fs.readdirSync(folder).sort()) {
    const names = fs
      .readdirSync(path.join(folder, lang))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length))
      .sort();
    languages.set(lang, names);
  }
  return languages;
}

/** The versions and the missing namespaces of the translations in `folder`. */
export function localeFiles(folder: string): LocaleFiles {
  const languages = readLocales(folder);
  const all = languages.get(DEFAULT_LANGUAGE) ?? [];
  const files: LocaleFiles = { versions: {}, missing: {} };
  for (const [lang, names] of languages) {
    const hash = crypto.createHash('sha256');
    for (const name of names) hash.update(`${name}\n`).update(fs.readFileSync(path.join(folder, lang, `${name}.json`)));
    files.versions[lang] = hash.digest('base64url').slice(0, 10);
    const missing = all.filter((name) => !names.includes(name));
    if (missing.length > 0) files.missing[lang] = missing;
  }
  return files;
}

export function localeFilesPlugin(): Plugin {
  let folder = '';
  let files: LocaleFiles = { versions: {}, missing: {} };
  return {
    name: 'locale-files',
    // The browser's build only: the server-side renderer is given every namespace it renders with.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config(config) {
      folder = path.resolve(config.root ?? '.', 'i18n/locales');
      files = localeFiles(folder);
      return { define: { __LOCALE_FILES__: JSON.stringify(files) } };
    },
    generateBundle() {
      for (const [lang, version] of Object.entries(files.versions)) {
        for (const file of fs.readdirSync(path.join(folder, lang)).filter((name) => name.endsWith('.json'))) {
          const source = path.join(folder, lang, file);
          this.emitFile({
            type: 'asset',
            fileName: `${localeFolder(lang, version)}/${file}`,
            // As Vite names a source in its manifest: from the app's root.
            originalFileName: `i18n/locales/${lang}/${file}`,
            name: file,
            source: fs.readFileSync(source),
          });
        }
      }
    },
  };
}
