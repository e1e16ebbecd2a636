// The console guard of vitest.setup.ts: what it counts as unexpected, and how a test expects output.
import { describe, expect, it, vi } from 'vitest';
import { takeUnexpectedConsole } from './vitest.setup';

describe('console guard', () => {
  it('records a console.error or console.warn the test did not expect', () => {
    console.error('boom %d', 1);
    console.warn('careful');
    expect(takeUnexpectedConsole()).toEqual(['console.error: boom 1', 'console.warn: careful']);
  });

  it('lets a test expect an error by spying on it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    console.error('expected');
    expect(error).toHaveBeenCalledWith('expected');
    error.mockRestore();
    expect(takeUnexpectedConsole()).toEqual([]);
  });

  it('counts a spy that still prints as expected too', () => {
    const warn = vi.spyOn(console, 'warn');
    console.warn('expected, and printed');
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(takeUnexpectedConsole()).toEqual([]);
  });

  it('guards again once a spy is restored', () => {
    vi.spyOn(console, 'error')
      .mockImplementation(() => {})
      .mockRestore();
    console.error('after the spy');
    expect(takeUnexpectedConsole()).toEqual(['console.error: after the spy']);
  });
});
