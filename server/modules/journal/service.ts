// The reflection journal: the course's `journal` field is the prompt; what the learner writes is
// theirs alone, read and written only through their own session. Stored as plain text, never HTML.
//
// The module's surface for other modules: none; only its routes call it.
import type { Db } from '../../db/client';
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

export async function writeJournal(db: Db, userId: string, lang: LanguageCode, courseId: string, text: string) {
  await requireEnrolledCourse(db, userId, lang, courseId);
  // PostgreSQL text cannot hold NUL; other control characters except line breaks and tabs add nothing.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
  return { ...messageBody('journalSaved'), ...wire(await repo.saveEntry(db, userId, courseId, clean)) };
}
