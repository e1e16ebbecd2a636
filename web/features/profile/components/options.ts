// Options and bounds of the profile form. Copies of contract/users.ts values (importing them
// would bring TypeBox into the page); options.test.ts keeps them equal.
import type { Gender, GuardianRelationship, Qualification } from '../../../../contract/users';

export const GENDERS: readonly Gender[] = ['Male', 'Female', 'Other'];
export const QUALIFICATIONS: readonly Qualification[] = ['Below 8th Std', '8th Std', '10th Std', '10+2 or Diploma', 'Graduate', 'Post Graduate', 'Doctorate'];
export const GUARDIAN_RELATIONSHIPS: readonly GuardianRelationship[] = ['Mother', 'Father', 'Guardian'];
export const AGE_MIN = 5;
export const AGE_MAX = 120;
export const MINOR_AGE = 18;
/** The server's limits on typed names and the email (server/lib/profile-fields.ts, contract/auth.ts). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
