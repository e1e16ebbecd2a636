// The shapes of the staff's own calls (/api/staff/): who is signed in as staff, the audit log.
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum, nullable } from './schema-helpers';
import { LANGUAGE_CODES } from './languages';
import { STAFF_ROLES } from './staff-roles';
import { Uuid } from './ids';

export const StaffRoleSchema = StringEnum(STAFF_ROLES);
export const LanguageCodeSchema = StringEnum(LANGUAGE_CODES);

export const StaffMe = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  roles: Type.Array(StaffRoleSchema),
  languages: Type.Array(LanguageCodeSchema, { description: 'The languages a translator was given (empty for roles that work in every language)' }),
});
export type StaffMe = Static<typeof StaffMe>;

export const AUDIT_LIMIT_MAX = 200;

export const AuditQuery = Type.Object({
  actor: Type.Optional(Uuid),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  entityKind: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  entityId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Entries at or after this time' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Entries at or before this time' })),
  before: Type.Optional(Type.Integer({ minimum: 1, description: 'Entries older than this id: the nextBefore of the previous page' })),
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
  lang: nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

export const AuditPage = Type.Object({
  rows: Type.Array(AuditEntry),
  nextBefore: nullable(Type.Integer({ description: 'Pass as `before` for the next, older page; null on the last page' })),
});
