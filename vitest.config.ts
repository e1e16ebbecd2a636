import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.{ts,tsx}', '*.test.ts'],
    environment: 'node',
    // A test fails on a console.error or console.warn it did not expect.
    setupFiles: ['vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are CPU-heavy to start; two cores fit two workers.
    maxWorkers: 2,
  },
});
