import { describe, expect, it } from 'vitest';
import * as contract from '../../../../contract/auth';
import { EMAIL_MAX_LENGTH, MOBILE_DIGITS, NAME_MAX_LENGTH, OTP_LENGTH } from './rules';
import { fullMobile, isValidMobile } from './phone';

describe('sign-in rules', () => {
  it('match the contract', () => {
    expect(OTP_LENGTH).toBe(contract.OTP_LENGTH);
    expect(MOBILE_DIGITS).toBe(contract.MOBILE_DIGITS);
    expect(NAME_MAX_LENGTH).toBe(contract.NAME_MAX_LENGTH);
    expect(EMAIL_MAX_LENGTH).toBe(contract.EMAIL_MAX_LENGTH);
  });

  it('accept 10 digits after +91, or a pasted full number', () => {
    expect(isValidMobile('98765 43210')).toBe(true);
    expect(fullMobile('98765-43210')).toBe('919876543210');
    expect(fullMobile('+91 98765 43210')).toBe('919876543210');
    expect(fullMobile('098765 43210')).toBe('919876543210');
  });

  it('refuse too few or too many digits', () => {
    expect(isValidMobile('98765 4321')).toBe(false);
    expect(isValidMobile('98765 432100')).toBe(false);
    expect(isValidMobile('')).toBe(false);
  });
});
