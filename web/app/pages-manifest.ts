// Build step (vite.config.ts): the page manifest the server reads (contract/page-manifest.ts), made
// from the pages declared in pages.ts, the chunks Vite built for them and the translations of their
// titles; and the browser's copy of pages.ts, which keeps only what the router and the links use
// (the titles, descriptions and share-preview sources are the server's, through the manifest).
// Runs in Node at build time; the app never imports it.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGE_CODES, LANGUAGES, type LanguageCode, type Script } from '../../contract/languages';
import { PAGE_MANIFEST_FILE, type PageManifest, type PageManifestEntry } from '../../contract/page-manifest';
import { createTranslator, type Dictionary } from '../i18n/translator';
import { pages, redirects, site, type PageDeclaration } from './pages';

/** An entry of Vite's build manifest (.vite/manifest.json). */
export interface ViteManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * The scripts a page needs beyond the entry: its route chunk with the chunks that one imports
 * (sent as preload hints, they download in parallel with the entry instead of after it), and
 * their stylesheets.
 */
export function chunksOf(
  moduleKey: string,
  manifest: Record<string, ViteManifestChunk>,
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    chunk.css?.forEach((css) => styles.add(`/${css}`));
    chunk.imports?.forEach(visit);
  };
  visit(moduleKey);
  return { scripts: [...scripts], styles: [...styles] };
}

/** A language's own dictionary of a namespace, or nothing when the language has no file for it. */
export type ReadLocale = (language: LanguageCode, namespace: string) => Dictionary | undefined;

/** Reads the translations from a locales folder (`<code>/<namespace>.json`). */
export function localesIn(folder: string): ReadLocale {
  return (language, namespace) => {
    const file = path.join(folder, language, `${namespace}.json`);
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Dictionary) : undefined;
  };
}

/**
 * A page's title in every language that translates its heading: "<heading> – <site name>", as
 * the browser's tab shows it once the app runs (app/layouts/document-title.tsx), so the title does
 * not change when the page comes alive. English keeps the title as declared.
 */
export function titlesOf(
  title: NonNullable<PageDeclaration['title']>,
  readLocale: ReadLocale,
): NonNullable<PageManifestEntry['titles']> {
  const titles: NonNullable<PageManifestEntry['titles']> = { en: title.en };
  const [namespace, key] = title.key?.split(':') ?? [];
  if (!namespace || !key) return titles;
  for (const language of LANGUAGE_CODES) {
    if (language === 'en') continue;
    const own = readLocale(language, namespace);
    const common = readLocale(language, 'common');
    if (!own || !common) continue;
    let missing = false;
    const { t } = createTranslator({
      language,
      resources: { [namespace]: own, common },
      onMissingKey: () => (missing = true),
    });
    const heading = t(key, { ns: namespace });
    const siteName = t('site.name');
    // Only plain text: a heading with a placeholder or markup has no title of that shape.
    if (missing || /[{<]/.test(heading)) continue;
    titles[language] = heading === siteName ? heading : `${heading} – ${siteName}`;
  }
  return titles;
}

/** The weights the interface draws text in (web/styles/fonts.css declares these two). */
const PRELOADED_WEIGHTS = ['400', '700'];

/**
 * The woff2 files of each script the site is written in (weights 400 and 700), read from the built
 * stylesheets' @font-face rules (family "Noto Sans <script>", and "Noto Sans" for Latin), so the
 * preloads name the files the stylesheet asks for, hashes included. A script of a language with no
 * such face fails the build: its pages would go out without the preload and move when the font
 * arrives.
 */
export function scriptFontsOf(stylesheets: string[]): PageManifest['fonts'] {
  const faces = stylesheets.flatMap((css) => [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => m[1] as string));
  const property = (face: string, name: string) =>
    new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`).exec(face)?.[1]?.trim();
  const fonts: PageManifest['fonts'] = {};
  const scripts = new Set<Script>(Object.values(LANGUAGES).map((language) => language.script));
  for (const script of scripts) {
    const family = script === 'Latin' ? 'Noto Sans' : `Noto Sans ${script}`;
    const files = PRELOADED_WEIGHTS.map((weight) => {
      const face = faces.find(
        (body) =>
          property(body, 'font-family')?.replace(/["']/g, '') === family && property(body, 'font-weight') === weight,
      );
      const file = face && /url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/.exec(property(face, 'src') ?? '')?.[1];
      if (!file) throw new Error(`The built stylesheet has no woff2 face of ${family} at weight ${weight}`);
      return file;
    });
    fonts[script] = files;
  }
  return fonts;
}

/** The manifest: every declared page with its chunks from Vite's manifest and its titles, and the scripts' fonts. */
export function buildPageManifest(
  declared: Record<string, PageDeclaration>,
  site: PageManifest['site'],
  viteManifest: Record<string, ViteManifestChunk>,
  readLocale: ReadLocale,
  fonts: PageManifest['fonts'],
): PageManifest {
  const pages = Object.entries(declared).map(([name, page]): PageManifestEntry => {
    const key = `app/routes/${page.module}.tsx`;
    if (!viteManifest[key]) throw new Error(`Page ${name}: the build has no chunk for ${key}`);
    return {
      name,
      path: page.path,
      rendered: page.rendered ?? false,
      namespaces: [...page.namespaces],
      ...chunksOf(key, viteManifest),
      ...(page.title ? { titles: titlesOf(page.title, readLocale) } : {}),
      ...(page.description ? { description: page.description } : {}),
      ...(page.lcpImage ? { lcpImage: page.lcpImage } : {}),
      ...(page.preview ? { preview: page.preview } : {}),
      ...(page.console ? { console: page.console } : {}),
    };
  });
  return { site, pages, fonts };
}

/** What the browser uses of each page: its address, its module and the module's exports, its namespaces, its frame. */
export function routingOnly(declared: Record<string, PageDeclaration>): Record<string, PageDeclaration> {
  return Object.fromEntries(
    Object.entries(declared).map(([name, { path: pagePath, module, view, layout, namespaces, console }]) => [
      name,
      {
        path: pagePath,
        module,
        ...(view ? { view } : {}),
        ...(layout ? { layout } : {}),
        namespaces,
        ...(console ? { console } : {}),
      },
    ]),
  );
}

/**
 * In the browser's build: replaces pages.ts with its routing part (every first load carries it),
 * and writes the manifest beside Vite's own once the build is written. Translations are read from
 * the sources (i18n/locales/<code>/<namespace>.json under the app's root).
 */
export function pageManifestPlugin(): Plugin {
  let root = '';
  let outDir = '';
  let replaced = false;
  return {
    name: 'page-manifest',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transform(_code, id) {
      if (id !== path.join(root, 'app/pages.ts')) return undefined;
      replaced = true;
      // An export the app imports and this leaves out fails the build (a missing export).
      return {
        code: `export const pages = ${JSON.stringify(routingOnly(pages))};\nexport const redirects = ${JSON.stringify(redirects)};\n`,
        map: null,
      };
    },
    generateBundle() {
      // Otherwise every first load would carry the whole declaration, silently.
      if (!replaced) this.error('app/pages.ts was not found in the build: the browser would get all of it');
    },
    writeBundle(_options, bundle) {
      const viteManifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        ViteManifestChunk
      >;
      const stylesheets = Object.values(bundle).flatMap((file) =>
        file.type === 'asset' && file.fileName.endsWith('.css') ? [String(file.source)] : [],
      );
      const manifest = buildPageManifest(
        pages,
        site,
        viteManifest,
        localesIn(path.join(root, 'i18n/locales')),
        scriptFontsOf(stylesheets),
      );
      fs.writeFileSync(path.join(outDir, PAGE_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
