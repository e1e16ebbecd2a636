// The staff's roles and what each may do, shared by the server (the database's CHECK, the access
// rules) and the staff console. Plain values that import nothing.

export const STAFF_ROLES = ['admin', 'editor', 'translator', 'analyst'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

/** What each role is for, as the staff console and the OpenAPI document describe it. */
export const STAFF_ROLE_PURPOSES: Readonly<Record<StaffRole, string>> = {
  admin: 'everything, including staff accounts and the audit log',
  editor: 'all content in every language, and publishing it',
  translator: 'translations in the languages assigned to them, submitted for review; no publishing',
  analyst: 'aggregated figures only',
};

/**
 * Where the staff console's preview frame lives (a draft drawn as the site draws it, inside the
 * console at a phone's width): the one page the site lets its own pages put in a frame.
 */
export const PREVIEW_FRAME_PREFIX = '/staff/preview-frame/';
