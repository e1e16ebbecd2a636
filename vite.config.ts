// Builds the React app in web/ into dist/web, which the server serves from the same origin. In
// development `npm run dev:web` proxies the API and stored files to the server on :3000.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { transformSync } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pageManifestPlugin } from './web/app/pages-manifest';
import { webAppManifestPlugin } from './web/app/web-app-manifest';
import { localeFilesPlugin } from './web/i18n/locale-files-plugin';

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text asset, which the server
 * sends as they are (@fastify/static preCompressed): smaller than compressing on each request, and
 * no CPU spent on it at run time.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    // The server-side bundle is read from disk by the server, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const visit = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) visit(file);
          else if (/\.(js|css|svg|json|html|txt|webmanifest)$/.test(entry.name) && fs.statSync(file).size > 512) {
            const data = fs.readFileSync(file);
            fs.writeFileSync(
              `${file}.br`,
              zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
          }
        }
      };
      visit(outDir);
    },
  };
}

/**
 * Minifies the scripts of web/public as they are copied (boot.js, on every page the server renders):
 * their source keeps its comments, the visitor gets none of them. Runs before `precompress`.
 */
function minifyPublicScripts(): Plugin {
  let outDir = '';
  let publicDir = '';
  return {
    name: 'minify-public-scripts',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    closeBundle() {
      if (!publicDir || !fs.existsSync(publicDir)) return;
      for (const name of fs.readdirSync(publicDir)) {
        if (!name.endsWith('.js')) continue;
        const file = path.join(outDir, name);
        fs.writeFileSync(
          file,
          transformSync(fs.readFileSync(file, 'utf8'), { minify: true, target: 'es2018', loader: 'js' }).code,
        );
      }
    },
  };
}

/**
 * React Router's own production build. Its package names only its development build for every
 * import (remix-run/react-router#14102), which carries the development warnings (and 0.2 KB more of
 * every page's first load as sent). Both builds of the app take the production one, so the server
 * renders with the code the browser hydrates with.
 */
const productionReactRouter = {
  alias: [
    {
      find: /^react-router$/,
      replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
    },
  ],
};

/**
 * `vite build` builds the browser's app into dist/web; `vite build --ssr entry-server.tsx` builds the server-side
 * renderer (web/entry-server.tsx) into dist/web/.ssr, one self-contained module the server loads.
 */
const serverRenderer = defineConfig({
  root: 'web',
  publicDir: false,
  plugins: [react()],
  resolve: productionReactRouter,
  // React and the libraries are bundled in: they are the web app's (development) packages.
  ssr: { noExternal: true, target: 'node' },
  // React's production build whatever NODE_ENV the server runs with, as for the browser's build:
  // the bundled libraries would otherwise choose at run time, and their development build renders
  // several times slower.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: '../dist/web/.ssr',
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

const browserApp = defineConfig({
  root: 'web',
  publicDir: 'public',
  resolve: productionReactRouter,
  // The page manifest tells the server which pages there are (web/app/pages.ts), with their chunks;
  // the browser gets only the routing part of the pages' declaration.
  plugins: [
    react(),
    minifyPublicScripts(),
    localeFilesPlugin(),
    webAppManifestPlugin(),
    precompress(),
    pageManifestPlugin(),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // The server reads the manifest to preload the chunks of the page a visitor lands on.
    manifest: true,
    target: 'es2022',
    // One stylesheet for the public app (about 6 KB compressed): a page then waits for one style
    // request instead of one per chunk it uses. The staff console links its own (`staff.css?url`),
    // so none of its rules reach a public page.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries the first screen needs, in one long-cached chunk; libraries used only by
            // some pages stay with those pages.
            { name: 'vendor', test: /\/node_modules\//, tags: ['$initial'], priority: 3 },
            // The small pieces pages share (lists, tabs, formatting; of contract/ the languages, the
            // excerpt of sanitised HTML and the learning bounds), in one chunk rather than a request
            // for each; the larger, rarer ones (quiz player, legal document, guardian's consent form,
            // the gallery's lightbox, masonry and dialog, sign-in's phone and one-time-password
            // helpers) and the contract's other values (sign-in rules, profile options, message
            // texts) stay with the pages that use them: in this chunk every page would load them
            // (ADR 13). What the course page and the
            // learning views share (web/components/course, web/lib/course) is grouped as the features
            // are, below: only those pages load it.
            // The long-text hook too (a few lines; most public pages use it), and the written-in
            // hook (a few lines: a post, a story, an event's name): grouped with the blogs it made
            // the cyber-safety page's link to an open event load the blogs' chunk.
            // The course packs' code and learning without a network's (web/lib/course-packs.ts,
            // web/lib/offline/: the sealed store, the outbox) stay with the course page and the
            // learning views that load them, never in this chunk.
            // And Vite's preload helper, which every lazy page's import calls: otherwise it lands in
            // whichever chunk the grouping puts it, and the app's entry loads all of that chunk.
            {
              name: 'common',
              test: /\/(web\/(components|lib)\/(?!course-pack|offline|quiz-player|legal-document|guardian-consent|lightbox|masonry|dialog|phone|otp-answers|use-countdown|api-upload|course\/)|contract\/(languages|plain-text|learning-rules)\.ts)|\/web\/i18n\/(use-long-text|written-in)\.ts$|vite\/preload-helper/,
              priority: 2,
            },
            // The public pages' features, one chunk each for the pieces two or more pages use: which
            // chunks a page loads then depends only on the features it shows, not on how the
            // bundler would regroup small modules after a change elsewhere (their first loads grew
            // by a request or two that way).
            // The gallery and the banner items are one chunk, as they were as one feature before
            // ADR 31 named them apart: the home page shows both, so it loads no extra request.
            ...[
              ['blogs', 'blogs'],
              ['stories', 'stories'],
              ['gallery-banners', '(gallery|banners)'],
            ].map(([name, folder]) => ({
              name: `${name}-feature`,
              test: new RegExp(`/web/features/${folder}/`),
              minShareCount: 2,
              priority: 1,
            })),
            // Other feature pieces two or more pages use (the learner's and staff pages, with the
            // staff features' own shared part and the course pieces below the courses and learning
            // features), one chunk per set of pages using them. Sets smaller than 2,000 bytes are
            // merged into a neighbour's chunk: at 8,000 the learning views' articles and frame were
            // merged into a chunk the catalogue loads (+4 KB on /courses); at 0 a page loads a
            // request for every few hundred bytes.
            {
              name: 'shared',
              test: /\/web\/(features|staff-shared|(components|lib)\/course\/|i18n\/use-)/,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 2000,
              priority: 0,
            },
          ],
        },
      },
    },
    // Every font and translation file is emitted as a file; inlining one would make every visitor
    // pay for it.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|json)$/.test(file) ? false : undefined),
  },
  server: {
    // The API server of `npm run dev` (or `npm start`) on PORT, as the server reads it.
    proxy: {
      '/api': `http://localhost:${process.env.PORT ?? 3000}`,
      '/uploads': `http://localhost:${process.env.PORT ?? 3000}`,
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverRenderer : browserApp));
