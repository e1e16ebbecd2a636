// Browser journeys: real servers started as `npm start` starts them (fresh data folder, SMS codes in
// their log), driven by headless Chromium through playwright-core.
//
// The journeys wait on pages far more than they compute, so `npm run test:e2e` (tests/e2e/run.ts) runs
// their groups (tests/e2e/groups.ts) side by side, each on a server of its own and one file at a time
// within it. `npx vitest run --config tests/e2e/vitest.config.ts` runs the groups one by one.
import { defineConfig } from 'vitest/config';
import { GROUPS } from './groups.js';

export default defineConfig({
  test: {
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    projects: GROUPS.map(({ name, include, exclude }) => ({
      extends: true as const,
      test: { name, include, exclude, fileParallelism: false },
    })),
  },
});
