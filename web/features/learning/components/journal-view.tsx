// The reflection journal: the course's prompt, the learner's own text and Save. Every keystroke is
// kept as a draft in this browser, so a failed save, a lost connection or a closed tab loses
// nothing; the draft is dropped once the server has the same text.
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import type { LanguageCode } from '../../../../contract/languages';
import { ApiError } from '../../../lib/api-client';
import { localMessage } from '../../../i18n/server-messages';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { useCourse } from '../../../lib/course/courses';
import { useJournal, useSaveJournal } from '../api/progress';
import { EnrolOffer } from './enrol-offer';
import { ConclusionArticle, JournalForm } from './learning-articles';
import type { LearningPaths } from '../../../lib/learning-paths';
import { NextStep } from './next-step';

const draftKey = (lang: string, courseId: string) => `jgk_journal_draft_${lang}_${courseId}`;

function readDraft(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeDraft(key: string, text: string | null) {
  try {
    if (text === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, text);
  } catch {
    // Storage may be full or unavailable; the text is still in the page.
  }
}

export function JournalView({ lang, courseId, paths }: { lang: LanguageCode; courseId: string; paths: LearningPaths }) {
  const { t } = useTranslation('learning');
  const course = useCourse(lang, courseId);
  const journal = useJournal(lang, courseId);
  const save = useSaveJournal(lang, courseId);
  const key = draftKey(lang, courseId);
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  // The text starts from the draft when there is one, else from what the server has.
  useEffect(() => {
    if (text !== null || !journal.data) return;
    setText(readDraft(key) ?? journal.data.text);
    setSaved(journal.data.text);
  }, [journal.data, key, text]);

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
  return (
    <ConclusionArticle
      part="journal"
      text={course.data.journal}
      next={<NextStep lang={lang} courseId={courseId} current="journal" paths={paths} />}
    >
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
          status={dirty ? t('unsaved') : saved ? t('savedNote') : ''}
          onChange={(next) => {
            setText(next);
            writeDraft(key, next);
          }}
          onSave={() =>
            save.mutate(value, {
              onSuccess: (answer) => {
                setSaved(answer.journal.text);
                writeDraft(key, null);
                notify({ status: 200, message: t('reflectionSaved', { ns: 'messages' }) });
              },
              onError: (error) =>
                notify({
                  status: error instanceof ApiError ? error.status : 500,
                  message:
                    `${t('journalFailed', { ns: 'messages' })} ${error instanceof ApiError && error.status !== 0 ? localMessage(error) : ''}`.trim(),
                }),
            })
          }
        />
      )}
    </ConclusionArticle>
  );
}
