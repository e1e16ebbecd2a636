// Checks for the personal fields a learner types in both at registration and in the profile (and an
// admin types for a new staff member), so every place accepts exactly the same values with the same
// messages.
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, MOBILE_DIGITS } from '../../contract/auth-rules';
import {
  DISTRICT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  districtProblem,
  normalisePersonName,
  personNameProblem,
} from '../../contract/person-name';
import type { MessageCode } from '../../contract/messages';
import { badRequest } from '../plugins/errors';

/**
 * A person's name as it is kept (contract/person-name.ts: composed, spaces tidied); throws the
 * rule's reason when it cannot be one, `missing` when there is nothing to read.
 */
export function checkName(
  raw: string | undefined,
  missing: Extract<MessageCode, 'nameRequired' | 'guardianNameRequired'> = 'nameRequired',
): string {
  const name = normalisePersonName(raw ?? '');
  switch (personNameProblem(name)) {
    case null:
      return name;
    case 'nameRequired':
      throw badRequest(missing);
    case 'nameTooLong':
      throw badRequest('nameTooLong', { max: NAME_MAX_LENGTH });
    case 'nameCharacters':
      throw badRequest('nameCharacters');
    case 'nameScript':
      throw badRequest('nameScript');
    case 'nameMarks':
      throw badRequest('nameMarks');
  }
}

/** A district as it is kept (tidied as a name is), or null for none (absent or empty); throws the rule's reason. */
export function checkDistrict(raw: string | null | undefined): string | null {
  const district = normalisePersonName(raw ?? '');
  switch (districtProblem(district)) {
    case null:
      return district === '' ? null : district;
    case 'districtTooLong':
      throw badRequest('districtTooLong', { max: DISTRICT_MAX_LENGTH });
    case 'districtCharacters':
      throw badRequest('districtCharacters');
  }
}

/** Trimmed email, or null for none (absent or empty); throws on a malformed one. */
export function checkEmail(raw: string | null | undefined): string | null {
  const email = (raw ?? '').trim();
  if (!email) return null;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) throw badRequest('invalidEmail');
  return email;
}

/** The number as 12 digits (country code and 10 digits), or null when it is not one. */
export function normaliseMobile(raw: string | number | undefined): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const digits = String(raw).replace(/\D/g, '');
  return digits.length === MOBILE_DIGITS ? digits : null;
}
