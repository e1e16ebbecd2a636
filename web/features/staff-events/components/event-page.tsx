// One event (/staff/events/:eventId): its state and the next step (schedule, close, publish the
// results, each confirmed with what it does), its settings (changed by editors and admins until it
// opens), its name, terms and questions in each language with what is still to translate, and while
// it runs and after: the live counts, the entries to review and the results. Each part shows only
// to those whose roles the server lets read it (powers.ts).
import { useState } from 'react';
import { Link } from 'react-router';
import { LANGUAGES, LANGUAGE_CODES, type LanguageCode } from '../../../../contract/languages';
import type { StaffMe } from '../../../../contract/staff';
import { useTranslation } from '../../../i18n/react';
import { Dialog } from '../../../components/dialog';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { DialogActions } from '../../../staff-shared/components/dialog-actions';
import { errorText } from '../../../staff-shared/components/error-text';
import { StaffTable, hiddenColumn } from '../../../staff-shared/components/staff-table';
import {
  eventName,
  isEditable,
  languageBadge,
  useEvent,
  useEventStep,
  type EventStep,
  type StaffEvent,
} from '../../../staff-shared/api/events';
import { STATE_BADGE, dayText, daysText, hoursText, limitText } from './event-format';
import { eventPowers } from '../../../staff-shared/components/event-powers';
import { FlaggedEntries, LiveCounts, Results } from './running';
import { EditSettings } from './settings';

export interface EventPaths {
  list: string;
  questions: (id: string) => string;
  texts: (id: string, lang: string) => string;
}

/** The step an event's state offers next, if any. */
function nextSteps(event: StaffEvent): EventStep[] {
  switch (event.state) {
    case 'draft':
      return ['schedule'];
    case 'scheduled':
    case 'open':
      return ['close'];
    case 'closed':
      return ['publish'];
    default:
      return [];
  }
}

/** What scheduling needs (the server's rule, 409 eventNotReady): the English name and terms, and enough questions, each in English. */
function readiness(event: StaffEvent) {
  const english = event.translation.en;
  return [
    { key: 'name', done: !!english?.name },
    { key: 'terms', done: !!english?.terms },
    {
      key: 'pool',
      done: event.poolSize >= event.questionsPerEntry && english?.questions === event.poolSize,
    },
  ] as const;
}

function StepDialog({ event, step, onClose }: { event: StaffEvent; step: EventStep; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const run = useEventStep(event.id);
  const name = eventName(event);
  return (
    <div className="staff-dialog-body">
      <h2>{t(`events.steps.${step}.title`, { name })}</h2>
      <p>
        {t(`events.steps.${step}.text`, {
          first: dayText(event.firstDay),
          last: dayText(event.lastDay),
          opens: event.opensAt,
          closes: event.closesAt,
          count: event.reviewHours,
        })}
      </p>
      {run.isError && (
        <p className="staff-error" role="alert">
          {errorText(run.error)}
        </p>
      )}
      <DialogActions
        action={t(`events.steps.${step}.action`)}
        busy={run.isPending}
        danger={step === 'close'}
        onAction={() =>
          run.mutate(step, {
            onSuccess: () => {
              notify({ status: 200, message: t(`events.steps.${step}.done`, { name }) });
              onClose();
            },
          })
        }
        onCancel={onClose}
      />
    </div>
  );
}

function StateAndSteps({ event, manage }: { event: StaffEvent; manage: boolean }) {
  const { t } = useTranslation('staff');
  const [step, setStep] = useState<EventStep | null>(null);
  const steps = manage ? nextSteps(event) : [];
  return (
    <section className="staff-card" aria-labelledby="ev-state">
      <h2 id="ev-state">
        {t('events.state')} <span className={STATE_BADGE[event.state]}>{t(`events.states.${event.state}`)}</span>
      </h2>
      <p>{t(`events.stateExplain.${event.state}`)}</p>
      {manage && event.state === 'draft' && (
        <ul className="ev-ready" aria-label={t('events.ready.title')}>
          {readiness(event).map((need) => (
            <li key={need.key} className={need.done ? 'ev-ready--done' : 'ev-ready--todo'}>
              <span aria-hidden="true">{need.done ? '✓' : '•'}</span>{' '}
              {t(`events.ready.${need.key}`, { count: event.questionsPerEntry })}{' '}
              <span className="visually-hidden">({need.done ? t('events.ready.done') : t('events.ready.todo')})</span>
            </li>
          ))}
        </ul>
      )}
      {steps.length > 0 && (
        <div className="staff-actions">
          {steps.map((s) => (
            <button
              key={s}
              type="button"
              className={s === 'close' ? 'btn btn--ghost' : 'btn'}
              onClick={() => setStep(s)}
            >
              {t(`events.steps.${s}.button`)}
            </button>
          ))}
        </div>
      )}
      <Dialog
        open={step !== null}
        onClose={() => setStep(null)}
        label={step ? t(`events.steps.${step}.title`, { name: eventName(event) }) : ''}
        className="staff-dialog"
      >
        {step && <StepDialog event={event} step={step} onClose={() => setStep(null)} />}
      </Dialog>
    </section>
  );
}

function Settings({ event, manage }: { event: StaffEvent; manage: boolean }) {
  const { t } = useTranslation('staff');
  const [editing, setEditing] = useState(false);
  const locked = !isEditable(event.state);
  return (
    <section className="staff-card" aria-labelledby="ev-settings">
      <h2 id="ev-settings">{t('events.settings.title')}</h2>
      {editing ? (
        <EditSettings event={event} locked={locked} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="staff-facts">
            <dt>{t('events.settings.key')}</dt>
            <dd>
              <code>{event.key}</code>
            </dd>
            <dt>{t('events.days')}</dt>
            <dd>{daysText(event)}</dd>
            <dt>{t('events.hours')}</dt>
            <dd>{hoursText(event)}</dd>
            <dt>{t('events.settings.limit')}</dt>
            <dd>{limitText(event.timeLimitSeconds)}</dd>
            <dt>{t('events.settings.questionsPerEntry')}</dt>
            <dd>{t('events.perEntryOfPool', { count: event.questionsPerEntry, pool: event.poolSize })}</dd>
            <dt>{t('events.settings.minors')}</dt>
            <dd>{event.minorsAllowed ? t('events.settings.minorsYes') : t('events.settings.minorsNo')}</dd>
            <dt>{t('events.settings.termsVersion')}</dt>
            <dd>{event.termsVersion}</dd>
            <dt>{t('events.settings.reviewHours')}</dt>
            <dd>{t('events.hoursCount', { count: event.reviewHours })}</dd>
          </dl>
          {manage && locked && <p className="staff-muted">{t('events.lockedNote')}</p>}
          {manage && !locked && (
            <div className="staff-actions">
              <button type="button" className="btn btn--ghost" onClick={() => setEditing(true)}>
                {t('events.settings.edit')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Languages({
  event,
  languages,
  textsPath,
  questionsPath,
  readPool,
}: {
  event: StaffEvent;
  languages: readonly LanguageCode[];
  textsPath: (lang: string) => string;
  questionsPath: string;
  readPool: boolean;
}) {
  const { t } = useTranslation('staff');
  const badge = (done: boolean) => (
    <span className={done ? 'staff-badge staff-badge--published' : 'staff-badge staff-badge--missing'}>
      {done ? t('events.languages.written') : t('events.languages.missing')}
    </span>
  );
  return (
    <section className="staff-card" aria-labelledby="ev-languages">
      <h2 id="ev-languages">{t('events.languages.title')}</h2>
      <p className="staff-muted">{t('events.languages.explain')}</p>
      {readPool && (
        <p>
          <Link to={questionsPath}>{t('events.pool.link', { count: event.poolSize })}</Link>
        </p>
      )}
      <StaffTable
        label={t('events.languages.title')}
        className="ev-languages"
        columns={[
          t('events.languages.language'),
          t('events.languages.status'),
          t('events.languages.name'),
          t('events.languages.terms'),
          t('events.languages.questions'),
          hiddenColumn(t('events.languages.open')),
        ]}
      >
        {LANGUAGE_CODES.map((lang) => {
          const state = event.translation[lang];
          const status = languageBadge(state, lang);
          const language = LANGUAGES[lang];
          const mine = languages.includes(lang);
          return (
            <tr key={lang} className={mine || languages.length === 0 ? undefined : 'staff-dim'}>
              <th scope="row">
                {language.name}{' '}
                <span lang={language.bcp47} className="staff-muted">
                  {language.nativeName}
                </span>
                {lang === 'en' && <span className="staff-muted"> {t('events.languages.source')}</span>}
              </th>
              <td>
                <span className={`staff-badge staff-badge--${status}`}>{t(`states.${status}`)}</span>
                {state?.live && (state.status === 'draft' || state.status === 'in_review') && (
                  <span className="staff-cell-note">{t('events.languages.live')}</span>
                )}
              </td>
              <td>{badge(!!state?.name)}</td>
              <td>{badge(!!state?.terms)}</td>
              <td>
                <span
                  className={
                    event.poolSize > 0 && state?.questions === event.poolSize
                      ? 'staff-badge staff-badge--published'
                      : 'staff-badge staff-badge--missing'
                  }
                >
                  {t('events.languages.questionsOf', { count: state?.questions ?? 0, pool: event.poolSize })}
                </span>
              </td>
              <td className="staff-row-actions">
                {mine && (
                  <Link className="btn btn--ghost" to={textsPath(lang)}>
                    {t(lang === 'en' ? 'events.languages.edit' : 'events.languages.translate')}
                    <span className="visually-hidden">
                      {' '}
                      {t('events.languages.theEventIn', { language: language.name })}
                    </span>
                  </Link>
                )}
              </td>
            </tr>
          );
        })}
      </StaffTable>
    </section>
  );
}

export function EventPage({ me, eventId, paths }: { me: StaffMe; eventId: string; paths: EventPaths }) {
  const { t } = useTranslation('staff');
  const powers = eventPowers(me);
  const event = useEvent(eventId);
  if (event.error instanceof ApiError && event.error.status === 404)
    return (
      <p className="staff-card" role="alert">
        {t('events.notFound')} <Link to={paths.list}>{t('events.backToList')}</Link>
      </p>
    );
  if (!event.data)
    return <QueryState isPending={event.isPending} isError={event.isError} refetch={() => void event.refetch()} />;
  const data = event.data;
  const running = data.state === 'open' || data.state === 'closed' || data.state === 'results_published';
  return (
    <section aria-labelledby="ev-title" className="ev">
      <p>
        <Link to={paths.list}>{t('events.backToList')}</Link>
      </p>
      <h1 id="ev-title" lang="en">
        {eventName(data)}
      </h1>
      <p className="staff-muted">
        {daysText(data)} · {hoursText(data)}
      </p>
      <StateAndSteps event={data} manage={powers.manage} />
      {powers.figures && (running || data.state === 'scheduled') && <LiveCounts event={data} />}
      {powers.manage && running && <FlaggedEntries event={data} />}
      {powers.figures && running && <Results event={data} />}
      <Settings event={data} manage={powers.manage} />
      <Languages
        event={data}
        languages={powers.languages}
        textsPath={(lang) => paths.texts(data.id, lang)}
        questionsPath={paths.questions(data.id)}
        readPool={powers.readPool}
      />
    </section>
  );
}
