// An event's settings as editors type them: its key (when new), days and daily hours in IST, the
// time each entry has, how many questions an entry gets, whether minors may enter, the terms'
// version and the review period; a new event also its name and terms in English. Checked here as the
// server checks them (contract/event-rules.ts), each problem beside its field; what the server still
// refuses is said there too (a key taken, a change once the event has opened: 409 eventLocked).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { DAY_PATTERN, EVENT_KEY_PATTERN, EVENT_LIMITS, TIME_OF_DAY_PATTERN } from '../../../../contract/event-rules';
import type { CreateEventBody, UpdateEventBody } from '../../../../contract/events';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { notify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { messageText } from '../../../i18n/message-text';
import { errorText, fieldErrors } from '../../../staff-shared/components/error-text';
import { useCreateEvent, useUpdateEvent, type StaffEvent } from '../../../staff-shared/api/events';

export interface SettingsValues {
  key: string;
  firstDay: string;
  lastDay: string;
  opensAt: string;
  closesAt: string;
  limitMinutes: string;
  limitSeconds: string;
  questionsPerEntry: string;
  minorsAllowed: boolean;
  termsVersion: string;
  reviewHours: string;
  name: string;
  terms: string;
}

type Problems = Partial<Record<keyof SettingsValues | 'limit', string>>;

export function valuesOf(event: StaffEvent | null): SettingsValues {
  return {
    key: event?.key ?? '',
    firstDay: event?.firstDay ?? '',
    lastDay: event?.lastDay ?? '',
    opensAt: event?.opensAt ?? '09:00',
    closesAt: event?.closesAt ?? '19:00',
    limitMinutes: String(Math.floor((event?.timeLimitSeconds ?? 600) / 60)),
    limitSeconds: String((event?.timeLimitSeconds ?? 600) % 60),
    questionsPerEntry: String(event?.questionsPerEntry ?? 10),
    minorsAllowed: event?.minorsAllowed ?? true,
    termsVersion: event?.termsVersion ?? '',
    reviewHours: String(event?.reviewHours ?? 48),
    name: event?.texts.en?.name ?? '',
    terms: event?.texts.en?.terms ?? '',
  };
}

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : NaN);
const limitOf = (values: SettingsValues) => whole(values.limitMinutes || '0') * 60 + whole(values.limitSeconds || '0');
/** Minutes of the day of an HH:MM[:SS] time (24:00 is 1440). */
const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
};

/** What is wrong with the values, field by field, in the server's terms. */
export function problemsOf(values: SettingsValues, creating: boolean, t: TFunction): Problems {
  const problems: Problems = {};
  if (creating && (!new RegExp(EVENT_KEY_PATTERN).test(values.key) || values.key.length > EVENT_LIMITS.keyMaxLength))
    problems.key = t('events.settings.badKey', { max: EVENT_LIMITS.keyMaxLength });
  const day = new RegExp(DAY_PATTERN);
  if (!day.test(values.firstDay)) problems.firstDay = t('events.settings.badDay');
  if (!day.test(values.lastDay)) problems.lastDay = t('events.settings.badDay');
  else if (!problems.firstDay && values.lastDay < values.firstDay)
    problems.lastDay = t('events.settings.lastBeforeFirst');
  const time = new RegExp(TIME_OF_DAY_PATTERN);
  if (!time.test(values.opensAt)) problems.opensAt = t('events.settings.badTime');
  if (!time.test(values.closesAt)) problems.closesAt = t('events.settings.badTime');
  else if (!problems.opensAt && minutesOf(values.closesAt) <= minutesOf(values.opensAt))
    problems.closesAt = t('events.settings.closesBeforeOpens');
  const limit = limitOf(values);
  if (!(limit >= EVENT_LIMITS.timeLimitSecondsMin && limit <= EVENT_LIMITS.timeLimitSecondsMax))
    problems.limit = t('events.settings.badLimit', {
      min: EVENT_LIMITS.timeLimitSecondsMin,
      max: EVENT_LIMITS.timeLimitSecondsMax / 3600,
    });
  const perEntry = whole(values.questionsPerEntry);
  if (!(perEntry >= 1 && perEntry <= EVENT_LIMITS.questionsPerEntryMax))
    problems.questionsPerEntry = t('events.settings.badNumber', { min: 1, max: EVENT_LIMITS.questionsPerEntryMax });
  const review = whole(values.reviewHours);
  if (!(review >= 0 && review <= EVENT_LIMITS.reviewHoursMax))
    problems.reviewHours = t('events.settings.badNumber', { min: 0, max: EVENT_LIMITS.reviewHoursMax });
  if (!values.termsVersion.trim() || values.termsVersion.length > 40)
    problems.termsVersion = t('events.settings.badTermsVersion');
  if (creating && !values.name.trim()) problems.name = t('events.settings.nameNeeded');
  return problems;
}

function settingsBody(values: SettingsValues) {
  return {
    firstDay: values.firstDay,
    lastDay: values.lastDay,
    opensAt: values.opensAt,
    closesAt: values.closesAt,
    timeLimitSeconds: limitOf(values),
    questionsPerEntry: whole(values.questionsPerEntry),
    minorsAllowed: values.minorsAllowed,
    termsVersion: values.termsVersion.trim(),
    reviewHours: whole(values.reviewHours),
  };
}

/** A field with its label, hint and problem, each tied to the control for a screen reader. */
function Field({
  label,
  hint,
  problem,
  wide,
  children,
}: {
  label: string;
  hint?: string;
  problem?: string;
  wide?: boolean;
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className={wide ? 'staff-field ce-field ce-field--wide' : 'staff-field ce-field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': problem ? true : undefined })}
      {hint && (
        <p className="staff-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {problem && (
        <p className="staff-error" id={`${id}-problem`}>
          {problem}
        </p>
      )}
    </div>
  );
}

export function SettingsFields({
  values,
  onChange,
  problems,
  creating,
  disabled = false,
}: {
  values: SettingsValues;
  onChange: (values: SettingsValues) => void;
  /** Shown once the person tried to save (or the server named them). */
  problems: Problems;
  creating: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('staff');
  const limitId = useId();
  const text = (name: keyof SettingsValues) => ({
    value: values[name] as string,
    disabled,
    onChange: (event: { target: { value: string } }) => onChange({ ...values, [name]: event.target.value }),
  });
  return (
    <>
      {creating && (
        <Field label={t('events.settings.key')} hint={t('events.settings.keyHint')} problem={problems.key}>
          {(control) => (
            <input {...control} {...text('key')} maxLength={EVENT_LIMITS.keyMaxLength} autoComplete="off" />
          )}
        </Field>
      )}
      {creating && (
        <Field label={t('events.settings.name')} problem={problems.name} wide>
          {(control) => (
            <input {...control} {...text('name')} maxLength={EVENT_LIMITS.nameMaxLength} lang="en" autoComplete="off" />
          )}
        </Field>
      )}
      {creating && (
        <Field label={t('events.settings.terms')} hint={t('events.settings.termsHint')} wide>
          {(control) => (
            <textarea {...control} {...text('terms')} maxLength={EVENT_LIMITS.termsMaxLength} rows={6} lang="en" />
          )}
        </Field>
      )}
      <div className="staff-row">
        <Field label={t('events.settings.firstDay')} problem={problems.firstDay}>
          {(control) => <input {...control} {...text('firstDay')} type="date" required />}
        </Field>
        <Field label={t('events.settings.lastDay')} problem={problems.lastDay}>
          {(control) => <input {...control} {...text('lastDay')} type="date" required />}
        </Field>
      </div>
      <div className="staff-row">
        <Field label={t('events.settings.opensAt')} hint={t('events.settings.timeHint')} problem={problems.opensAt}>
          {(control) => (
            <input {...control} {...text('opensAt')} placeholder="09:00" maxLength={8} autoComplete="off" />
          )}
        </Field>
        <Field label={t('events.settings.closesAt')} hint={t('events.settings.closesHint')} problem={problems.closesAt}>
          {(control) => (
            <input {...control} {...text('closesAt')} placeholder="19:00" maxLength={8} autoComplete="off" />
          )}
        </Field>
      </div>
      <fieldset className="staff-choices ev-limit" aria-describedby={problems.limit ? `${limitId}-problem` : undefined}>
        <legend>{t('events.settings.limit')}</legend>
        <label className="ev-limit__part">
          <input
            {...text('limitMinutes')}
            inputMode="numeric"
            size={4}
            aria-invalid={problems.limit ? true : undefined}
          />
          {t('events.settings.minutes')}
        </label>
        <label className="ev-limit__part">
          <input
            {...text('limitSeconds')}
            inputMode="numeric"
            size={3}
            aria-invalid={problems.limit ? true : undefined}
          />
          {t('events.settings.seconds')}
        </label>
        <p className="staff-hint ev-limit__hint">{t('events.settings.limitHint')}</p>
        {problems.limit && (
          <p className="staff-error" id={`${limitId}-problem`}>
            {problems.limit}
          </p>
        )}
      </fieldset>
      <div className="staff-row">
        <Field
          label={t('events.settings.questionsPerEntry')}
          hint={t('events.settings.questionsPerEntryHint')}
          problem={problems.questionsPerEntry}
        >
          {(control) => <input {...control} {...text('questionsPerEntry')} inputMode="numeric" />}
        </Field>
        <Field
          label={t('events.settings.reviewHours')}
          hint={t('events.settings.reviewHoursHint')}
          problem={problems.reviewHours}
        >
          {(control) => <input {...control} {...text('reviewHours')} inputMode="numeric" />}
        </Field>
        <Field
          label={t('events.settings.termsVersion')}
          hint={t('events.settings.termsVersionHint')}
          problem={problems.termsVersion}
        >
          {(control) => <input {...control} {...text('termsVersion')} maxLength={40} autoComplete="off" />}
        </Field>
      </div>
      <label className="staff-check ev-minors">
        <input
          type="checkbox"
          checked={values.minorsAllowed}
          disabled={disabled}
          onChange={(event) => onChange({ ...values, minorsAllowed: event.target.checked })}
        />
        <span>
          {t('events.settings.minorsAllowed')} <span className="staff-muted">{t('events.settings.minorsHint')}</span>
        </span>
      </label>
    </>
  );
}

/** The server's refusal of settings: its fields beside the fields (the names match), the rest as one message. */
function serverProblems(error: unknown, t: TFunction): Problems {
  const fields = fieldErrors(error);
  const problems: Problems = {};
  for (const [field, message] of Object.entries(fields)) {
    const name = field.replace(/^\//, '').replace(/^texts\.en\./, '');
    const key = name === 'timeLimitSeconds' ? 'limit' : name;
    problems[key as keyof Problems] = message;
  }
  if (error instanceof ApiError && error.code === 'eventKeyTaken') problems.key = t('events.settings.keyTaken');
  return problems;
}

/** /staff/events/new: a new event, a draft until it is scheduled. */
export function NewEventPage({ eventPath, listPath }: { eventPath: (id: string) => string; listPath: string }) {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const create = useCreateEvent();
  const [values, setValues] = useState(() => valuesOf(null));
  const [tried, setTried] = useState(false);
  const own = problemsOf(values, true, t);
  const fromServer = create.isError ? serverProblems(create.error, t) : {};
  const problems = tried ? { ...fromServer, ...own } : fromServer;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(own).length > 0) return;
    const body: CreateEventBody = {
      key: values.key,
      ...settingsBody(values),
      texts: { en: { name: values.name.trim(), terms: values.terms } },
    };
    create.mutate(body, {
      onSuccess: (created) => {
        notify({ status: 200, message: t('events.created', { name: values.name.trim() }) });
        void navigate(eventPath(created.id));
      },
    });
  };
  return (
    <section aria-labelledby="ev-new-title" className="ev">
      <p>
        <Link to={listPath}>{t('events.backToList')}</Link>
      </p>
      <h1 id="ev-new-title">{t('events.newTitle')}</h1>
      <p className="staff-muted">{t('events.newExplain')}</p>
      <form className="staff-card" onSubmit={submit} noValidate>
        <SettingsFields values={values} onChange={setValues} problems={problems} creating />
        {tried && Object.keys(own).length > 0 && (
          <p className="staff-error" role="alert">
            {t('events.settings.fix')}
          </p>
        )}
        {create.isError && (
          <p className="staff-error" role="alert">
            {errorText(create.error)}
          </p>
        )}
        <div className="staff-actions">
          <button type="submit" className="btn" disabled={create.isPending} aria-busy={create.isPending || undefined}>
            {create.isPending ? t('actions.saving') : t('events.create')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The settings of an event, changed by editors and admins until it opens; after, read only, and the server's lock said if met. */
export function EditSettings({ event, locked, onDone }: { event: StaffEvent; locked: boolean; onDone: () => void }) {
  const { t } = useTranslation('staff');
  const update = useUpdateEvent(event.id);
  const [values, setValues] = useState(() => valuesOf(event));
  const [tried, setTried] = useState(false);
  const own = problemsOf(values, false, t);
  const lockedNow = locked || (update.error instanceof ApiError && update.error.code === 'eventLocked');
  const fromServer = update.isError ? serverProblems(update.error, t) : {};
  const problems = tried ? { ...fromServer, ...own } : fromServer;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(own).length > 0) return;
    const body: UpdateEventBody = settingsBody(values);
    update.mutate(body, {
      onSuccess: () => {
        notify({ status: 200, message: t('events.settings.saved') });
        onDone();
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('events.settings.editTitle')}>
      {lockedNow && (
        <p className="staff-warning" role="alert">
          <strong>{messageText('eventLocked')}</strong> {t('events.lockedTexts')}
        </p>
      )}
      <SettingsFields values={values} onChange={setValues} problems={problems} creating={false} disabled={lockedNow} />
      {update.isError && !lockedNow && (
        <p className="staff-error" role="alert">
          {errorText(update.error)}
        </p>
      )}
      <div className="staff-actions">
        {!lockedNow && (
          <button type="submit" className="btn" disabled={update.isPending} aria-busy={update.isPending || undefined}>
            {update.isPending ? t('actions.saving') : t('events.settings.save')}
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {lockedNow ? t('events.settings.close') : t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
