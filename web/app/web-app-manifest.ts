// Build step (vite.config.ts): the web app manifest in each of the ten languages
// (dist/web/manifest-<lang>.webmanifest), from the site's name and tagline in that language's
// translations, and the app's icons drawn from the site's icon (web/public/favicon.svg), so a learner
// can add the site to the phone's home screen in their language (ADR 43). The server links the
// page's language's manifest from every page it sends. Runs in Node at build time; the app never
// imports it.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { LANGUAGE_CODES, LANGUAGES, type LanguageCode } from '../../contract/languages';
import { webAppManifestFile } from '../../contract/page-manifest';

/** The site's colours: its red (index.html's theme-color) and the page's white. */
const THEME_COLOR = '#c8102e';
const BACKGROUND_COLOR = '#ffffff';
/** The icon's own background, for the maskable icon's safe area (favicon.svg's circle). */
const ICON_RED = '#a50d25';

export const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export function webAppManifest(lang: LanguageCode, site: { name: string; tagline: string }) {
  return {
    name: `${site.name} – ${site.tagline}`,
    short_name: site.name,
    description: site.tagline,
    lang: LANGUAGES[lang].bcp47,
    dir: 'ltr',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: ICONS,
  };
}

/** The icons from the site's SVG icon: plain at 192 and 512 pixels, and maskable (the mark inside the safe circle). */
async function drawIcons(svg: Buffer, outDir: string): Promise<void> {
  fs.mkdirSync(path.join(outDir, 'icons'), { recursive: true });
  for (const size of [192, 512]) {
    await sharp(svg, { density: 72 * (size / 32) })
      .resize(size, size)
      .png()
      .toFile(path.join(outDir, `icons/icon-${size}.png`));
  }
  // A maskable icon's visible part is the centre circle of 80 %: the mark fills 70 % of it on its red.
  const mark = await sharp(svg, { density: 72 * (358 / 32) })
    .resize(358, 358)
    .png()
    .toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: ICON_RED } })
    .composite([{ input: mark, top: 77, left: 77 }])
    .png()
    .toFile(path.join(outDir, 'icons/icon-maskable-512.png'));
}

export function webAppManifestPlugin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'web-app-manifest',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const lang of LANGUAGE_CODES) {
        const common = JSON.parse(fs.readFileSync(path.join(root, `i18n/locales/${lang}/common.json`), 'utf8')) as {
          site: { name: string; tagline: string };
        };
        fs.writeFileSync(
          path.join(outDir, webAppManifestFile(lang)),
          JSON.stringify(webAppManifest(lang, common.site)),
        );
      }
      await drawIcons(fs.readFileSync(path.join(root, 'public/favicon.svg')), outDir);
    },
  };
}
