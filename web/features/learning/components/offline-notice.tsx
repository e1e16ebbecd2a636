// What the learning views say about learning without a network (ADR 42): above every view, that the
// phone is offline and the learner's work will be sent, how many changes wait, and each change the
// server refused with its reason until the learner has seen it (nothing is dropped silently); above
// a quiz, the scores of answers given offline once the server has scored them.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { LANGUAGES, type LanguageCode } from '../../../../contract/languages';
import type { OutboxEvent } from '../../../../contract/outbox';
import { localMessage } from '../../../i18n/server-messages';
import type { CourseView } from '../../../lib/course/course-views';
import type { LearningPaths } from '../../../lib/learning-paths';
import { dismiss } from '../../../lib/offline/outbox';
import { useOnline, useOutbox } from '../../../lib/offline/use-outbox';
import { useQuizMessage } from './learning-articles';

/** The title of what an event changed, when the course names it. */
function titleOf(course: CourseView, event: OutboxEvent): string | undefined {
  switch (event.kind) {
    case 'lessonCompleted':
      return course.chapters.flatMap((c) => c.lessons).find((l) => l.id === event.lessonId)?.title;
    case 'videoWatched':
      return course.videos.find((v) => v.id === event.videoId)?.title;
    case 'quizSubmitted':
      return course.quizzes.find((q) => q.id === event.quizId)?.title;
    default:
      return undefined;
  }
}

export function OfflineNotice({ course, paths }: { course: CourseView; paths: LearningPaths }) {
  const { t } = useTranslation('learning');
  const online = useOnline();
  const { waiting, refused } = useOutbox();
  const mine = waiting.filter((e) => e.lang === course.lang && e.courseId === course.id).length;
  if (online && waiting.length === 0 && refused.length === 0) return null;
  return (
    <div className="offline-notice" data-testid="offline-notice">
      {(!online || waiting.length > 0) && (
        <p role="status" className="offline-notice__state">
          {online ? t('offline.away.sending') : t('offline.away.offline')}{' '}
          {waiting.length > 0 && (
            <strong data-testid="offline-waiting">
              {t('offline.away.waiting', { count: mine || waiting.length })}
            </strong>
          )}
        </p>
      )}
      {refused.length > 0 && (
        <div role="alert" className="offline-notice__refused">
          <p>{t('offline.away.refusedTitle')}</p>
          <ul>
            {refused.map(({ event, refusal }) => {
              const title = event.courseId === course.id ? titleOf(course, event) : undefined;
              return (
                <li key={event.id}>
                  <span>
                    {t(`offline.away.kind.${event.kind}`)}
                    {title ? ` (${title})` : ''}: {localMessage(refusal)}
                  </span>{' '}
                  {event.kind === 'journalSaved' && refusal.code === 'journalChangedElsewhere' ? (
                    <Link to={paths.courseJournal(event.lang as LanguageCode, event.courseId)}>
                      {t('offline.away.chooseJournal')}
                    </Link>
                  ) : (
                    <button type="button" className="btn btn--ghost" onClick={() => void dismiss(event.id)}>
                      {t('offline.away.dismiss')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Above a quiz: answers given offline waiting to be scored, then their scores once the server has them. */
export function QuizScoredOffline({ quizId }: { quizId: string }) {
  const { t, i18n } = useTranslation('learning');
  const message = useQuizMessage();
  const { waiting, scored } = useOutbox();
  // Answers given before this view opened (the player says so itself of the ones given in it).
  const [opened] = useState(() => new Date().toISOString());
  const waits = waiting.some((e) => e.kind === 'quizSubmitted' && e.quizId === quizId && e.occurredAt < opened);
  const results = scored.filter((s) => s.quizId === quizId);
  if (!waits && results.length === 0) return null;
  const time = (iso: string) =>
    new Date(iso).toLocaleString(LANGUAGES[i18n.language as LanguageCode]?.bcp47 ?? 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  return (
    <div className="offline-notice" data-testid="quiz-offline">
      {waits && <p role="status">{t('offline.away.quizWaiting')}</p>}
      {results.map(({ eventId, occurredAt, result }) => (
        <p key={eventId} role="status" className="offline-notice__scored">
          <strong>{t('offline.away.quizScored', { time: time(occurredAt) })}</strong> {message(result)}{' '}
          <button type="button" className="btn btn--ghost" onClick={() => void dismiss(eventId)}>
            {t('offline.away.dismiss')}
          </button>
        </p>
      ))}
    </div>
  );
}
