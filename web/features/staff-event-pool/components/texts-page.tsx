// An event in one language (/staff/events/:eventId/texts/:lang): its name and terms, and each
// question of the pool with its options and explanation, written beside the English source as the
// translation view of content shows it (SourceBeside). English itself is the source, written by
// editors and admins without one beside it and shown to entrants as saved. A translation is content
// under review (ADR 45): each part is saved on its own into the language's draft, a field whose
// English changed since it was translated is marked stale, the translator sends the language for
// review and an editor or admin publishes it; entrants see it from then on. Leaving with unsaved
// parts asks first. The name and terms may change at any time; the questions only until the event
// opens (409 eventLocked), after which they are shown, not offered. A translator writes only their
// languages; another language is shown read only.
import { useCallback, useContext, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EVENT_LIMITS } from '../../../../contract/event-rules';
import { LANGUAGES, isLanguageCode, type LanguageCode } from '../../../../contract/languages';
import type { StaffMe } from '../../../../contract/staff';
import { useTranslation } from '../../../i18n/react';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { messageText } from '../../../i18n/message-text';
import { ContentLanguage, TextField } from '../../../staff-shared/components/document-editor/fields';
import { errorText } from '../../../staff-shared/components/error-text';
import { Refusal } from './refusal';
import { LeaveDialog } from '../../../staff-shared/components/leave-dialog';
import { useLeaveGuard } from '../../../staff-shared/components/leave-guard';
import { SourceBeside } from '../../../staff-shared/components/source-beside';
import {
  eventName,
  isEditable,
  languageBadge,
  useEvent,
  useEventTranslation,
  useQuestions,
  useTranslateEvent,
  useTranslateQuestion,
  useTranslationStep,
  type EventText,
  type EventTranslationAnswer,
  type QuestionText,
  type StaffEvent,
  type StaffQuestion,
} from '../../../staff-shared/api/events';
import { eventPowers } from '../../../staff-shared/components/event-powers';

/** Reports to the page whether a part holds unsaved text, by the part's name. */
type ReportUnsaved = (part: string, unsaved: boolean) => void;

/**
 * A part's text as typed and as last saved (`keep` after a save); whether they differ is told to the
 * page, and that nothing is unsaved once the part is gone.
 */
function usePart<T>(initial: () => T, part: string, report: ReportUnsaved) {
  const [saved, setSaved] = useState(initial);
  const [text, setText] = useState(saved);
  const [tried, setTried] = useState(false);
  const unsaved = JSON.stringify(text) !== JSON.stringify(saved);
  useEffect(() => report(part, unsaved), [part, unsaved, report]);
  useEffect(() => () => report(part, false), [part, report]);
  const keep = (body: T) => {
    setSaved(body);
    setText(body);
  };
  return { text, setText, unsaved, tried, setTried, keep };
}

/** A row of the page: the English source beside the field, or the field alone when writing English. */
function Row({
  lang,
  sourceLabel,
  source,
  stale = false,
  children,
}: {
  lang: LanguageCode;
  sourceLabel: string;
  source: string | undefined;
  /** The English changed since this field was translated. */
  stale?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('staff');
  if (lang === 'en') return <div className="pool-text-row">{children}</div>;
  return (
    <SourceBeside sourceLabel={sourceLabel} sourceLang={LANGUAGES.en.bcp47} source={source ?? ''}>
      {children}
      {stale && (
        <p className="staff-warning pool-stale">
          <span className="staff-badge staff-badge--stale">{t('states.stale')}</span> {t('events.review.staleField')}
        </p>
      )}
    </SourceBeside>
  );
}

/** What a field holds, shown without a field to someone who may not write the language. */
function ReadOnly({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('staff');
  return (
    <div className="staff-field ce-field">
      <span className="ce-label">{label}</span>
      <div className="pool-readonly">
        {value || <span className="staff-muted">{t('events.texts.notWritten')}</span>}
      </div>
    </div>
  );
}

function NameAndTerms({
  event,
  lang,
  initial,
  stale,
  writable,
  report,
}: {
  event: StaffEvent;
  lang: LanguageCode;
  /** The language's newest text: a draft or one sent for review, else what entrants see. */
  initial: EventText | undefined;
  stale: ReadonlySet<string>;
  writable: boolean;
  report: ReportUnsaved;
}) {
  const { t } = useTranslation('staff');
  const save = useTranslateEvent(event.id);
  const language = LANGUAGES[lang];
  const english = event.texts.en;
  const { text, setText, unsaved, tried, setTried, keep } = usePart<EventText>(
    () => initial ?? { name: '', terms: '' },
    'texts',
    report,
  );
  const nameMissing = !text.name.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (nameMissing) return;
    const body = { name: text.name.trim(), terms: text.terms };
    save.mutate(
      { lang, text: body },
      {
        onSuccess: () => {
          keep(body);
          notify({ status: 200, message: t('events.texts.savedTexts', { language: language.name }) });
        },
      },
    );
  };
  const fieldName = (field: 'name' | 'terms', of: LanguageCode) =>
    t('translate.in', { field: t(`events.texts.${field}`), language: LANGUAGES[of].name });
  return (
    <form className="staff-card pool-part" onSubmit={submit} noValidate aria-labelledby="ev-texts-title">
      <h2 id="ev-texts-title">{t('events.texts.nameAndTerms')}</h2>
      <Row lang={lang} sourceLabel={fieldName('name', 'en')} source={english?.name} stale={stale.has('name')}>
        {writable ? (
          <TextField
            label={fieldName('name', lang)}
            value={text.name}
            maxLength={EVENT_LIMITS.nameMaxLength}
            onChange={(name) => setText((v) => ({ ...v, name }))}
          />
        ) : (
          <ReadOnly label={fieldName('name', lang)} value={text.name} />
        )}
        {tried && nameMissing && <p className="staff-error">{t('events.texts.nameNeeded')}</p>}
      </Row>
      <Row lang={lang} sourceLabel={fieldName('terms', 'en')} source={english?.terms} stale={stale.has('terms')}>
        {writable ? (
          <TermsField
            label={fieldName('terms', lang)}
            value={text.terms}
            onChange={(terms) => setText((v) => ({ ...v, terms }))}
          />
        ) : (
          <ReadOnly label={fieldName('terms', lang)} value={text.terms} />
        )}
      </Row>
      {save.isError && (
        <p className="staff-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      {writable && (
        <div className="staff-actions">
          <button
            type="submit"
            className="btn"
            disabled={save.isPending || !unsaved}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? t('actions.saving') : t('events.texts.saveTexts', { language: language.name })}
          </button>
          {unsaved && <span className="staff-muted">{t('events.texts.unsaved')}</span>}
        </div>
      )}
    </form>
  );
}

/** The terms: long text, a tall box, in the language's script. */
function TermsField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const lang = useContext(ContentLanguage);
  return (
    <div className="staff-field ce-field ce-field--wide">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="pool-terms"
        lang={lang}
        value={value}
        rows={8}
        maxLength={EVENT_LIMITS.termsMaxLength}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function QuestionTexts({
  event,
  question,
  number,
  lang,
  initial,
  stale,
  writable,
  report,
}: {
  event: StaffEvent;
  question: StaffQuestion;
  number: number;
  lang: LanguageCode;
  initial: QuestionText | undefined;
  stale: ReadonlySet<string>;
  writable: boolean;
  report: ReportUnsaved;
}) {
  const { t } = useTranslation('staff');
  const save = useTranslateQuestion(event.id);
  const language = LANGUAGES[lang];
  const english = question.texts.en;
  const { text, setText, unsaved, tried, setTried, keep } = usePart<QuestionText>(
    () => initial ?? { content: '', options: Array<string>(question.optionCount).fill(''), explanation: '' },
    question.id,
    report,
  );
  const missing = !text.content.trim() || text.options.some((o) => !o.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (missing) return;
    const body = {
      content: text.content.trim(),
      options: text.options.map((o) => o.trim()),
      explanation: text.explanation.trim(),
    };
    save.mutate(
      { questionId: question.id, lang, text: body },
      {
        onSuccess: () => {
          keep(body);
          notify({ status: 200, message: t('events.texts.savedQuestion', { number, language: language.name }) });
        },
      },
    );
  };
  const label = (field: string, of: LanguageCode) => t('translate.in', { field, language: LANGUAGES[of].name });
  const field = (name: string, value: string, set: (value: string) => void, max: number, multiline = false) =>
    writable ? (
      <TextField label={label(name, lang)} value={value} maxLength={max} multiline={multiline} onChange={set} />
    ) : (
      <ReadOnly label={label(name, lang)} value={value} />
    );
  const id = `ev-q-${question.id}`;
  const path = `questions.${question.id}`;
  return (
    <form className="staff-card pool-part" onSubmit={submit} noValidate aria-labelledby={id}>
      <h3 id={id}>
        {t('events.pool.number', { number })}{' '}
        <span className="staff-muted">· {t(`events.pool.types.${question.type}`)}</span>
      </h3>
      <Row
        lang={lang}
        sourceLabel={label(t('events.pool.question'), 'en')}
        source={english?.content}
        stale={stale.has(`${path}.content`)}
      >
        {field(
          t('events.pool.question'),
          text.content,
          (content) => setText((v) => ({ ...v, content })),
          EVENT_LIMITS.questionMaxLength,
          (english?.content.length ?? 0) > 80,
        )}
      </Row>
      {text.options.map((option, i) => {
        const name = question.correct.includes(i)
          ? t('events.texts.optionRight', { number: i + 1 })
          : t('events.pool.option', { number: i + 1 });
        return (
          <Row
            key={i}
            lang={lang}
            sourceLabel={label(name, 'en')}
            source={english?.options[i]}
            stale={stale.has(`${path}.options.${i}`)}
          >
            {field(
              name,
              option,
              (value) => setText((v) => ({ ...v, options: v.options.map((o, j) => (j === i ? value : o)) })),
              EVENT_LIMITS.optionMaxLength,
            )}
          </Row>
        );
      })}
      <Row
        lang={lang}
        sourceLabel={label(t('events.pool.explanation'), 'en')}
        source={english?.explanation}
        stale={stale.has(`${path}.explanation`)}
      >
        {field(
          t('events.pool.explanation'),
          text.explanation,
          (explanation) => setText((v) => ({ ...v, explanation })),
          EVENT_LIMITS.explanationMaxLength,
          true,
        )}
      </Row>
      {tried && missing && <p className="staff-error">{t('events.texts.questionNeeded')}</p>}
      {save.isError && <Refusal error={save.error} />}
      {writable && (
        <div className="staff-actions">
          <button
            type="submit"
            className="btn"
            disabled={save.isPending || !unsaved}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? t('actions.saving') : t('events.texts.saveQuestion', { number, language: language.name })}
          </button>
          {unsaved && <span className="staff-muted">{t('events.texts.unsaved')}</span>}
        </div>
      )}
    </form>
  );
}

/**
 * Where the translation stands, and its next step: the translator sends it for review, an editor or
 * admin publishes it. Until then entrants see what was published before, or the English.
 */
function ReviewStep({
  eventId,
  lang,
  translation,
  writable,
  manage,
  unsaved,
}: {
  eventId: string;
  lang: LanguageCode;
  translation: EventTranslationAnswer;
  writable: boolean;
  manage: boolean;
  unsaved: boolean;
}) {
  const { t } = useTranslation('staff');
  const step = useTranslationStep(eventId);
  const language = LANGUAGES[lang].name;
  const { state } = translation;
  const badge = languageBadge(state, lang);
  const waiting = state.status === 'draft' || state.status === 'in_review';
  const mayPublish = manage && waiting;
  const maySubmit = writable && !manage && state.status === 'draft';
  const run = (which: 'submit' | 'publish') =>
    step.mutate(
      { lang, step: which },
      {
        onSuccess: () =>
          notify({
            status: 200,
            message: t(which === 'submit' ? 'events.review.submitted' : 'events.review.publishedNote', { language }),
          }),
      },
    );
  return (
    <section className="staff-card pool-review" aria-labelledby="ev-review-title">
      <h2 id="ev-review-title">{t('events.review.title')}</h2>
      <p role="status">
        <span className={`staff-badge staff-badge--${badge}`}>{t(`states.${badge}`)}</span>{' '}
        {t(`events.review.${state.status}`, { language })}{' '}
        {waiting && t(state.live ? 'events.review.live' : 'events.review.notLive', { language })}
      </p>
      {state.stale > 0 && <p className="staff-warning">{t('events.review.stale', { count: state.stale })}</p>}
      {step.isError && <Refusal error={step.error} />}
      {(maySubmit || mayPublish) && (
        <div className="staff-actions">
          {maySubmit && (
            <button type="button" className="btn" disabled={unsaved || step.isPending} onClick={() => run('submit')}>
              {t('events.review.submit', { language })}
            </button>
          )}
          {mayPublish && (
            <button type="button" className="btn" disabled={unsaved || step.isPending} onClick={() => run('publish')}>
              {t('events.review.publish', { language })}
            </button>
          )}
          {unsaved && <span className="staff-muted">{t('events.review.saveFirst')}</span>}
        </div>
      )}
    </section>
  );
}

export function EventTextsPage({
  me,
  eventId,
  lang,
  eventPath,
}: {
  me: StaffMe;
  eventId: string;
  lang: string;
  eventPath: string;
}) {
  const { t } = useTranslation('staff');
  const powers = eventPowers(me);
  const event = useEvent(eventId);
  const questions = useQuestions(eventId, powers.readPool);
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<ReportUnsaved>(
    (part, isUnsaved) =>
      setUnsaved((current) => {
        if (current.has(part) === isUnsaved) return current;
        const next = new Set(current);
        if (isUnsaved) next.add(part);
        else next.delete(part);
        return next;
      }),
    [],
  );
  const guard = useLeaveGuard(unsaved.size > 0);
  const isSource = lang === 'en';
  const translation = useEventTranslation(
    eventId,
    lang as LanguageCode,
    isLanguageCode(lang) && !isSource && powers.readPool,
  );
  if (!isLanguageCode(lang))
    return (
      <p className="staff-card" role="alert">
        {t('item.unknownLanguage')}
      </p>
    );
  if (!event.data || (powers.readPool && !questions.data) || (!isSource && powers.readPool && !translation.data))
    return (
      <QueryState
        isPending={event.isPending || questions.isPending || translation.isPending}
        isError={event.isError || questions.isError || translation.isError}
        refetch={() => void Promise.all([event.refetch(), questions.refetch(), translation.refetch()])}
      />
    );
  const data = event.data;
  const language = LANGUAGES[lang];
  const writable = powers.languages.includes(lang);
  const questionsOpen = isEditable(data.state);
  // A translation's newest text (its draft, else what entrants see); English is as entrants see it.
  const newest = translation.data?.text;
  const stale = new Set(translation.data?.staleFields ?? []);
  return (
    <section aria-labelledby="ev-lang-title" className="pool">
      <p>
        <Link to={eventPath}>{t('events.backToEvent', { name: eventName(data) })}</Link>
      </p>
      <h1 id="ev-lang-title">
        {t('events.texts.title', { language: language.name })}{' '}
        <span lang={language.bcp47} className="staff-muted">
          {language.nativeName}
        </span>
      </h1>
      <p className="staff-muted">
        {lang === 'en' ? t('events.texts.explainSource') : t('events.texts.explain', { language: language.name })}
      </p>
      {!writable && (
        <p className="staff-warning" role="status">
          {t('events.texts.notYours', { language: language.name })}
        </p>
      )}
      {translation.data && (
        <ReviewStep
          eventId={data.id}
          lang={lang}
          translation={translation.data}
          writable={writable}
          manage={powers.manage}
          unsaved={unsaved.size > 0}
        />
      )}
      <ContentLanguage.Provider value={language.bcp47}>
        <NameAndTerms
          key={`${data.id}-${lang}`}
          event={data}
          lang={lang}
          initial={newest ? { name: newest.name, terms: newest.terms } : data.texts[lang]}
          stale={stale}
          writable={writable}
          report={report}
        />
        {questions.data && (
          <>
            <h2>{t('events.texts.questions', { count: questions.data.length })}</h2>
            {!questionsOpen && (
              <p className="staff-warning" role="status">
                <strong>{messageText('eventLocked')}</strong> {t('events.texts.questionsLocked')}
              </p>
            )}
            {questions.data.map((question, i) => (
              <QuestionTexts
                key={`${question.id}-${lang}`}
                event={data}
                question={question}
                number={i + 1}
                lang={lang}
                initial={newest ? newest.questions[question.id] : question.texts[lang]}
                stale={stale}
                writable={writable && questionsOpen}
                report={report}
              />
            ))}
          </>
        )}
      </ContentLanguage.Provider>
      <LeaveDialog
        guard={guard}
        title={t('events.unsaved.title')}
        text={t('events.unsaved.text')}
        stay={t('events.unsaved.stay')}
        leave={t('events.unsaved.leave')}
      />
    </section>
  );
}
