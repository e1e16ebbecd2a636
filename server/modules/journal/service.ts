// The reflection journal: the course's `journal` field is the prompt; what the learner writes is
// theirs alone, read and written only through their own session. Stored as plain text, never HTML.
//
// The module's surface for other modules:
// - saveJournalUnlessChanged, journalOf: the outbox's journal written without a network (outbox)
import type { Db, DbOrTx } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import { requireEnrolledCourse } from '../progress/service';
import { messageBody } from '../../../contract/messages';
import * as repo from './repository';

function wire(entry: { text: string; updatedAt: Date } | null) {
  return { journal: { text: entry?.text ?? '', updatedAt: entry ? entry.updatedAt.toISOString() : null } };
}

export async function readJournal(db: Db, userId: string, lang: LanguageCode, courseId: string) {
  await requireEnrolledCourse(db, userId, lang, courseId);
  return wire(await repo.findEntry(db, userId, courseId));
}

/** PostgreSQL text cannot hold NUL; other control characters except line breaks and tabs add nothing. */
function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}

export async function writeJournal(db: Db, userId: string, lang: LanguageCode, courseId: string, text: string) {
  await requireEnrolledCourse(db, userId, lang, courseId);
  return { ...messageBody('journalSaved'), ...wire(await repo.saveEntry(db, userId, courseId, cleanText(text))) };
}

/** The learner's journal in a course as the wire gives it (text, updatedAt), without the enrolment check. */
export async function journalOf(db: DbOrTx, userId: string, courseId: string) {
  return wire(await repo.findEntry(db, userId, courseId)).journal;
}

/**
 * Saves a journal written on a phone without a network, but only over the version the phone last had
 * (`basedOn`: its updatedAt, or null for none): a journal changed elsewhere meanwhile is kept, and
 * the phone is told, with the text now saved.
 */
export async function saveJournalUnlessChanged(
  db: DbOrTx,
  userId: string,
  lang: LanguageCode,
  courseId: string,
  text: string,
  basedOn: string | null,
): Promise<{ saved: boolean; journal: { text: string; updatedAt: string | null } }> {
  await requireEnrolledCourse(db, userId, lang, courseId);
  const saved = await repo.saveEntryIfAt(db, userId, courseId, cleanText(text), basedOn ? new Date(basedOn) : null);
  return { saved: saved !== null, journal: await journalOf(db, userId, courseId) };
}
