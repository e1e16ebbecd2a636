// Whether an answer says the person may no longer work in the console: their account was taken off
// the staff (403 staffOnly: deactivated, or every role removed) or their staff session ended (401
// staffSessionEnded: an admin's change, or its lifetime). A page that meets one stops what it was
// doing and keeps what the person wrote; the console's bar, reading who is signed in again, stops
// naming them (staff-gate.tsx).
import { ApiError } from '../../lib/api-client';

export type AccessEnded = 'notStaff' | 'ended';

export function accessEndedBy(error: unknown): AccessEnded | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 403 && error.code === 'staffOnly') return 'notStaff';
  if (error.status === 401 && error.code === 'staffSessionEnded') return 'ended';
  return null;
}
