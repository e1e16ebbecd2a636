// Browser journeys: one real server started as `npm start` starts it (fresh data folder, SMS codes
// in its log), driven by headless Chromium through playwright-core.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // One server, one browser at a time: the machines have two cores.
    fileParallelism: false,
  },
});
