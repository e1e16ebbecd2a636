// The import boundaries of eslint.config.js, each shown to fire on a forbidden import and to stay
// quiet on an allowed one. Each snippet is linted as if it were a file at `file`; the imports point
// at real files, because the rules judge the file an import resolves to.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = import.meta.dirname;
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of the import rules for `code` linted as `file` (every import must resolve). */
async function importProblems(file: string, code: string): Promise<string[]> {
  for (const [, specifier] of code.matchAll(/from '(\.[^']+)'/g)) {
    const target = path.resolve(root, path.dirname(file), specifier!);
    const exists = ['', '.ts', '.tsx'].some((ext) => fs.existsSync(target + ext));
    expect(exists, `${specifier} from ${file} must name a real file (did it move?)`).toBe(true);
  }
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((m) =>
      ['boundaries/dependencies', 'no-restricted-syntax', 'no-restricted-imports', 'local/own-tables'].includes(
        m.ruleId ?? '',
      ),
    )
    .map((m) => m.message);
}

type Case = { rule: string; file: string; forbidden: string; allowed: string; message: string };

const cases: Case[] = [
  {
    rule: 'web/ never imports server/',
    file: 'web/lib/example.ts',
    forbidden: `import { languageOrNotFound } from '../../server/lib/language';`,
    allowed: `import { LANGUAGES } from '../../contract/languages';`,
    message: 'web/ never imports server/',
  },
  {
    rule: 'server/ never imports web/',
    file: 'server/lib/example.ts',
    forbidden: `import { excerpt } from '../../web/lib/text';`,
    allowed: `import { LANGUAGES } from '../../contract/languages';`,
    message: 'server/ never imports web/',
  },
  {
    rule: 'contract/ imports nothing from web/ or server/',
    file: 'contract/example.ts',
    forbidden: `import { Type } from '@sinclair/typebox';\nimport { excerpt } from '../web/lib/text';`,
    allowed: `import { Type } from '@sinclair/typebox';\nimport { LANGUAGES } from './languages';`,
    message: 'contract/ imports nothing from web/ or server/',
  },
  {
    rule: 'contract/ imports nothing from server/ either',
    file: 'contract/example.ts',
    forbidden: `import { Type } from '@sinclair/typebox';\nimport { HttpError } from '../server/plugins/errors';`,
    allowed: `import { Type } from '@sinclair/typebox';\nimport { Uuid } from './ids';`,
    message: 'contract/ imports nothing from web/ or server/',
  },
  {
    rule: "contract/'s plain-value files import nothing",
    file: 'contract/example-values.ts',
    forbidden: `import { LANGUAGES } from './languages';\nexport const FIRST = LANGUAGES[0];`,
    allowed: `export const PAGE_SIZE = 10;`,
    message: 'plain-value file and imports nothing',
  },
  {
    rule: "contract/'s plain-value files re-export nothing",
    file: 'contract/example-values.ts',
    forbidden: `export { LANGUAGES } from './languages';`,
    allowed: `import { Type } from '@sinclair/typebox';\nexport { LANGUAGES } from './languages';\nexport const Id = Type.String();`,
    message: 'plain-value file and imports nothing',
  },
  {
    rule: 'a web feature never imports another feature',
    file: 'web/features/blogs/components/example.tsx',
    forbidden: `import { useStories } from '../../stories/api/stories';`,
    allowed: `import { useBlogs } from '../api/blogs';`,
    message: 'A web feature never imports another feature',
  },
  {
    rule: 'a staff feature never imports another staff feature',
    file: 'web/features/staff-content/components/example.tsx',
    forbidden: `import { MediaPicker } from '../../staff-media-library/components/media-picker';`,
    allowed: `import { useTranslationMatrix } from '../api/matrix';\nimport { StaffTable } from '../../../staff-shared/components/staff-table';`,
    message: 'A web feature never imports another feature',
  },
  {
    rule: "a public feature never imports the staff features' shared part",
    file: 'web/features/blogs/components/example.tsx',
    forbidden: `import { StaffTable } from '../../../staff-shared/components/staff-table';`,
    allowed: `import { Pagination } from '../../../components/pagination';`,
    message: 'Only the staff features (web/features/staff-*) and web/app/ import web/staff-shared',
  },
  {
    rule: "web/components never imports the staff features' shared part",
    file: 'web/components/example.tsx',
    forbidden: `import { errorText } from '../staff-shared/components/error-text';`,
    allowed: `import { excerpt } from '../lib/text';`,
    message: 'Only the staff features (web/features/staff-*) and web/app/ import web/staff-shared',
  },
  {
    rule: 'web/staff-shared never imports a feature',
    file: 'web/staff-shared/components/example.tsx',
    forbidden: `import { MediaPicker } from '../../features/staff-media-library/components/media-picker';`,
    allowed: `import type { ImagePicker } from './image-picker';\nimport { Dialog } from '../../components/dialog';`,
    message: 'web/staff-shared never imports a feature or web/app/',
  },
  {
    rule: 'a web feature never imports web/app/',
    file: 'web/features/blogs/components/example.tsx',
    forbidden: `import { paths } from '../../../app/paths';`,
    allowed: `import { excerpt } from '../../../lib/text';`,
    message: 'A web feature never imports web/app/',
  },
  {
    rule: 'web/components never imports a feature',
    file: 'web/components/example.tsx',
    forbidden: `import { useBlogs } from '../features/blogs/api/blogs';`,
    allowed: `import { excerpt } from '../lib/text';`,
    message: 'web/components, web/lib and web/i18n never import a feature or web/app/',
  },
  {
    rule: 'web/lib never imports web/app/',
    file: 'web/lib/example.ts',
    forbidden: `import { paths } from '../app/paths';`,
    allowed: `import { useTranslation } from '../i18n/react';`,
    message: 'web/components, web/lib and web/i18n never import a feature or web/app/',
  },
  {
    rule: 'web/i18n never imports an entry of the app',
    file: 'web/i18n/example.ts',
    forbidden: `import { render } from '../entry-server';`,
    allowed: `import { Translator } from './translator';`,
    message: 'web/components, web/lib and web/i18n never import a feature or web/app/',
  },
  {
    rule: 'web/app/ composes features',
    file: 'web/app/routes/example.tsx',
    forbidden: `import { languageOrNotFound } from '../../../server/lib/language';`,
    allowed: `import { useBlogs } from '../../features/blogs/api/blogs';\nimport { useStories } from '../../features/stories/api/stories';\nimport { MediaPicker } from '../../features/staff-media-library/components/media-picker';\nimport { errorText } from '../../staff-shared/components/error-text';`,
    message: 'web/ never imports server/',
  },
  {
    rule: "a server module never imports another module's repository",
    file: 'server/modules/ratings/service.ts',
    forbidden: `import * as courses from '../courses/repository';`,
    allowed: `import { averageRating } from '../courses/service';`,
    message: "A server module uses another module only through that module's service.ts",
  },
  {
    rule: "a server module never imports another module's routes",
    file: 'server/modules/ratings/routes.ts',
    forbidden: `import courses from '../courses/routes';`,
    allowed: `import * as service from './service';`,
    message: "A server module uses another module only through that module's service.ts",
  },
  {
    rule: "a server module never imports another module's other files",
    file: 'server/modules/progress/example.ts',
    forbidden: `import { scoreQuiz } from '../quizzes/scoring';`,
    allowed: `import { languageOrNotFound } from '../../lib/language';`,
    message: "A server module uses another module only through that module's service.ts",
  },
  {
    rule: "a module's tests never import another module's repository",
    file: 'server/modules/blogs/example.test.ts',
    forbidden: `import * as courses from '../courses/repository';`,
    allowed: `import { importContent } from '../sample-content/service';\nimport { createContentFixture } from '../sample-content/content-fixture';`,
    message: "A module's tests never import another module's repository or routes",
  },
  {
    rule: 'a service never imports its routes',
    file: 'server/modules/courses/service.ts',
    forbidden: `import courses from './routes';`,
    allowed: `import * as repo from './repository';`,
    message: 'a service or repository never imports the routes',
  },
  {
    rule: 'a repository never imports its service',
    file: 'server/modules/courses/repository.ts',
    forbidden: `import { averageRating } from './service';`,
    allowed: `import { courses } from '../../db/schema/courses';`,
    message: 'a repository never imports the service',
  },
  {
    rule: "server/plugins never imports a module's repository or routes",
    file: 'server/plugins/example.ts',
    forbidden: `import * as courses from '../modules/courses/repository';`,
    allowed: `import { averageRating } from '../modules/courses/service';`,
    message: "server/plugins and server/lib never import a module's repository or routes",
  },
  {
    rule: "server/lib never imports a module's routes",
    file: 'server/lib/example.ts',
    forbidden: `import courses from '../modules/courses/routes';`,
    allowed: `import { LANGUAGES } from '../../contract/languages';`,
    message: "server/plugins and server/lib never import a module's repository or routes",
  },
  {
    rule: 'server/plugins never reads tables outside a repository',
    file: 'server/plugins/example.ts',
    forbidden: `import { sessions } from '../db/schema/auth';`,
    allowed: `import type { Db } from '../db/client';`,
    message: 'server/plugins and server/lib never read tables',
  },
  {
    rule: 'a repository file may read tables',
    file: 'server/plugins/example-repository.ts',
    forbidden: `import * as courses from '../modules/courses/repository';`,
    allowed: `import { sessions } from '../db/schema/auth';`,
    message: "server/plugins and server/lib never import a module's repository or routes",
  },
  {
    rule: 'a cache of shared content is made through the registry that empties it on a publish',
    file: 'server/modules/blogs/example.ts',
    forbidden: `import { createTtlCache } from '../../lib/ttl-cache';\nexport const posts = createTtlCache<string>({ ttlMs: 10_000, maxEntries: 10 });`,
    allowed: `import { cachedJson } from '../../lib/cached-json';\nimport { publicCacheMs } from '../../lib/ttl-cache';\nexport { cachedJson, publicCacheMs };`,
    message: 'app.publicCaches.create',
  },
];

// A module writes only its own tables (local/own-tables): the table's file under server/db/schema/
// names its owner. Authoring is the module that used to write the public tables itself.
const DB = `import type { DbOrTx } from '../../db/client';\n`;
cases.push(
  {
    rule: "a module never inserts, updates or deletes another module's table",
    file: 'server/modules/authoring/example.ts',
    forbidden: `${DB}import { courses } from '../../db/schema/courses';\nexport const hide = (tx: DbOrTx) => tx.update(courses).set({ published: false });`,
    allowed: `${DB}import { contentItems } from '../../db/schema/authoring';\nimport { courses } from '../../db/schema/courses';\nexport const touch = (tx: DbOrTx) => tx.update(contentItems).set({ updatedAt: new Date() });\nexport const read = (tx: DbOrTx) => tx.select({ id: courses.id }).from(courses);`,
    message: 'modules/authoring writes courses, a table of the courses module',
  },
  {
    rule: "a module never writes another module's table in raw SQL",
    file: 'server/modules/authoring/example.ts',
    forbidden: `import { sql } from 'drizzle-orm';\nimport { blogs } from '../../db/schema/blogs';\nexport const purge = sql\`delete from \${blogs} where lang = 'hi'\`;`,
    allowed: `import { sql } from 'drizzle-orm';\nimport { blogs } from '../../db/schema/blogs';\nexport const count = sql\`select count(*) from \${blogs}\`;`,
    message: 'modules/authoring writes blogs, a table of the blogs module',
  },
  {
    rule: "a module never hands another module's table to a helper that writes it",
    file: 'server/modules/authoring/example.ts',
    forbidden: `${DB}import { hideRow } from '../../lib/read-model-writes';\nimport * as gallery from '../../db/schema/gallery';\nexport const hide = (tx: DbOrTx, id: string) => hideRow(tx, gallery.galleryTitles as never, id);`,
    allowed: `${DB}import { courseReadModel } from '../courses/service';\nexport const hide = (tx: DbOrTx, id: string) => courseReadModel.withdraw(tx, id);`,
    message: 'modules/authoring writes gallery.galleryTitles, a table of the gallery module',
  },
);

describe('import boundaries (eslint.config.js)', () => {
  it.each(cases)('$rule', async ({ file, forbidden, allowed, message }) => {
    const problems = await importProblems(file, forbidden);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
    expect(await importProblems(file, allowed)).toEqual([]);
  });

  it('leaves tests/, bench/ and scripts/ free to drive the server', async () => {
    expect(await importProblems('bench/example.ts', `import { schema } from '../server/db/all-tables';`)).toEqual([]);
  });
});

describe('size limits of server code (eslint.config.js)', () => {
  async function sizeProblems(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages
      .filter((m) => ['max-lines', 'max-lines-per-function'].includes(m.ruleId ?? ''))
      .map((m) => m.ruleId!);
  }
  const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const v${i} = ${i};`).join('\n');
  const routes = (statements: number) =>
    `export async function exampleRoutes() {\n${Array.from({ length: statements }, (_, i) => `  console.log(${i});`).join('\n')}\n}\n`;

  it('refuses a server source file over 500 lines, not a test', async () => {
    expect(await sizeProblems('server/lib/example.ts', lines(501))).toEqual(['max-lines']);
    expect(await sizeProblems('server/lib/example.ts', lines(500))).toEqual([]);
    expect(await sizeProblems('server/lib/example.api.test.ts', lines(501))).toEqual([]);
  });

  it('refuses a routes plugin function over 150 lines', async () => {
    expect(await sizeProblems('server/modules/blogs/routes.ts', routes(149))).toEqual(['max-lines-per-function']);
    expect(await sizeProblems('server/modules/blogs/routes.ts', routes(148))).toEqual([]);
    expect(await sizeProblems('server/modules/staff/member-routes.ts', routes(149))).toEqual([
      'max-lines-per-function',
    ]);
  });
});
