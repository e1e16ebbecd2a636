// The question pool of an event (ADR 40): questions added, replaced and removed by editors and
// admins, translated language by language (a translator: in their languages), all before the event
// opens; each write in one transaction with its audit entry.
import { filledText } from './filled-text';
import type { QuestionBody, StaffQuestion } from '../../../contract/events';
import type { EventQuestionType } from '../../../contract/event-rules';
import type { LanguageCode } from '../../../contract/languages';
import type { Db, DbOrTx } from '../../db/client';
import { FieldsError, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { assertMayEditLanguage, type StaffMember } from '../staff/service';
import * as repo from './repository';
import { assertEditable, eventOr404 } from './staff';
import { SOURCE_LANG, assertMayWriteSource, noteWrittenLive, partPaths, saveDraft } from './translations';

function toStaffQuestion(question: repo.QuestionRow, texts: repo.QuestionTextRow[]): StaffQuestion {
  return {
    id: question.id,
    position: question.position,
    type: question.type as EventQuestionType,
    optionCount: question.optionCount,
    correct: question.correct,
    texts: Object.fromEntries(
      texts
        .filter((t) => t.questionId === question.id)
        .map((t) => [t.lang, { content: t.content, options: t.options, explanation: t.explanation }]),
    ),
  };
}

type QuestionText = { content: string; options: string[]; explanation: string };

/** A question's body, checked beyond its schema: right options that exist, one for a single answer, every language's options counted alike. */
function checkQuestion(body: QuestionBody) {
  const problems: { field: string; message: string }[] = [];
  const correct = [...new Set(body.correct)].sort((a, b) => a - b);
  if (correct.some((i) => i >= body.optionCount))
    problems.push({ field: 'correct', message: 'names an option the question does not have' });
  if (body.type === 'single' && correct.length !== 1)
    problems.push({ field: 'correct', message: 'must name exactly one option for a single answer' });
  const given = Object.entries(body.texts) as [string, QuestionText | undefined][];
  for (const [lang, text] of given) {
    if (text && text.options.length !== body.optionCount)
      problems.push({ field: `texts.${lang}.options`, message: `must have ${body.optionCount} options` });
  }
  if (problems.length) throw new FieldsError(400, 'eventSettingsInvalid', problems);
  const texts = given.flatMap(([lang, text]) =>
    text
      ? [
          {
            lang: lang as LanguageCode,
            content: filledText(text.content, `texts.${lang}.content`),
            options: text.options.map((o, i) => filledText(o, `texts.${lang}.options.${i}`)),
            explanation: text.explanation,
          },
        ]
      : [],
  );
  return { type: body.type, optionCount: body.optionCount, correct, texts };
}

export async function listQuestions(db: DbOrTx, id: string): Promise<StaffQuestion[]> {
  await eventOr404(db, id);
  const pool = await repo.poolOf(db, id);
  const texts = await repo.questionTexts(
    db,
    pool.map((q) => q.id),
  );
  return pool.map((q) => toStaffQuestion(q, texts));
}

async function saveQuestion(
  db: Db,
  actor: AuditActor,
  id: string,
  questionId: string | null,
  body: QuestionBody,
  now: Date,
): Promise<StaffQuestion> {
  const checked = checkQuestion(body);
  return db.transaction(async (tx) => {
    assertEditable(await eventOr404(tx, id, true), now);
    const { texts, ...key } = checked;
    let question: repo.QuestionRow;
    if (questionId) {
      const [found] = await repo.questionsByIds(tx, [questionId]);
      if (!found || found.eventId !== id) throw notFound('eventQuestionNotFound');
      await repo.updateQuestion(tx, questionId, key);
      question = { ...found, ...key };
    } else {
      question = await repo.insertQuestion(tx, { eventId: id, position: await repo.nextPosition(tx, id), ...key });
    }
    const before = await repo.questionTexts(tx, [question.id]);
    await repo.replaceQuestionTexts(tx, question.id, texts);
    // A language whose text this form changed is written live, from the English beside it now.
    for (const text of texts) {
      const was = before.find((t) => t.lang === text.lang);
      const same =
        was &&
        was.content === text.content &&
        was.explanation === text.explanation &&
        JSON.stringify(was.options) === JSON.stringify(text.options);
      if (!same) await noteWrittenLive(tx, id, text.lang, partPaths(question));
    }
    await recordAudit(tx, actor, {
      action: 'event.question.save',
      entityKind: 'event',
      entityId: id,
      after: { questionId: question.id, ...key, texts: texts.map((t) => t.lang) },
    });
    return toStaffQuestion(question, await repo.questionTexts(tx, [question.id]));
  });
}

export const createQuestion = (db: Db, actor: AuditActor, id: string, body: QuestionBody, now: Date) =>
  saveQuestion(db, actor, id, null, body, now);
export const updateQuestion = (
  db: Db,
  actor: AuditActor,
  id: string,
  questionId: string,
  body: QuestionBody,
  now: Date,
) => saveQuestion(db, actor, id, questionId, body, now);

export async function deleteQuestion(db: Db, actor: AuditActor, id: string, questionId: string, now: Date) {
  await db.transaction(async (tx) => {
    assertEditable(await eventOr404(tx, id, true), now);
    if (!(await repo.deleteQuestion(tx, id, questionId))) throw notFound('eventQuestionNotFound');
    await recordAudit(tx, actor, {
      action: 'event.question.delete',
      entityKind: 'event',
      entityId: id,
      before: { questionId },
    });
  });
}

/**
 * A question's text in one language (as many options as the question has), before the event opens.
 * English, the source, is written by editors and admins and shown at once; a translation (a
 * translator: in their languages) goes into the language's draft, shown once published (ADR 45).
 */
export async function translateQuestion(
  db: Db,
  member: StaffMember,
  actor: AuditActor,
  id: string,
  questionId: string,
  lang: LanguageCode,
  text: QuestionText,
  now: Date,
): Promise<StaffQuestion> {
  if (lang === SOURCE_LANG) assertMayWriteSource(member);
  else assertMayEditLanguage(member, lang);
  return db.transaction(async (tx) => {
    assertEditable(await eventOr404(tx, id, true), now);
    const [question] = await repo.questionsByIds(tx, [questionId]);
    if (!question || question.eventId !== id) throw notFound('eventQuestionNotFound');
    if (text.options.length !== question.optionCount)
      throw new FieldsError(400, 'eventSettingsInvalid', [
        { field: 'options', message: `must have ${question.optionCount} options` },
      ]);
    const written = {
      content: filledText(text.content, 'content'),
      options: text.options.map((o, i) => filledText(o, `options.${i}`)),
      explanation: text.explanation,
    };
    if (lang === SOURCE_LANG) await repo.upsertQuestionText(tx, questionId, { lang, ...written });
    else
      await saveDraft(tx, member, id, lang, question, (draft) => ({
        ...draft,
        questions: { ...draft.questions, [questionId]: written },
      }));
    await recordAudit(tx, actor, {
      action: lang === SOURCE_LANG ? 'event.question.save' : 'event.translation.save',
      entityKind: 'event',
      entityId: id,
      lang,
      after: { questionId, texts: [lang] },
    });
    return toStaffQuestion(question, await repo.questionTexts(tx, [questionId]));
  });
}
