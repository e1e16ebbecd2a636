// What the audit log records (ADR 16: every staff write): one code per kind of change, written by the
// server and offered by the console's filter in words. A plain-value file, so the web takes the list
// without TypeBox.

export const AUDIT_ACTIONS = [
  'content.create',
  'content.save',
  'content.restoreVersion',
  'content.submit',
  'content.publish',
  'content.schedule',
  'content.cancelSchedule',
  'content.unpublish',
  'content.delete',
  'content.restore',
  'media.upload',
  'media.alt',
  'media.delete',
  'staff.add',
  'staff.grant',
  'staff.change',
  'staff.revoke',
  'staff.deactivate',
  'staff.reactivate',
  'staff.second-factor.set',
  'staff.second-factor.reset',
  'staff.second-factor.recovery-code-used',
  'staff.second-factor.recovery-codes-renewed',
  'analytics.export',
  'analytics.refresh',
  'voice.record',
  'voice.retry',
  'event.create',
  'event.update',
  'event.schedule',
  'event.close',
  'event.question.save',
  'event.question.delete',
  'event.disqualify',
  'event.results.publish',
  'event.results.export',
  'event.translation.save',
  'event.translation.submit',
  'event.translation.publish',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);
