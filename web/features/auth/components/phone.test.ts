import { describe, expect, it } from 'vitest';
import { fullMobile, isValidMobile } from './phone';

describe('the phone rule', () => {
  it('accepts 10 digits after +91, or a pasted full number', () => {
    expect(isValidMobile('98765 43210')).toBe(true);
    expect(fullMobile('98765-43210')).toBe('919876543210');
    expect(fullMobile('+91 98765 43210')).toBe('919876543210');
    expect(fullMobile('098765 43210')).toBe('919876543210');
  });

  it('refuses too few or too many digits', () => {
    expect(isValidMobile('98765 4321')).toBe(false);
    expect(isValidMobile('98765 432100')).toBe(false);
    expect(isValidMobile('')).toBe(false);
  });
});
