import { describe, expect, it } from 'vitest';
import { testAppPerFile } from './test-app';

const t = testAppPerFile();
/** What reading the app at the top level of a file gives: an error that says where to read it. */
const readAtTopLevel = (() => {
  try {
    return typeof t.app;
  } catch (error) {
    return (error as Error).message;
  }
})();

describe('testAppPerFile', () => {
  it('refuses a read before the tests run, and answers with the built app inside them', async () => {
    expect(readAtTopLevel).toMatch(/read it inside a hook or a test/);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(t.config.uploadsDir).toContain('jgk-test-');
  });
});
