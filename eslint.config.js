// Lint for the whole repository (`npm run lint`): ESLint's and typescript-eslint's recommended rules,
// React's hook rules in web/, and the import boundaries that keep the layout of docs/architecture.md
// and docs/web.md true, which eslint.config.test.ts proves rule by rule (add a case there with every
// new boundary).
//
// typescript-eslint's type-aware rules are not on: they tripled the lint time (about 40 s instead of
// 15 s on two cores) and found only `any` from parsed JSON in tests and deliberate promise handling.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_DOC = 'Read docs/web.md (the layout of web/).';
const SERVER_DOC = 'Read docs/architecture.md ("Server").';

/**
 * The parts of the design that imports must respect, by path from the repository root; a file
 * belongs to the first that matches. Files outside them (tests/, bench/, scripts/, the root configs)
 * are free to import what they measure or drive.
 */
const ELEMENTS = [
  { type: 'web-feature', pattern: 'web/features/*', capture: ['feature'], partialMatch: false },
  { type: 'web-shared', pattern: 'web/{components,lib,i18n}', partialMatch: false },
  // The rest of web/: app/ (router, pages, providers, layouts, paths) and the entries main.tsx and
  // entry-server.tsx, which compose the features.
  { type: 'web-app', pattern: 'web', partialMatch: false },
  { type: 'server-module', pattern: 'server/modules/*', capture: ['module'], partialMatch: false },
  { type: 'server-plugins', pattern: 'server/plugins', partialMatch: false },
  { type: 'server-lib', pattern: 'server/lib', partialMatch: false },
  // app.ts, main.ts, db/, cli/ and test/: what assembles the server and the modules.
  { type: 'server-root', pattern: 'server', partialMatch: false },
  { type: 'contract', pattern: 'contract', partialMatch: false },
];

/** Roles of single files: the layers of a server module, the tables, and test code. */
const FILES = [
  // Every file has a category, so that "none of these categories" also matches a plain file.
  { category: 'source', pattern: '**/*' },
  { category: 'test', pattern: ['**/*.test.{ts,tsx}', '**/*-fixture.ts', '**/*-test-helpers.ts'] },
  { category: 'routes', pattern: 'server/modules/*/routes.ts' },
  { category: 'service', pattern: 'server/modules/*/service.ts' },
  { category: 'repository', pattern: ['server/modules/*/repository.ts', 'server/**/*-repository.ts'] },
  { category: 'tables', pattern: 'server/db/schema.ts' },
];

const web = { element: { type: 'web-*' } };
const server = { element: { type: 'server-*' } };
const sameModule = { type: 'server-module', captured: { module: '{{ from.element.captured.module }}' } };
const otherModule = { type: 'server-module', captured: { module: '!{{ from.element.captured.module }}' } };

/** Each policy forbids one kind of import; its message names the design rule and where to read it. */
const BOUNDARIES = [
  {
    from: web,
    disallow: { to: server },
    message: `web/ never imports server/: the two sides share only contract/ (design: "web/ and server/ both import contract/, never each other"). ${WEB_DOC}`,
  },
  {
    from: server,
    disallow: { to: web },
    message: `server/ never imports web/: the two sides share only contract/ (design: "web/ and server/ both import contract/, never each other"). ${SERVER_DOC}`,
  },
  {
    from: { element: { type: 'contract' } },
    disallow: { to: [web, server] },
    message: `contract/ imports nothing from web/ or server/: both sides build on it. Read docs/architecture.md ("Contract").`,
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: {
      to: { element: { type: 'web-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
    },
    message: `A web feature never imports another feature (design: "web features do not import each other; web/app/ composes them"): compose them in web/app/, or move what both need to web/components, web/lib or web/i18n. ${WEB_DOC}`,
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { element: { type: 'web-app' } } },
    message: `A web feature never imports web/app/: the app composes features, not the reverse (a feature gets its paths and callbacks as props). ${WEB_DOC}`,
  },
  {
    from: { element: { type: 'web-shared' } },
    disallow: { to: { element: { type: ['web-feature', 'web-app'] } } },
    message: `web/components, web/lib and web/i18n never import a feature or web/app/: they sit below both. ${WEB_DOC}`,
  },
  {
    from: { element: { type: 'server-module' }, file: { categories: { noneOf: ['test'] } } },
    disallow: { to: { element: otherModule, file: { categories: { noneOf: ['service'] } } } },
    message: `A server module uses another module only through that module's service.ts, never its repository, routes or other files (design: "a module uses another module through that module's service"); a helper both need belongs in server/lib. ${SERVER_DOC}`,
  },
  {
    // Tests may borrow another module's fixtures and helpers to set data up, but not its layers.
    from: { element: { type: 'server-module' }, file: { categories: 'test' } },
    disallow: { to: { element: otherModule, file: { categories: { anyOf: ['repository', 'routes'] } } } },
    message: `A module's tests never import another module's repository or routes: set data up through its service, a fixture or the API. ${SERVER_DOC}`,
  },
  {
    from: { element: { type: 'server-module' }, file: { categories: { anyOf: ['service', 'repository'] } } },
    disallow: { to: { element: sameModule, file: { categories: 'routes' } } },
    message: `Server code calls downward only (routes -> service -> repository): a service or repository never imports the routes. ${SERVER_DOC}`,
  },
  {
    from: { element: { type: 'server-module' }, file: { categories: 'repository' } },
    disallow: { to: { element: sameModule, file: { categories: 'service' } } },
    message: `Server code calls downward only (routes -> service -> repository): a repository never imports the service. ${SERVER_DOC}`,
  },
  {
    from: { element: { type: ['server-plugins', 'server-lib'] } },
    disallow: { to: { element: { type: 'server-module' }, file: { categories: { anyOf: ['repository', 'routes'] } } } },
    message: `server/plugins and server/lib never import a module's repository or routes: they sit below the modules (call the module's service, or move the helper to server/lib). ${SERVER_DOC}`,
  },
  {
    from: {
      element: { type: ['server-plugins', 'server-lib'] },
      file: { categories: { noneOf: ['test', 'repository'] } },
    },
    disallow: { to: { file: { categories: 'tables' } } },
    message: `server/plugins and server/lib never read tables (server/db/schema.ts): queries live in a repository (a module's repository.ts, or a file named *-repository.ts) reached through a service. ${SERVER_DOC}`,
  },
];

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'data/**',
      'coverage/**',
      'bench/results/**',
      'tests/e2e/screenshots/**',
      '.scratch/**',
      'server/db/migrations/**',
      // openapi-typescript's output (npm run api:types), checked by tsc like every file.
      'web/lib/api-types.generated.ts',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // `const { secret: _secret, ...rest } = row` is how a field is left out of a copy.
      // A parameter an interface requires but this implementation does not need is named _like-this.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // A classic script the server writes into rendered pages: no modules, no bundler.
    files: ['web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // Seeding a form from fetched data, closing a menu when the address changes and the
      // hydration-safe "mounted" flag set state in an effect on purpose.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['{web,server,contract}/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': ELEMENTS,
      'boundaries/elements-single-match': true,
      'boundaries/files': FILES,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      // checkInternals: imports inside one module are checked too (routes -> service -> repository).
      'boundaries/dependencies': ['error', { default: 'allow', checkInternals: true, policies: BOUNDARIES }],
    },
  },
  {
    // Every cache of content that visitors share is made through the registry of lib/public-caches.ts,
    // which empties it when that content is published (ADR 21): a cache made with createTtlCache
    // elsewhere would keep showing what was withdrawn until it expired.
    files: ['server/**/*.ts'],
    ignores: ['server/lib/public-caches.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/ttl-cache'],
              importNames: ['createTtlCache'],
              message:
                'Make a cache of shared content with app.publicCaches.create({ name, kinds, maxEntries }) (server/lib/public-caches.ts), so a publish empties it (ADR 21).',
            },
          ],
        },
      ],
    },
  },
  {
    // The plain-value files of contract/ (constants and code lists: languages.ts, messages.ts,
    // auth-rules.ts, page-sizes.ts...) are the contract files without a TypeBox import. They
    // import nothing at all, so the web can import
    // their values without pulling in TypeBox or a schema; schema files import TypeBox and may
    // import them. To add a constant, put it in such a file (or make one) and import it from the
    // schema and the web. Type-only imports are erased from the built code, so they are allowed.
    files: ['contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Program:not(:has(ImportDeclaration[source.value=/^@sinclair.typebox/])) :matches(ImportDeclaration[importKind!="type"], ExportAllDeclaration[exportKind!="type"], ExportNamedDeclaration[source][exportKind!="type"])',
          message:
            'A contract/ file without a TypeBox import is a plain-value file and imports nothing (design: "a constant once in contract/, plain values that the schemas and the web both import"). Read the comment above this rule in eslint.config.js.',
        },
      ],
    },
  },
);
