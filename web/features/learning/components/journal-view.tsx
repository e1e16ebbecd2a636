// The reflection journal: the course's prompt, the learner's own text and Save. Every keystroke is
// kept as a draft on the phone, sealed (web/lib/offline/), so a failed save, a lost connection or a
// closed tab loses nothing; the draft is dropped once the server has the same text. Without a network
// Save keeps the text in the phone's outbox, to be saved over the version the phone last had; if the
// journal was changed meanwhile on another device, the learner sees both texts and chooses (ADR 42).
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import type { LanguageCode } from '../../../../contract/languages';
import { ApiError } from '../../../lib/api-client';
import { localMessage } from '../../../i18n/server-messages';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { useCourse } from '../../../lib/course/courses';
import { readDraft, writeDraft } from '../../../lib/offline/learner-state';
import { dismiss } from '../../../lib/offline/outbox';
import type { RefusedChange } from '../../../lib/offline/outbox-rules';
import { useOutbox } from '../../../lib/offline/use-outbox';
import { useJournal, useSaveJournal } from '../api/progress';
import { EnrolOffer } from './enrol-offer';
import { ConclusionArticle, JournalForm } from './learning-articles';
import type { LearningPaths } from '../../../lib/learning-paths';
import { NextStep } from './next-step';

/** Where drafts were kept before they were sealed: read once, moved into the sealed store, removed. */
const plainDraftKey = (lang: string, courseId: string) => `jgk_journal_draft_${lang}_${courseId}`;

async function draftOf(lang: string, courseId: string): Promise<string | null> {
  let plain: string | null = null;
  try {
    plain = window.localStorage.getItem(plainDraftKey(lang, courseId));
    window.localStorage.removeItem(plainDraftKey(lang, courseId));
  } catch {
    // No storage: nothing was kept there.
  }
  if (plain !== null) await writeDraft(lang, courseId, plain);
  return plain ?? (await readDraft(lang, courseId)) ?? null;
}

/** The journal saved from the phone was changed meanwhile on another device: both texts, and the learner chooses. */
function JournalChoice({
  conflict,
  onKeepMine,
  onKeepOther,
}: {
  conflict: RefusedChange;
  onKeepMine: (mine: string, basedOn: string | null) => void;
  onKeepOther: (other: string) => void;
}) {
  const { t } = useTranslation('learning');
  const mine = conflict.event.kind === 'journalSaved' ? conflict.event.text : '';
  const other = conflict.journal;
  return (
    <section className="journal-choice card" role="alert" aria-labelledby="journal-choice-title">
      <h2 id="journal-choice-title" className="journal-choice__title">
        {t('offline.away.journalConflict')}
      </h2>
      <div className="journal-choice__texts">
        <figure>
          <figcaption>{t('offline.away.yourText')}</figcaption>
          <blockquote className="journal-choice__text">{mine}</blockquote>
        </figure>
        <figure>
          <figcaption>{t('offline.away.otherText')}</figcaption>
          <blockquote className="journal-choice__text">{other?.text ?? ''}</blockquote>
        </figure>
      </div>
      <div className="journal-choice__actions">
        <button type="button" className="btn" onClick={() => onKeepMine(mine, other?.updatedAt ?? null)}>
          {t('offline.away.keepMine')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => onKeepOther(other?.text ?? '')}>
          {t('offline.away.keepOther')}
        </button>
      </div>
    </section>
  );
}

export function JournalView({ lang, courseId, paths }: { lang: LanguageCode; courseId: string; paths: LearningPaths }) {
  const { t } = useTranslation('learning');
  const course = useCourse(lang, courseId);
  const journal = useJournal(lang, courseId);
  const save = useSaveJournal(lang, courseId);
  const { waiting, refused } = useOutbox();
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [draft, setDraft] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void draftOf(lang, courseId).then((kept) => {
      if (live) setDraft(kept);
    });
    return () => {
      live = false;
    };
  }, [lang, courseId]);

  // The text starts from the draft when there is one, else from what the server has.
  useEffect(() => {
    if (text !== null || !journal.data || draft === undefined) return;
    setText(draft ?? journal.data.text);
    setSaved(journal.data.text);
  }, [journal.data, draft, text]);

  // The server has the draft's text (a save from the outbox arrived): the draft has done its work.
  useEffect(() => {
    if (!journal.data || journal.data.fromPhone) return;
    setSaved(journal.data.text);
    if (draft != null && draft === journal.data.text) {
      void writeDraft(lang, courseId, null);
      setDraft(null);
    }
  }, [journal.data, draft, lang, courseId]);

  const conflict = refused.find(
    (r) =>
      r.event.kind === 'journalSaved' &&
      r.event.lang === lang &&
      r.event.courseId === courseId &&
      r.refusal.code === 'journalChangedElsewhere',
  );
  const sending = waiting.some((e) => e.kind === 'journalSaved' && e.lang === lang && e.courseId === courseId);

  if (!course.data)
    return (
      <QueryState
        isPending={course.isPending}
        isError={course.isError}
        refetch={() => void course.refetch()}
        minHeight="screen"
      />
    );
  if (!course.data.journal) return <Navigate to={paths.course(lang, courseId)} replace />;

  const value = text ?? '';
  const notEnrolled = journal.error instanceof ApiError && journal.error.code === 'notEnrolled';
  const dirty = text !== null && text !== saved;

  const send = (next: string, basedOn: string | null) =>
    save.mutate(
      { text: next, basedOn },
      {
        onSuccess: (answer) => {
          if (answer.sent) {
            setSaved(answer.sent.journal.text);
            void writeDraft(lang, courseId, null);
            setDraft(null);
            notify({ status: 200, message: t('reflectionSaved', { ns: 'messages' }) });
          } else {
            void writeDraft(lang, courseId, next);
            setDraft(next);
            notify({ status: 200, message: t('offline.away.journalKept') });
          }
        },
        onError: (error) =>
          notify({
            status: error instanceof ApiError ? error.status : 500,
            message:
              `${t('journalFailed', { ns: 'messages' })} ${error instanceof ApiError && error.status !== 0 ? localMessage(error) : ''}`.trim(),
          }),
      },
    );

  return (
    <ConclusionArticle
      part="journal"
      text={course.data.journal}
      next={<NextStep lang={lang} courseId={courseId} current="journal" paths={paths} />}
    >
      {conflict && (
        <JournalChoice
          conflict={conflict}
          onKeepMine={(mine, basedOn) => {
            setText(mine);
            send(mine, basedOn);
            void dismiss(conflict.event.id);
          }}
          onKeepOther={(other) => {
            setText(other);
            setSaved(other);
            void writeDraft(lang, courseId, null);
            setDraft(null);
            void dismiss(conflict.event.id);
          }}
        />
      )}
      {notEnrolled ? (
        // The journal belongs to an enrolment: enrolling here opens it.
        <EnrolOffer lang={lang} courseId={courseId} then={() => void journal.refetch()} />
      ) : journal.isError && text === null ? (
        <QueryState isPending={false} isError refetch={() => void journal.refetch()} minHeight={120} />
      ) : (
        <JournalForm
          value={value}
          ready={text !== null}
          saving={save.isPending}
          status={sending ? t('offline.away.journalKept') : dirty ? t('unsaved') : saved ? t('savedNote') : ''}
          onChange={(next) => {
            setText(next);
            void writeDraft(lang, courseId, next);
          }}
          onSave={() => send(value, journal.data?.updatedAt ?? null)}
        />
      )}
    </ConclusionArticle>
  );
}
