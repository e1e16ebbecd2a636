import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, LANGUAGES } from '../../contract/languages';
import { ICONS, webAppManifest } from './web-app-manifest';

const siteOf = (lang: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../i18n/locales/${lang}/common.json`), 'utf8')) as {
      site: { name: string; tagline: string };
    }
  ).site;

describe('the web app manifest', () => {
  it('names the app in each language, from that language’s own site name and tagline', () => {
    for (const lang of LANGUAGE_CODES) {
      const site = siteOf(lang);
      const manifest = webAppManifest(lang, site);
      expect(manifest).toMatchObject({
        short_name: site.name,
        description: site.tagline,
        lang: LANGUAGES[lang].bcp47,
        start_url: '/',
        scope: '/',
        display: 'standalone',
      });
      expect(manifest.name).toContain(site.tagline);
    }
    expect(webAppManifest('hi', siteOf('hi')).name).toMatch(/[\u0900-\u097F]/);
    expect(webAppManifest('tm', siteOf('tm')).name).toMatch(/[\u0B80-\u0BFF]/);
  });

  it('has the icons an installable app needs: 192 and 512 pixels, and a maskable one', () => {
    expect(ICONS.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });
});
