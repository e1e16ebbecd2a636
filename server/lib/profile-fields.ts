// Checks for the personal fields a learner types in both at registration and in the profile, so
// the two places accept exactly the same values with the same messages.
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../contract/auth';
import { badRequest } from '../plugins/errors';

export const FIELD_MESSAGES = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Your name can have at most ${NAME_MAX_LENGTH} characters`,
  invalidEmail: 'Enter a valid email address',
} as const;

// Deliberately simple: one @, something on each side and a dot in the domain. Deliverability is
// not checked, only obvious typing mistakes.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]+$/;

/** Trimmed name with runs of spaces collapsed; throws when empty or too long. */
export function checkName(raw: string | undefined, message: string = FIELD_MESSAGES.nameRequired): string {
  const name = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (!name) throw badRequest(message);
  if (name.length > NAME_MAX_LENGTH) throw badRequest(FIELD_MESSAGES.nameTooLong);
  return name;
}

/** Trimmed email, or null for none (absent or empty); throws on a malformed one. */
export function checkEmail(raw: string | null | undefined): string | null {
  const email = (raw ?? '').trim();
  if (!email) return null;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) throw badRequest(FIELD_MESSAGES.invalidEmail);
  return email;
}
