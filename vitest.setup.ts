// Unit and API tests fail on any console.error or console.warn a test did not expect, as the browser
// journeys fail on console errors: React's warnings and a module's "should not happen" logs are
// defects, not noise. A test that expects one says so by spying on it, which also keeps the output
// quiet, and can then assert on it:
//
//   const error = vi.spyOn(console, 'error').mockImplementation(() => {});
//   ...
//   expect(error).toHaveBeenCalledWith(expect.stringContaining('...'));
//
// (vi.spyOn without mockImplementation also counts as expected, and still prints.) What is written
// outside a test (while a file loads, or in beforeAll/afterAll) passes through unchanged.
import { afterEach, beforeEach, expect } from 'vitest';
import { format } from 'node:util';

const LEVELS = ['error', 'warn'] as const;
type Write = (...args: unknown[]) => void;

// The console the guards write through to; a worker that runs several files keeps its first one.
const GUARDED = Symbol.for('jgk.console-guard.original');
type Guard = Write & { [GUARDED]?: Write };

let unexpected: string[] = [];

for (const level of LEVELS) {
  const current = console[level] as Guard;
  const original = current[GUARDED] ?? current;
  const guard: Guard = (...args: unknown[]) => {
    // Reached through a test's own spy (console[level] is no longer this guard): the test expects it.
    const expected = console[level] !== guard;
    if (!expected && expect.getState().currentTestName !== undefined)
      unexpected.push(`console.${level}: ${format(...args)}`);
    original(...args);
  };
  guard[GUARDED] = original;
  console[level] = guard;
}

/** Hands over (and forgets) what the running test wrote unexpectedly; for the guard's own test. */
export function takeUnexpectedConsole(): string[] {
  const written = unexpected;
  unexpected = [];
  return written;
}

beforeEach(() => {
  unexpected = [];
});

afterEach(() => {
  const written = takeUnexpectedConsole();
  if (written.length > 0) {
    throw new Error(
      `The test wrote to the console unexpectedly (fix the cause, or expect it with vi.spyOn(console, 'error'|'warn'); see vitest.setup.ts):\n${written.join('\n')}`,
    );
  }
});
