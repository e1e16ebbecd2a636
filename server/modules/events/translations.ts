// An event's languages as translated content (ADR 45): a translation (any language but English, the
// source) written in the console's translation view is saved as a draft of the whole language, sent
// for review, and shown to entrants only once an editor or admin publishes it, as content's
// translations are (ADR 19). Where each language stands is read as the matrix reads content: its
// status, whether entrants see it, and its stale fields (the English changed since the field was
// translated: the md5 of the English each field was written from is kept with the language) and its
// missing ones. Entrants read only event_texts and event_question_texts, which publishing writes.
import { createHash } from 'node:crypto';
import type { EventLanguageState, EventLanguageText, EventTranslationAnswer } from '../../../contract/events';
import type { EventLanguageStatus } from '../../../contract/event-rules';
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import type { Db, DbOrTx } from '../../db/client';
import { FieldsError, conflict, forbidden } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { assertMayEditLanguage, type StaffMember } from '../staff/service';
import * as repo from './repository';

export const SOURCE_LANG: LanguageCode = 'en';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The English is written by those who publish: editors and admins. */
export function assertMayWriteSource(member: StaffMember): void {
  if (!member.roles.some((role) => role === 'editor' || role === 'admin')) throw forbidden('eventSourceEditorsOnly');
}

/** A language's texts as one document, from the stored rows of the pool's questions. */
export function languageText(
  lang: LanguageCode,
  texts: repo.EventTextRow[],
  pool: repo.QuestionRow[],
  questionTexts: repo.QuestionTextRow[],
): EventLanguageText {
  const own = texts.find((t) => t.lang === lang);
  const questions: EventLanguageText['questions'] = {};
  for (const question of pool) {
    const text = questionTexts.find((t) => t.questionId === question.id && t.lang === lang);
    if (text) questions[question.id] = { content: text.content, options: text.options, explanation: text.explanation };
  }
  return { name: own?.name ?? '', terms: own?.terms ?? '', questions };
}

/** Each text field of a language, by its path (`name`, `terms`, `questions.<id>.options.<i>`...), for the pool's questions. */
export function fieldsOf(text: EventLanguageText, pool: repo.QuestionRow[]): Map<string, string> {
  const fields = new Map<string, string>([
    ['name', text.name],
    ['terms', text.terms],
  ]);
  for (const question of pool) {
    const q = text.questions[question.id];
    fields.set(`questions.${question.id}.content`, q?.content ?? '');
    for (let i = 0; i < question.optionCount; i++)
      fields.set(`questions.${question.id}.options.${i}`, q?.options[i] ?? '');
    fields.set(`questions.${question.id}.explanation`, q?.explanation ?? '');
  }
  return fields;
}

/** The paths of a part of the language: its name and terms, or one question's fields. */
export function partPaths(part: 'texts' | repo.QuestionRow): string[] {
  if (part === 'texts') return ['name', 'terms'];
  const base = `questions.${part.id}`;
  return [
    `${base}.content`,
    ...Array.from({ length: part.optionCount }, (_, i) => `${base}.options.${i}`),
    `${base}.explanation`,
  ];
}

const hasText = (text: EventLanguageText) =>
  !!text.name.trim() || !!text.terms.trim() || Object.keys(text.questions).length > 0;

/** Where a language stands, given the English, the language's published text and its translation row. */
function stateOf(
  lang: LanguageCode,
  english: Map<string, string>,
  published: EventLanguageText,
  row: repo.TranslationRow | undefined,
  pool: repo.QuestionRow[],
): { state: EventLanguageState; text: EventLanguageText; stale: string[]; missing: string[] } {
  const text = row?.draft ?? published;
  const own = fieldsOf(text, pool);
  const stale: string[] = [];
  const missing: string[] = [];
  if (lang !== SOURCE_LANG) {
    for (const [path, source] of english) {
      if (!source.trim()) continue;
      const value = own.get(path) ?? '';
      if (!value.trim()) missing.push(path);
      else if (row?.sourceHashes[path] !== undefined && row.sourceHashes[path] !== md5(source)) stale.push(path);
    }
  }
  const live = !!published.name.trim() || Object.keys(published.questions).length > 0;
  const status: EventLanguageStatus = row
    ? (row.status as EventLanguageStatus)
    : hasText(text)
      ? 'published'
      : 'missing';
  return {
    state: {
      name: !!text.name.trim(),
      terms: !!text.terms.trim(),
      questions: pool.filter((q) => text.questions[q.id]).length,
      status,
      live,
      stale: stale.length,
      missing: missing.length,
    },
    text,
    stale,
    missing,
  };
}

/** Everything the languages of an event are read from, in a few statements. */
async function languagesOf(db: DbOrTx, eventId: string) {
  const [texts, pool, rows] = await Promise.all([
    repo.textsOf(db, [eventId]),
    repo.poolOf(db, eventId),
    repo.translationsOf(db, eventId),
  ]);
  const questionTexts = await repo.questionTexts(
    db,
    pool.map((q) => q.id),
  );
  const english = fieldsOf(languageText(SOURCE_LANG, texts, pool, questionTexts), pool);
  const of = (lang: LanguageCode) =>
    stateOf(
      lang,
      english,
      languageText(lang, texts, pool, questionTexts),
      rows.find((r) => r.lang === lang),
      pool,
    );
  return { texts, pool, questionTexts, english, of };
}

/** Where every language of the event stands (the staff's event, the matrix's row). */
export async function languageStates(db: DbOrTx, eventId: string): Promise<Record<LanguageCode, EventLanguageState>> {
  const { of } = await languagesOf(db, eventId);
  return Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, of(lang).state])) as Record<
    LanguageCode,
    EventLanguageState
  >;
}

/** One language for the translation view: its newest text, where it stands, its stale and missing fields. */
export async function translationOf(db: DbOrTx, eventId: string, lang: LanguageCode): Promise<EventTranslationAnswer> {
  const { of } = await languagesOf(db, eventId);
  const { state, text, stale, missing } = of(lang);
  return { lang, state, text, staleFields: stale, missingFields: missing };
}

/**
 * Saves a part of a translation (its name and terms, or one question) into the language's draft,
 * started from what entrants are shown; the part's fields are recorded as translated from the
 * English as it now stands. In the caller's transaction, which holds the event's lock.
 */
export async function saveDraft(
  tx: DbOrTx,
  member: StaffMember,
  eventId: string,
  lang: LanguageCode,
  part: 'texts' | repo.QuestionRow,
  change: (text: EventLanguageText) => EventLanguageText,
): Promise<void> {
  const { english, of, pool } = await languagesOf(tx, eventId);
  const row = await repo.translationOf(tx, eventId, lang);
  const draft = change(structuredClone(of(lang).text));
  // Only the pool's questions: a question removed since leaves the draft with it.
  draft.questions = Object.fromEntries(Object.entries(draft.questions).filter(([id]) => pool.some((q) => q.id === id)));
  const hashes = { ...(row?.sourceHashes ?? {}) };
  for (const path of partPaths(part)) hashes[path] = md5(english.get(path) ?? '');
  await repo.saveTranslation(tx, eventId, lang, {
    status: 'draft',
    draft,
    sourceHashes: hashes,
    updatedBy: member.userId,
    updatedAt: new Date(),
  });
}

/**
 * Records that a language's fields were written live by an editor's own form (creating an event,
 * its settings, a question with its languages): they translate the English as it now stands. A
 * language with a draft waiting keeps the draft's record.
 */
export async function noteWrittenLive(tx: DbOrTx, eventId: string, lang: LanguageCode, paths: string[]): Promise<void> {
  if (lang === SOURCE_LANG || !paths.length) return;
  const { english } = await languagesOf(tx, eventId);
  const row = await repo.translationOf(tx, eventId, lang);
  if (row?.draft) return;
  const hashes = { ...(row?.sourceHashes ?? {}) };
  for (const path of paths) hashes[path] = md5(english.get(path) ?? '');
  await repo.saveTranslation(tx, eventId, lang, { status: 'published', sourceHashes: hashes });
}

/** Records every language the event has as published and translated from the English as it stands (the sample content's import). */
export async function noteAllPublished(tx: DbOrTx, eventId: string): Promise<void> {
  const { english, of } = await languagesOf(tx, eventId);
  for (const lang of LANGUAGE_CODES) {
    if (lang === SOURCE_LANG || of(lang).state.status === 'missing') continue;
    const hashes = Object.fromEntries([...english].map(([path, text]) => [path, md5(text)]));
    await repo.saveTranslation(tx, eventId, lang, { status: 'published', draft: null, sourceHashes: hashes });
  }
}

/** Sends a language's draft for review: a translator's work waits for an editor or admin. */
export async function submitTranslation(
  db: Db,
  member: StaffMember,
  actor: AuditActor,
  eventId: string,
  lang: LanguageCode,
  lockEvent: (tx: DbOrTx) => Promise<unknown>,
): Promise<EventTranslationAnswer> {
  if (lang === SOURCE_LANG) throw conflict('eventTranslationNotWaiting');
  assertMayEditLanguage(member, lang);
  return db.transaction(async (tx) => {
    await lockEvent(tx);
    const row = await repo.translationOf(tx, eventId, lang);
    if (!row?.draft) throw conflict('eventTranslationNotWaiting');
    if (row.status !== 'in_review') {
      await repo.saveTranslation(tx, eventId, lang, { status: 'in_review', submittedBy: member.userId });
      await recordAudit(tx, actor, {
        action: 'event.translation.submit',
        entityKind: 'event',
        entityId: eventId,
        lang,
        after: { status: 'in_review' },
      });
    }
    return translationOf(tx, eventId, lang);
  });
}

/**
 * Publishes a language's draft: what entrants are shown in it becomes the draft's name, terms and
 * questions. Questions only while the event's pool may change (before it opens: an entrant's
 * questions must not change under them); each question's options as many as the pool's question has.
 */
export async function publishTranslation(
  db: Db,
  member: StaffMember,
  actor: AuditActor,
  eventId: string,
  lang: LanguageCode,
  options: { lockEvent: (tx: DbOrTx) => Promise<repo.EventRow>; poolEditable: (event: repo.EventRow) => boolean },
): Promise<EventTranslationAnswer> {
  if (lang === SOURCE_LANG) throw conflict('eventTranslationNotWaiting');
  return db.transaction(async (tx) => {
    const event = await options.lockEvent(tx);
    const row = await repo.translationOf(tx, eventId, lang);
    if (!row?.draft) throw conflict('eventTranslationNotWaiting');
    const { pool, questionTexts, texts } = await languagesOf(tx, eventId);
    const published = languageText(lang, texts, pool, questionTexts);
    const draft = row.draft;
    const problems: { field: string; message: string }[] = [];
    const changedQuestions = pool.filter(
      (q) =>
        draft.questions[q.id] && JSON.stringify(draft.questions[q.id]) !== JSON.stringify(published.questions[q.id]),
    );
    for (const question of changedQuestions) {
      const text = draft.questions[question.id]!;
      if (text.options.length !== question.optionCount)
        problems.push({
          field: `questions.${question.id}.options`,
          message: `must have ${question.optionCount} options`,
        });
      else if (!text.content.trim() || text.options.some((o) => !o.trim()))
        problems.push({ field: `questions.${question.id}.content`, message: 'must have its text and every option' });
    }
    if (problems.length) throw new FieldsError(400, 'eventSettingsInvalid', problems);
    if (changedQuestions.length && !options.poolEditable(event)) throw conflict('eventLocked');
    if (draft.name.trim()) await repo.upsertText(tx, eventId, lang, { name: draft.name.trim(), terms: draft.terms });
    for (const question of changedQuestions) {
      const text = draft.questions[question.id]!;
      await repo.upsertQuestionText(tx, question.id, { lang, ...text });
    }
    await repo.saveTranslation(tx, eventId, lang, {
      status: 'published',
      draft: null,
      publishedBy: member.userId,
      publishedAt: new Date(),
    });
    if (event.state !== 'draft') await repo.announceEventChange(tx);
    await recordAudit(tx, actor, {
      action: 'event.translation.publish',
      entityKind: 'event',
      entityId: eventId,
      lang,
      before: { status: row.status },
      after: { status: 'published', questions: changedQuestions.length },
    });
    return translationOf(tx, eventId, lang);
  });
}
