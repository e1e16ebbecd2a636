// The console's Voices page (/staff/voices, issue 28, ADR 41): in one language, each published text
// that some sentence has no fresh recording of, sentence by sentence, with what changed in a text
// since it was recorded (the word diff the translation view uses), and a recorder per sentence;
// below, the synthesis queue, whose failed jobs an editor queues again. Translators work in their
// languages only (the server's rule; the language list offers only those).
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LANGUAGE_CODES, LANGUAGES, isLanguageCode, type LanguageCode } from '../../../../contract/languages';
import type { StaffMe } from '../../../../contract/staff';
import { useTranslation } from '../../../i18n/react';
import { QueryState } from '../../../components/query-state';
import { TextDiff } from '../../../staff-shared/components/text-diff';
import { StaffTable } from '../../../staff-shared/components/staff-table';
import { staffTime } from '../../../staff-shared/components/staff-time';
import { useNeedsVoice, useRetryJob, useVoiceJobs, type NeedsVoiceText } from '../api/voices';
import { SentenceRecorder } from './sentence-recorder';
import './voices.css';

/** What a text is, from its field's path in the course document. */
export function partKind(part: string): 'summary' | 'lesson' | 'option' | 'explanation' | 'question' {
  if (part === 'summary') return 'summary';
  if (part.startsWith('lessons[')) return 'lesson';
  if (part.includes('.options[')) return 'option';
  if (part.endsWith('.explanation')) return 'explanation';
  return 'question';
}

/** The languages a person may record in: a translator's own, everyone else's all ten. */
export function recordingLanguages(me: StaffMe): LanguageCode[] {
  return me.roles.some((role) => role === 'admin' || role === 'editor') ? [...LANGUAGE_CODES] : me.languages;
}

function TextVoices({ text, lang }: { text: NeedsVoiceText; lang: LanguageCode }) {
  const { t } = useTranslation('staff');
  const [open, setOpen] = useState<number | null>(null);
  const unrecorded = new Set(text.unrecorded);
  // A card per text, closed: a language has hundreds of sentences, each open on its own.
  return (
    <details className="staff-card voice-text">
      <summary className="voice-text__summary">
        <span className="voice-text__title">
          {t(`voices.kind.${partKind(text.part)}`)} <span className="staff-muted">· {text.title}</span>
        </span>{' '}
        <span className="voice-text__count">
          {t('voices.unrecordedCount', { count: text.unrecorded.length, total: text.sentences.length })}
        </span>{' '}
        <span className="staff-muted">· {t('voices.readers', { count: text.readers })}</span>
        <span className="staff-muted voice-text__part">{text.part}</span>
      </summary>
      {text.staleRecordings.map((stale) => (
        <div key={stale.firstSentence} className="voice-text__stale">
          <p>
            {t(stale.sentenceCount === 1 ? 'voices.staleRecordingOne' : 'voices.staleRecording', {
              first: stale.firstSentence + 1,
              last: stale.firstSentence + stale.sentenceCount,
            })}
          </p>
          <p lang={LANGUAGES[lang].bcp47}>
            <TextDiff before={stale.before} after={stale.after} lang={LANGUAGES[lang].bcp47} />
          </p>
        </div>
      ))}
      <ol className="voice-sentences">
        {text.sentences.map((sentence, index) => (
          <li key={index} className="voice-sentence">
            <div className="voice-sentence__row">
              <span className="voice-sentence__text" lang={LANGUAGES[lang].bcp47}>
                {sentence}
              </span>
              <span className={`voice-sentence__state${unrecorded.has(index) ? '' : ' voice-sentence__state--done'}`}>
                {unrecorded.has(index) ? t('voices.notRecorded') : t('voices.recorded')}
              </span>
              {open !== index && (
                <button type="button" className="btn btn--ghost" onClick={() => setOpen(index)}>
                  {unrecorded.has(index) ? t('voices.record') : t('voices.recordAgain')}
                  <span className="visually-hidden"> {t('voices.sentenceNumber', { number: index + 1 })}</span>
                </button>
              )}
            </div>
            {open === index && (
              <SentenceRecorder
                target={{ itemId: text.itemId, lang, part: text.part, firstSentence: index, sentenceCount: 1 }}
                number={index + 1}
                onClose={() => setOpen(null)}
              />
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

function SynthesisQueue({ lang, mayRetry }: { lang: LanguageCode; mayRetry: boolean }) {
  const { t } = useTranslation('staff');
  const jobs = useVoiceJobs({ lang });
  const retry = useRetryJob();
  if (!jobs.data)
    return <QueryState isPending={jobs.isPending} isError={jobs.isError} refetch={() => void jobs.refetch()} />;
  if (jobs.data.jobs.length === 0) return <p className="staff-muted">{t('voices.noJobs')}</p>;
  return (
    <StaffTable
      label={t('voices.queue')}
      columns={[t('voices.course'), t('voices.version'), t('voices.state'), t('voices.tries'), t('voices.updated'), '']}
    >
      {jobs.data.jobs.map((job) => (
        <tr key={job.id}>
          <td>{job.title}</td>
          <td>{job.version}</td>
          <td>
            {t(`voices.states.${job.state}`)}
            {job.lastError && <span className="staff-muted voice-job__error"> {job.lastError}</span>}
          </td>
          <td>{job.attempts}</td>
          <td>{staffTime(job.updatedAt)}</td>
          <td>
            {mayRetry && job.state === 'failed' && (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={retry.isPending}
                onClick={() => retry.mutate(job.id)}
              >
                {t('voices.retry')}
              </button>
            )}
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

export function VoicesPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('staff');
  const languageId = useId();
  const [search, setSearch] = useSearchParams();
  const languages = recordingLanguages(me);
  const asked = search.get('lang') ?? '';
  const lang: LanguageCode | undefined =
    isLanguageCode(asked) && languages.includes(asked)
      ? asked
      : (languages.find((code) => code !== 'en') ?? languages[0]);
  const texts = useNeedsVoice(lang ?? 'en');
  if (!lang) return <p role="status">{t('voices.noLanguages')}</p>;
  return (
    <section aria-labelledby="voices-title">
      <h1 id="voices-title">{t('voices.title')}</h1>
      <p className="staff-hint">{t('voices.explain')}</p>
      <label htmlFor={languageId} className="staff-field voice-language">
        {t('voices.language')}
        <select
          id={languageId}
          value={lang}
          onChange={(event) => setSearch(new URLSearchParams({ lang: event.target.value }))}
        >
          {languages.map((code) => (
            <option key={code} value={code} lang={LANGUAGES[code].bcp47}>
              {LANGUAGES[code].nativeName} ({LANGUAGES[code].name})
            </option>
          ))}
        </select>
      </label>
      <h2>{t('voices.toRecord')}</h2>
      {!texts.data ? (
        <QueryState isPending={texts.isPending} isError={texts.isError} refetch={() => void texts.refetch()} />
      ) : texts.data.texts.length === 0 ? (
        <p role="status">{t('voices.allRecorded')}</p>
      ) : (
        texts.data.texts.map((text) => <TextVoices key={`${text.itemId} ${text.part}`} text={text} lang={lang} />)
      )}
      <h2>{t('voices.queue')}</h2>
      <p className="staff-hint">{t('voices.queueExplain')}</p>
      <SynthesisQueue lang={lang} mayRetry={me.roles.some((role) => role === 'admin' || role === 'editor')} />
    </section>
  );
}
