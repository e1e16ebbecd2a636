// Browser journeys: real servers started as `npm start` starts them (fresh data folder, SMS codes in
// their log), driven by headless Chromium through playwright-core.
//
// The journeys wait on pages far more than they compute, so `npm run test:e2e` (tests/e2e/run.ts) runs
// their three groups side by side, each on a server of its own and one file at a time within it:
// what one group does to its server (staff publishing a post, learners enrolling) cannot change what
// another group's journeys count. A new journey joins the public group unless it is a staff or a
// learner journey. `npx vitest run --config tests/e2e/vitest.config.ts` runs the groups one by one.
import { defineConfig } from 'vitest/config';

const LEARNER = [
  'sign-in',
  'learner-*',
  'guardian-consent',
  'quiz-feedback',
  'course-languages',
  'script-fonts',
  'server-lifecycle',
].map((name) => `tests/e2e/${name}.e2e.ts`);
const STAFF = ['tests/e2e/staff-*.e2e.ts'];

const group = (name: string, include: string[], exclude: string[] = []) => ({
  extends: true as const,
  test: { name, include, exclude, fileParallelism: false },
});

export default defineConfig({
  test: {
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    projects: [
      group('staff', STAFF),
      group('learner', LEARNER),
      group('public', ['tests/e2e/**/*.e2e.ts'], [...STAFF, ...LEARNER]),
    ],
  },
});
