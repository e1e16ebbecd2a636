// An event's question pool (/staff/events/:eventId/questions): each question with its options, the
// right ones marked, its explanation and the languages it is written in. Editors and admins add,
// change and remove questions (single answer: one right option; several answers: every right option
// and no other) until the event opens; translators read the pool and go to their languages' texts.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EVENT_LIMITS, type EventQuestionType } from '../../../../contract/event-rules';
import { LANGUAGES, type LanguageCode } from '../../../../contract/languages';
import type { StaffMe } from '../../../../contract/staff';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { Dialog } from '../../../components/dialog';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { messageText } from '../../../i18n/message-text';
import { useLeaveGuard } from '../../../staff-shared/components/leave-guard';
import { LeaveDialog } from '../../../staff-shared/components/leave-dialog';
import { DialogActions } from '../../../staff-shared/components/dialog-actions';
import { errorText } from '../../../staff-shared/components/error-text';
import { Refusal } from './refusal';
import {
  eventName,
  isEditable,
  useDeleteQuestion,
  useEvent,
  useQuestions,
  useSaveQuestion,
  type QuestionBody,
  type StaffEvent,
  type StaffQuestion,
} from '../../../staff-shared/api/events';
import { eventPowers } from '../../../staff-shared/components/event-powers';

export interface Draft {
  type: EventQuestionType;
  content: string;
  options: { text: string; right: boolean }[];
  explanation: string;
}

const emptyDraft = (): Draft => ({
  type: 'single',
  content: '',
  options: [
    { text: '', right: true },
    { text: '', right: false },
    { text: '', right: false },
  ],
  explanation: '',
});

export function draftOf(question: StaffQuestion): Draft {
  const english = question.texts.en;
  return {
    type: question.type,
    content: english?.content ?? '',
    options: Array.from({ length: question.optionCount }, (_, i) => ({
      text: english?.options[i] ?? '',
      right: question.correct.includes(i),
    })),
    explanation: english?.explanation ?? '',
  };
}

/** What is wrong with a draft, as the server would say it. */
function problemsOf(draft: Draft, t: TFunction): string[] {
  const problems: string[] = [];
  if (!draft.content.trim()) problems.push(t('events.pool.needsText'));
  if (draft.options.some((o) => !o.text.trim())) problems.push(t('events.pool.needsOptions'));
  const right = draft.options.filter((o) => o.right).length;
  if (right === 0) problems.push(t('events.pool.needsRight'));
  if (draft.type === 'single' && right > 1) problems.push(t('events.pool.oneRight'));
  return problems;
}

/** The body that saves the draft: English as typed, and the other languages kept when their options still fit. */
export function bodyOf(draft: Draft, question: StaffQuestion | null): { body: QuestionBody; dropped: LanguageCode[] } {
  const kept: QuestionBody['texts'] = {};
  const dropped: LanguageCode[] = [];
  for (const [lang, text] of Object.entries(question?.texts ?? {}) as [
    LanguageCode,
    StaffQuestion['texts'][string],
  ][]) {
    if (lang === 'en') continue;
    if (text.options.length === draft.options.length) kept[lang] = text;
    else dropped.push(lang);
  }
  return {
    body: {
      type: draft.type,
      optionCount: draft.options.length,
      correct: draft.options.flatMap((o, i) => (o.right ? [i] : [])),
      texts: {
        ...kept,
        en: {
          content: draft.content.trim(),
          options: draft.options.map((o) => o.text.trim()),
          explanation: draft.explanation.trim(),
        },
      },
    },
    dropped,
  };
}

function QuestionEditor({
  event,
  question,
  number,
  onDone,
}: {
  event: StaffEvent;
  question: StaffQuestion | null;
  number: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('staff');
  const id = useId();
  const save = useSaveQuestion(event.id);
  const [start] = useState(() => (question ? draftOf(question) : emptyDraft()));
  const [draft, setDraft] = useState(start);
  const [tried, setTried] = useState(false);
  const changed = JSON.stringify(draft) !== JSON.stringify(start);
  const guard = useLeaveGuard(changed && !save.isSuccess);
  const problems = problemsOf(draft, t);
  const { dropped } = bodyOf(draft, question);
  const setOption = (index: number, change: Partial<Draft['options'][number]>) =>
    setDraft((d) => ({
      ...d,
      options: d.options.map((o, i) =>
        i === index
          ? { ...o, ...change }
          : // A single answer has one right option: choosing one unchooses the others.
            change.right && d.type === 'single'
            ? { ...o, right: false }
            : o,
      ),
    }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problems.length) return;
    save.mutate(
      { questionId: question?.id ?? null, body: bodyOf(draft, question).body },
      {
        onSuccess: () => {
          notify({ status: 200, message: t(question ? 'events.pool.saved' : 'events.pool.added', { number }) });
          onDone();
        },
      },
    );
  };
  return (
    <form
      className="staff-card pool-question pool-question--editing"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{question ? t('events.pool.editTitle', { number }) : t('events.pool.addTitle')}</h2>
      <fieldset className="staff-choices">
        <legend>{t('events.pool.type')}</legend>
        {(['single', 'multi'] as const).map((type) => (
          <label key={type} className="staff-check">
            <input
              type="radio"
              name={`${id}-type`}
              checked={draft.type === type}
              onChange={() =>
                setDraft((d) => {
                  // From several answers to one: the first right option stays right.
                  const first = d.options.findIndex((o) => o.right);
                  return type === 'single'
                    ? { ...d, type, options: d.options.map((o, i) => ({ ...o, right: i === Math.max(first, 0) })) }
                    : { ...d, type };
                })
              }
            />
            {t(`events.pool.types.${type}`)}
          </label>
        ))}
      </fieldset>
      <div className="staff-field ce-field ce-field--wide">
        <label htmlFor={`${id}-content`}>{t('events.pool.question')}</label>
        <textarea
          id={`${id}-content`}
          lang="en"
          rows={2}
          value={draft.content}
          maxLength={EVENT_LIMITS.questionMaxLength}
          onChange={(e) => setDraft((d) => ({ ...d, content: e.target.value }))}
        />
      </div>
      <fieldset className="staff-choices pool-options">
        <legend>{t(draft.type === 'single' ? 'events.pool.optionsSingle' : 'events.pool.optionsMulti')}</legend>
        {draft.options.map((option, i) => (
          <div key={i} className="pool-option">
            <label className="staff-check pool-option__right">
              <input
                type={draft.type === 'single' ? 'radio' : 'checkbox'}
                name={`${id}-right`}
                checked={option.right}
                onChange={(e) => setOption(i, { right: e.target.checked })}
              />
              <span className="visually-hidden">{t('events.pool.rightOption', { number: i + 1 })}</span>
              <span aria-hidden="true">{t('events.pool.right')}</span>
            </label>
            <div className="staff-field ce-field pool-option__text">
              <label htmlFor={`${id}-option-${i}`}>{t('events.pool.option', { number: i + 1 })}</label>
              <input
                id={`${id}-option-${i}`}
                lang="en"
                value={option.text}
                maxLength={EVENT_LIMITS.optionMaxLength}
                onChange={(e) => setOption(i, { text: e.target.value })}
              />
            </div>
            <button
              type="button"
              className="btn btn--ghost pool-option__remove"
              disabled={draft.options.length <= EVENT_LIMITS.optionsMin}
              aria-label={t('events.pool.removeOption', { number: i + 1 })}
              onClick={() =>
                setDraft((d) => {
                  const options = d.options.filter((_, j) => j !== i);
                  // A single answer keeps one right option.
                  if (d.type === 'single' && !options.some((o) => o.right))
                    options[0] = { ...options[0]!, right: true };
                  return { ...d, options };
                })
              }
            >
              {t('events.pool.remove')}
            </button>
          </div>
        ))}
        {draft.options.length < EVENT_LIMITS.optionsMax && (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => setDraft((d) => ({ ...d, options: [...d.options, { text: '', right: false }] }))}
          >
            {t('events.pool.addOption')}
          </button>
        )}
      </fieldset>
      <div className="staff-field ce-field ce-field--wide">
        <label htmlFor={`${id}-explanation`}>{t('events.pool.explanation')}</label>
        <textarea
          id={`${id}-explanation`}
          lang="en"
          rows={2}
          value={draft.explanation}
          maxLength={EVENT_LIMITS.explanationMaxLength}
          aria-describedby={`${id}-explanation-hint`}
          onChange={(e) => setDraft((d) => ({ ...d, explanation: e.target.value }))}
        />
        <p className="staff-hint" id={`${id}-explanation-hint`}>
          {t('events.pool.explanationHint')}
        </p>
      </div>
      {question && dropped.length > 0 && (
        <p className="staff-warning">
          {t('events.pool.dropsTranslations', { languages: dropped.map((l) => LANGUAGES[l].name).join(', ') })}
        </p>
      )}
      {question && dropped.length === 0 && Object.keys(question.texts).length > 1 && (
        <p className="staff-muted">{t('events.pool.keepsTranslations')}</p>
      )}
      {tried && problems.length > 0 && (
        <ul className="staff-error" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {save.isError && <Refusal error={save.error} />}
      <div className="staff-actions">
        <button type="submit" className="btn" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? t('actions.saving') : t('events.pool.save')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t('actions.cancel')}
        </button>
      </div>
      <LeaveDialog
        guard={guard}
        title={t('events.unsaved.title')}
        text={t('events.unsaved.text')}
        stay={t('events.unsaved.stay')}
        leave={t('events.unsaved.leave')}
      />
    </form>
  );
}

function QuestionCard({
  question,
  number,
  onEdit,
  onRemove,
}: {
  question: StaffQuestion;
  number: number;
  onEdit?: () => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('staff');
  const english = question.texts.en;
  const languages = (Object.keys(question.texts) as LanguageCode[]).map((l) => LANGUAGES[l]?.name ?? l);
  return (
    <article className="staff-card pool-question" aria-labelledby={`q-${question.id}`}>
      <h2 id={`q-${question.id}`} className="pool-question__title">
        {t('events.pool.number', { number })}{' '}
        <span className="staff-muted">· {t(`events.pool.types.${question.type}`)}</span>
      </h2>
      <p lang="en" className="pool-question__content">
        {english?.content ?? <span className="staff-muted">{t('events.pool.noEnglish')}</span>}
      </p>
      <ol className="pool-question__options">
        {Array.from({ length: question.optionCount }, (_, i) => {
          const right = question.correct.includes(i);
          return (
            <li
              key={i}
              className={right ? 'pool-question__option pool-question__option--right' : 'pool-question__option'}
            >
              <span lang="en">{english?.options[i] ?? ''}</span>
              {right && <strong> ✓ {t('events.pool.right')}</strong>}
            </li>
          );
        })}
      </ol>
      {english?.explanation && (
        <p lang="en" className="staff-muted">
          {t('events.pool.explanation')}: {english.explanation}
        </p>
      )}
      <p className="staff-muted">{t('events.pool.writtenIn', { languages: languages.join(', ') })}</p>
      {(onEdit || onRemove) && (
        <div className="staff-actions">
          {onEdit && (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={onEdit}
              aria-label={t('events.pool.editNumber', { number })}
            >
              {t('events.pool.edit')}
            </button>
          )}
          {onRemove && (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={onRemove}
              aria-label={t('events.pool.removeNumber', { number })}
            >
              {t('events.pool.remove')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

function RemoveDialog({
  event,
  question,
  number,
  onClose,
}: {
  event: StaffEvent;
  question: StaffQuestion;
  number: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('staff');
  const remove = useDeleteQuestion(event.id);
  return (
    <div className="staff-dialog-body">
      <h2>{t('events.pool.removeTitle', { number })}</h2>
      <p>{t('events.pool.removeText')}</p>
      {remove.isError && (
        <p className="staff-error" role="alert">
          {errorText(remove.error)}
        </p>
      )}
      <DialogActions
        action={t('events.pool.remove')}
        busy={remove.isPending}
        danger
        onAction={() =>
          remove.mutate(question.id, {
            onSuccess: () => {
              notify({ status: 200, message: t('events.pool.removed', { number }) });
              onClose();
            },
          })
        }
        onCancel={onClose}
      />
    </div>
  );
}

export function QuestionsPage({
  me,
  eventId,
  eventPath,
  textsPath,
}: {
  me: StaffMe;
  eventId: string;
  eventPath: string;
  textsPath: (lang: string) => string;
}) {
  const { t } = useTranslation('staff');
  const powers = eventPowers(me);
  const event = useEvent(eventId);
  const questions = useQuestions(eventId, powers.readPool);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [removing, setRemoving] = useState<StaffQuestion | null>(null);
  if (!event.data || !questions.data)
    return (
      <QueryState
        isPending={event.isPending || questions.isPending}
        isError={event.isError || questions.isError}
        refetch={() => void Promise.all([event.refetch(), questions.refetch()])}
      />
    );
  const data = event.data;
  const editable = powers.manage && isEditable(data.state);
  const numberOf = (q: StaffQuestion) => questions.data.indexOf(q) + 1;
  return (
    <section aria-labelledby="pool-title" className="pool">
      <p>
        <Link to={eventPath}>{t('events.backToEvent', { name: eventName(data) })}</Link>
      </p>
      <h1 id="pool-title">{t('events.pool.title')}</h1>
      <p className="staff-muted">{t('events.pool.explain', { count: data.questionsPerEntry, pool: data.poolSize })}</p>
      {powers.manage && !isEditable(data.state) && (
        <p className="staff-warning" role="status">
          <strong>{messageText('eventLocked')}</strong>
        </p>
      )}
      {powers.languages.some((l) => l !== 'en') && (
        <p>
          {t('events.pool.translateIn')}{' '}
          {powers.languages
            .filter((l) => l !== 'en')
            .map((lang, i) => (
              <span key={lang}>
                {i > 0 && ', '}
                <Link to={textsPath(lang)}>{LANGUAGES[lang].name}</Link>
              </span>
            ))}
        </p>
      )}
      {questions.data.length === 0 && <p role="status">{t('events.pool.empty')}</p>}
      {questions.data.map((question) =>
        editing === question.id ? (
          <QuestionEditor
            key={question.id}
            event={data}
            question={question}
            number={numberOf(question)}
            onDone={() => setEditing(null)}
          />
        ) : (
          <QuestionCard
            key={question.id}
            question={question}
            number={numberOf(question)}
            onEdit={editable && editing === null ? () => setEditing(question.id) : undefined}
            onRemove={editable && editing === null ? () => setRemoving(question) : undefined}
          />
        ),
      )}
      {editing === 'new' && (
        <QuestionEditor
          event={data}
          question={null}
          number={questions.data.length + 1}
          onDone={() => setEditing(null)}
        />
      )}
      {editable && editing === null && questions.data.length < EVENT_LIMITS.poolMax && (
        <div className="staff-actions">
          <button type="button" className="btn" onClick={() => setEditing('new')}>
            {t('events.pool.add')}
          </button>
        </div>
      )}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        label={removing ? t('events.pool.removeTitle', { number: numberOf(removing) }) : ''}
        className="staff-dialog"
      >
        {removing && (
          <RemoveDialog
            event={data}
            question={removing}
            number={numberOf(removing)}
            onClose={() => setRemoving(null)}
          />
        )}
      </Dialog>
    </section>
  );
}
