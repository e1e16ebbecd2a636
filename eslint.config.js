// Lint for the whole repository (`npm run lint`): ESLint's and typescript-eslint's recommended rules,
// React's hook rules in web/, the import boundaries that keep the layout of docs/architecture.md
// and docs/web.md true, and the project's one rule of its own, `local/own-tables` (a module writes
// only its own tables), which eslint.config.test.ts proves rule by rule (add a case there with every
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
  // What the staff console's features share (the document editor, rich text, dialogs, tables, the
  // item's authoring calls): below them as web/components is, but for the console only.
  { type: 'web-staff-shared', pattern: 'web/staff-shared', partialMatch: false },
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
  { category: 'tables', pattern: ['server/db/schema/*.ts', 'server/db/all-tables.ts'] },
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
    from: { element: { type: 'web-staff-shared' } },
    disallow: { to: { element: { type: ['web-feature', 'web-app'] } } },
    message: `web/staff-shared never imports a feature or web/app/: it sits below the staff features, which it serves (a feature's part reaches it as a prop from web/app/, as the media picker does). ${WEB_DOC}`,
  },
  {
    // The public pages must never load the console's code: only the staff features (web/features/
    // staff-*) and web/app/ may import its shared part.
    from: [
      { element: { type: 'web-feature', captured: { feature: '!staff-*' } } },
      { element: { type: 'web-shared' } },
    ],
    disallow: { to: { element: { type: 'web-staff-shared' } } },
    message: `Only the staff features (web/features/staff-*) and web/app/ import web/staff-shared: no public page may load the console's code. ${WEB_DOC}`,
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
    message: `server/plugins and server/lib never read tables (server/db/schema/): queries live in a repository (a module's repository.ts, or a file named *-repository.ts) reached through a service. ${SERVER_DOC}`,
  },
];

/**
 * `local/own-tables`: a module writes only its own tables (docs/architecture.md, "Module surfaces";
 * ADR 29). A table belongs to the module whose file under server/db/schema/ defines it
 * (server/db/schema/courses.ts: modules/courses), which is the one place ownership is written. In a
 * module's code (its tests aside, which set data up), the rule refuses, for a table imported from
 * another module's schema file:
 * - an insert, update or delete of it, whatever the handle (`db.insert(t)`, `tx.update(t)`, ...);
 * - raw SQL that writes it (sql`insert into ${t}`, `update ${t}`, `delete from ${t}`);
 * - handing it to any call but a read (`from`, the joins), so no shared helper writes it either.
 * Reading another module's table stays allowed where docs/architecture.md allows it. A justified
 * exception is written where it happens: `// eslint-disable-next-line local/own-tables -- why`
 * (an exception no longer needed fails the lint as an unused directive).
 */
const TABLE_READS = new Set(['from', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'alias', '$count']);
const TABLE_WRITES = new Set(['insert', 'update', 'delete']);
const ownTables = {
  meta: {
    type: 'problem',
    docs: { description: "A module never writes another module's table" },
    schema: [],
    messages: {
      write: `{{ module }} writes {{ table }}, a table of the {{ owner }} module (server/db/schema/{{ owner }}.ts): a module writes only its own tables; call the owner's service (a public table is its module's read model, projected through its surface). ${SERVER_DOC}`,
    },
  },
  create(context) {
    const module = /server\/modules\/([^/]+)\//.exec(context.filename.replaceAll('\\', '/'))?.[1];
    if (!module) return {};
    /** Local names of other modules' tables (and of namespaces of their schema files) -> owner. */
    const tables = new Map();
    const namespaces = new Map();
    const unwrap = (node) =>
      ['TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression'].includes(node.type)
        ? unwrap(node.expression)
        : node;
    const ownerOf = (node) => {
      if (node.type === 'Identifier') return tables.get(node.name);
      if (node.type === 'MemberExpression' && !node.computed && node.object.type === 'Identifier') {
        return namespaces.get(node.object.name);
      }
      return undefined;
    };
    const report = (node, owner) =>
      context.report({
        node,
        messageId: 'write',
        data: { module: `modules/${module}`, table: context.sourceCode.getText(node), owner },
      });
    return {
      ImportDeclaration(node) {
        const owner = /\/db\/schema\/([a-z-]+)$/.exec(node.source.value)?.[1];
        if (!owner || owner === module || node.importKind === 'type') return;
        for (const specifier of node.specifiers) {
          if (specifier.importKind === 'type') continue;
          if (specifier.type === 'ImportNamespaceSpecifier') namespaces.set(specifier.local.name, owner);
          else tables.set(specifier.local.name, owner);
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        const name = callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : undefined;
        if (TABLE_READS.has(name)) return;
        node.arguments.map(unwrap).forEach((argument, index) => {
          const owner = ownerOf(argument);
          if (owner && (index === 0 || !TABLE_WRITES.has(name))) report(argument, owner);
        });
      },
      TaggedTemplateExpression(node) {
        node.quasi.expressions.map(unwrap).forEach((expression, index) => {
          const owner = ownerOf(expression);
          const before = node.quasi.quasis[index].value.raw;
          if (owner && /\b(insert\s+into|update|delete\s+from)\s*$/i.test(before)) report(expression, owner);
        });
      },
    };
  },
};

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
    // Small server files with one job each (docs/architecture.md): past 500 lines a file holds more
    // than one, and a routes plugin past 150 lines wants its routes grouped in functions of their own.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-fixture.ts', '**/*-test-helpers.ts'],
    rules: { 'max-lines': ['error', { max: 500 }] },
  },
  {
    files: ['server/**/*routes.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
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
    // A module writes only its own tables (the rule above); its tests may set any data up.
    files: ['server/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-fixture.ts', '**/*-test-helpers.ts'],
    plugins: { local: { rules: { 'own-tables': ownTables } } },
    rules: { 'local/own-tables': 'error' },
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
