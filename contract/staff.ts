// The shapes of the staff's own calls (/api/staff/): who is signed in as staff, the second factor,
// the staff accounts admins manage, the audit log.
import { Type, type Static } from '@sinclair/typebox';
import { AUDIT_ACTIONS } from './audit-actions';
import { StringEnum, nullable } from './schema-helpers';
import { LANGUAGE_CODES } from './languages';
import { STAFF_ROLES } from './staff-roles';
import { Uuid } from './ids';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_SETUPS, SECOND_FACTOR_STATES } from './second-factor';
import { NAME_MAX_LENGTH } from './person-name';

export const StaffRoleSchema = StringEnum(STAFF_ROLES);
export const LanguageCodeSchema = StringEnum(LANGUAGE_CODES);

export const StaffMe = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  roles: Type.Array(StaffRoleSchema),
  languages: Type.Array(LanguageCodeSchema, {
    description: 'The languages a translator was given (empty for roles that work in every language)',
  }),
  secondFactor: StringEnum(SECOND_FACTOR_STATES, {
    description:
      'setup-required: set up an authenticator app (POST /api/staff/second-factor/setup); required: confirm a code (POST /api/staff/second-factor/verify); verified: done for this session',
  }),
  recoveryCodesLeft: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'Recovery codes not spent yet (of the ten last given); once the second factor is confirmed in this session',
    }),
  ),
});
export type StaffMe = Static<typeof StaffMe>;

export const SecondFactorSetupAnswer = Type.Object({
  uri: Type.String({ description: 'The otpauth:// URI an authenticator app reads from the QR code' }),
  qrCode: Type.String({ description: 'The QR code of the URI, as an SVG data URL for an <img>' }),
  secret: Type.String({ description: 'The secret in base32, for typing into the app by hand' }),
});

export const SecondFactorCodeBody = Type.Object({
  code: Type.String({
    minLength: 1,
    maxLength: 40,
    description:
      'The 6-digit code the authenticator app shows, or (to verify only) one of the recovery codes; spaces and hyphens are ignored',
  }),
});
export type SecondFactorCodeBody = Static<typeof SecondFactorCodeBody>;

export const RecoveryCodesAnswer = Type.Object({
  recoveryCodes: Type.Array(Type.String(), {
    minItems: RECOVERY_CODE_COUNT,
    maxItems: RECOVERY_CODE_COUNT,
    description: 'One-time codes that stand in for the app when it is lost; shown only this once',
  }),
});

const RolesSchema = Type.Array(StaffRoleSchema, { minItems: 1, maxItems: STAFF_ROLES.length, uniqueItems: true });
const LanguagesSchema = Type.Array(LanguageCodeSchema, {
  maxItems: LANGUAGE_CODES.length,
  uniqueItems: true,
  description: 'The languages of a translator (at least one); empty for the other roles, which work in every language',
});

export const StaffMemberSummary = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  mobile: Type.String(),
  roles: Type.Array(StaffRoleSchema),
  languages: Type.Array(LanguageCodeSchema),
  active: Type.Boolean(),
  secondFactor: StringEnum(SECOND_FACTOR_SETUPS, {
    description: 'Whether an authenticator app is set up: none, pending (never confirmed) or set',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type StaffMemberSummary = Static<typeof StaffMemberSummary>;

export const StaffMemberList = Type.Object({ rows: Type.Array(StaffMemberSummary) });

export const AddStaffMemberBody = Type.Object({
  mobile: Type.String({ maxLength: 30, description: 'The person’s mobile number, 12 digits with the country code' }),
  name: Type.Optional(
    Type.String({
      maxLength: NAME_MAX_LENGTH * 2,
      description: 'Needed only when no account has the number yet: the new account’s name',
    }),
  ),
  roles: RolesSchema,
  languages: Type.Optional(LanguagesSchema),
});
export type AddStaffMemberBody = Static<typeof AddStaffMemberBody>;

export const ChangeStaffMemberBody = Type.Object(
  {
    roles: Type.Optional(RolesSchema),
    languages: Type.Optional(LanguagesSchema),
  },
  { minProperties: 1 },
);
export type ChangeStaffMemberBody = Static<typeof ChangeStaffMemberBody>;

export const StaffMemberParams = Type.Object({ userId: Uuid });

export const AUDIT_LIMIT_MAX = 200;

export const AuditQuery = Type.Object({
  actor: Type.Optional(Uuid),
  action: Type.Optional(StringEnum(AUDIT_ACTIONS)),
  entityKind: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  entityId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Entries at or after this time' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Entries at or before this time' })),
  // Ids are bigints read as JavaScript numbers, so none passes the largest safe integer.
  before: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Entries older than this id: the nextBefore of the previous page',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_LIMIT_MAX, default: 50 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  actor: Type.Object({ id: nullable(Type.String()), name: Type.String() }),
  address: nullable(Type.String()),
  action: Type.String(),
  entityKind: Type.String(),
  entityId: Type.String(),
  title: nullable(
    Type.String({
      description:
        'What the entry changed, named: an item’s source-language title, a file’s name, a person’s name; null when it is gone',
    }),
  ),
  lang: nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

export const AuditPage = Type.Object({
  rows: Type.Array(AuditEntry),
  nextBefore: nullable(
    Type.Integer({ description: 'Pass as `before` for the next, older page; null on the last page' }),
  ),
});
export type AuditPage = Static<typeof AuditPage>;
