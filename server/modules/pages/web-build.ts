// The built web app as the server reads it once at start: index.html (the page every address gets),
// Vite's manifest (where each translation file went) and the page manifest (which pages there
// are: contract/page-manifest.ts, written by the web build from web/app/pages.ts).
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_MANIFEST_FILE, webAppManifestFile, type PageManifest } from '../../../contract/page-manifest';
import { DEFAULT_LANGUAGE } from '../../../contract/languages';
import type { ViteManifest } from './translations';

export interface WebBuild {
  dir: string;
  template: string;
  viteManifest: ViteManifest | undefined;
  pageManifest: PageManifest;
  /** Whether the build has the web app manifests (one per language), which the pages then link. */
  webAppManifests: boolean;
  /** A built translation file, parsed (read once; undefined when missing or unreadable). */
  readTranslation(file: string): Record<string, unknown> | undefined;
}

function readJson<T>(file: string): T | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined;
}

/** The build in `dir`, or undefined when there is none (the API runs alone). */
export function readWebBuild(dir: string | undefined): WebBuild | undefined {
  const indexFile = dir && path.join(dir, 'index.html');
  if (!dir || !indexFile || !fs.existsSync(indexFile)) return undefined;
  const pageManifest = readJson<PageManifest>(path.join(dir, PAGE_MANIFEST_FILE));
  // A build without it predates the page manifest: serving it would give every page the wrong
  // head and no rendering, so the start stops with the fix.
  if (!pageManifest)
    throw new Error(`The web build in ${dir} has no ${PAGE_MANIFEST_FILE}: build it again (npm run build:web)`);
  const translationFiles = new Map<string, Record<string, unknown> | undefined>();
  return {
    dir,
    template: fs.readFileSync(indexFile, 'utf8'),
    viteManifest: readJson<ViteManifest>(path.join(dir, '.vite/manifest.json')),
    pageManifest,
    webAppManifests: fs.existsSync(path.join(dir, webAppManifestFile(DEFAULT_LANGUAGE))),
    readTranslation(file) {
      if (!translationFiles.has(file)) {
        let data: Record<string, unknown> | undefined;
        try {
          data = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
        } catch {
          data = undefined;
        }
        translationFiles.set(file, data);
      }
      return translationFiles.get(file);
    },
  };
}
