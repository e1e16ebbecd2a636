import { describe, expect, it } from 'vitest';
import * as contract from '../../../../contract/users';
import * as auth from '../../../../contract/auth';
import * as options from './options';

describe('profile options', () => {
  it('match the contract', () => {
    expect(options.GENDERS).toEqual(contract.GENDERS);
    expect(options.QUALIFICATIONS).toEqual(contract.QUALIFICATIONS);
    expect(options.GUARDIAN_RELATIONSHIPS).toEqual(contract.GUARDIAN_RELATIONSHIPS);
    expect([options.AGE_MIN, options.AGE_MAX, options.MINOR_AGE]).toEqual([contract.AGE_MIN, contract.AGE_MAX, contract.MINOR_AGE]);
    expect([options.NAME_MAX_LENGTH, options.EMAIL_MAX_LENGTH]).toEqual([auth.NAME_MAX_LENGTH, auth.EMAIL_MAX_LENGTH]);
  });
});
