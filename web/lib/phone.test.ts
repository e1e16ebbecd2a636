import { describe, expect, it } from 'vitest';
import { fullMobile, isValidMobile, mobileProblem, phoneFieldValue } from './phone';

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
    expect(mobileProblem('98765 4321')).toBe('invalidMobile');
  });

  it('refuses a number whose first digit no Indian mobile has', () => {
    for (const first of ['0', '1', '2', '3', '4', '5']) {
      expect(mobileProblem(`${first}234567890`), first).toBe('notAMobile');
    }
    for (const first of ['6', '7', '8', '9']) {
      expect(mobileProblem(`${first}234567890`), first).toBeNull();
    }
    expect(mobileProblem('+91 12345 67890')).toBe('notAMobile');
  });

  it('keeps only digits in the field, and takes a pasted +91 or 0 off a complete number', () => {
    expect(phoneFieldValue('98a76-5 4')).toBe('987654');
    expect(phoneFieldValue('+91 98765 43210')).toBe('9876543210');
    expect(phoneFieldValue('098765 43210')).toBe('9876543210');
    expect(phoneFieldValue('9876543210999')).toBe('987654321099');
  });
});
