// The tests by kind (docs/testing.md), each a Vitest project:
// - unit:   no database, no server: `*.test.ts(x)`. Many small files, so they share their workers'
//           modules (no isolation between files) and run in threads.
// - api:    a database and the app through app.inject(): `*.api.test.ts`. Each file builds its own app
//           on its own copy of the run's migrated database (server/test/global-setup.ts).
// - system: the whole system: child processes, crowds, the OpenAPI fuzz, the staff role matrix:
//           `*.system.test.ts`. CI runs them (`npm run test:system`); `npm test` does not.
// - cluster: several instances of the built server behind nginx on PostgreSQL and Redis:
//           `tests/cluster/*.cluster.test.ts` (`npm run test:cluster`). Each file starts its own
//           cluster (tests/cluster/cluster.ts).
// `npm test` runs unit and api. The browser journeys have a configuration of their own
// (tests/e2e/vitest.config.ts).
import os from 'node:os';
import { defineConfig } from 'vitest/config';

const SOURCES = ['server', 'contract', 'web'].map((folder) => `${folder}/**/`);
const filesOf = (suffix: string) => [...SOURCES.map((folder) => `${folder}*${suffix}`), `*${suffix}`];
const API = filesOf('.api.test.ts');
const SYSTEM = filesOf('.system.test.ts');

export default defineConfig({
  test: {
    environment: 'node',
    // A test fails on a console.error or console.warn it did not expect.
    setupFiles: ['vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One worker a core: PGlite and the app's start are CPU-bound.
    maxWorkers: Math.max(1, os.availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [...filesOf('.test.ts'), ...filesOf('.test.tsx')],
          exclude: [...API, ...SYSTEM],
          pool: 'threads',
          isolate: false,
          env: { JGK_TEST_KIND: 'unit' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: API,
          globalSetup: ['server/test/global-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: SYSTEM,
          globalSetup: ['server/test/global-setup.ts'],
          // Whole-system tests start servers and child processes of their own: one file at a time
          // keeps their timings (and the machine) sane.
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.cluster.test.ts'],
          // A file's cluster is three servers and nginx: one at a time.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
