// The learning views' markup, given their data: a chapter's lessons, a lesson, a video, a quiz, the
// summary or journal, and "Previous" and "Next" below them. The views (chapter-view.tsx,
// video-view.tsx, ...) read the data from the API and add the learner's steps (Mark as complete,
// the enrol offer, a quiz's submission to the server); the console's preview of a draft gives the
// draft's answers and records nothing.
import { useId, type ReactNode, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import type { CourseVideo, LessonFull } from '../../../../contract/courses';
import type { LanguageCode } from '../../../../contract/languages';
import { JOURNAL_MAX_LENGTH } from '../../../../contract/learning-rules';
import { fileUrl } from '../../../lib/api-client';
import { clearNotifications } from '../../../components/notifications';
import { RichText } from '../../../components/rich-text';
import { QuizPlayer, type QuizAnswers, type QuizResult } from '../../../components/quiz-player/quiz-player';
import type { ChapterContent, QuizView } from '../../../lib/course/course-views';
import type { LearningItem } from '../../../lib/course/course-items';
import type { LearningPaths } from '../../../lib/learning-paths';
import { ListenHere } from '../../../components/course/listen-slot';

/** A chapter: its lessons listed (with check marks for the ones in `doneLessons`) and Start. */
export function ChapterLessons({
  chapter: c,
  lang,
  courseId,
  paths,
  doneLessons,
}: {
  chapter: ChapterContent;
  lang: LanguageCode;
  courseId: string;
  paths: LearningPaths;
  /** `chapterId::lessonId` of the lessons completed. */
  doneLessons?: ReadonlySet<string>;
}) {
  const { t } = useTranslation('learning');
  return (
    <section className="view" aria-labelledby="view-title">
      <p className="eyebrow">{t('chapter')}</p>
      <h1 id="view-title" className="view__title">
        {c.title}
      </h1>
      <ol className="course__rows">
        {c.lessons.map((lesson, index) => (
          <li key={lesson.id}>
            <Link className="course__row" to={paths.lesson(lang, courseId, c.id, lesson.id)}>
              <span className="course__row-number">{doneLessons?.has(`${c.id}::${lesson.id}`) ? '✓' : index + 1}</span>
              <span>
                <strong>{lesson.title}</strong>
                <span className="course__row-meta">{t('minutes', { count: lesson.duration })}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
      {c.lessons[0] && (
        <Link className="btn" to={paths.lesson(lang, courseId, c.id, c.lessons[0].id)}>
          {t('startChapter')}
        </Link>
      )}
    </section>
  );
}

/** A lesson: its chapter, title, duration and text; `actions` below the text, then `next`. */
export function LessonArticle({
  chapterTitle,
  lesson,
  actions,
  next,
}: {
  chapterTitle: string;
  lesson: LessonFull;
  actions: ReactNode;
  next: ReactNode;
}) {
  const { t } = useTranslation('learning');
  return (
    <article className="view" aria-labelledby="view-title">
      <p className="eyebrow">{chapterTitle}</p>
      <h1 id="view-title" className="view__title">
        {lesson.title}
      </h1>
      <p className="view__meta">{t('minutes', { count: lesson.duration })}</p>
      <ListenHere texts={[{ elementId: lesson.id, field: 'content', textId: `lesson-text-${lesson.id}` }]} />
      <RichText
        id={`lesson-text-${lesson.id}`}
        html={lesson.content}
        videoLabel={t('video')}
        playLabel={t('playVideo')}
        className="lesson__content"
      />
      <div className="view__actions">{actions}</div>
      {next}
    </article>
  );
}

/** A course video in the browser's own player; `status` below it (watched, or the hint), then `next`. */
export function VideoArticle({
  video,
  onEnded,
  status,
  next,
}: {
  video: CourseVideo;
  onEnded?: (event: SyntheticEvent<HTMLVideoElement>) => void;
  status: ReactNode;
  next: ReactNode;
}) {
  const { t } = useTranslation('learning');
  return (
    <article className="view" aria-labelledby="view-title">
      <p className="eyebrow">{t('video')}</p>
      <h1 id="view-title" className="view__title">
        {video.title}
      </h1>
      <video
        className="video-player"
        controls
        preload="metadata"
        playsInline
        poster={video.poster ? fileUrl(video.poster) : undefined}
        onEnded={onEnded}
        src={fileUrl(video.video)}
      >
        <a href={fileUrl(video.video)} download>
          {t('downloadVideo')}
        </a>
      </video>
      {video.description && <p>{video.description}</p>}
      {status}
      {next}
    </article>
  );
}

/** A course quiz in the shared quiz player, scored by `onSubmit`; `before` above it (the enrol offer), then `next`. */
export function QuizArticle({
  quiz: q,
  passedBefore = false,
  onSubmit,
  before,
  next,
}: {
  quiz: QuizView;
  passedBefore?: boolean;
  onSubmit: (answers: QuizAnswers) => Promise<QuizResult>;
  before?: ReactNode;
  next: ReactNode;
}) {
  const { t } = useTranslation('learning');
  return (
    <div className="view">
      {before}
      <QuizPlayer
        key={q.id}
        title={q.title}
        description={
          <p>
            {t('quizIntro', { passing: q.passingCriteria })}
            {passedBefore && <strong className="done-note"> ✓ {t('quizAlreadyPassed')}</strong>}
          </p>
        }
        questions={q.questions}
        onSubmit={onSubmit}
        headingLevel={1}
        listen={(texts, size) => <ListenHere texts={texts} compact={size === 'compact'} />}
      />
      {next}
    </div>
  );
}

/** What a learner is told of a scored quiz. */
export function useQuizMessage() {
  const { t } = useTranslation('learning');
  return (result: { score: number; passed: boolean; passingCriteria: number }) =>
    result.passed
      ? t('quizPassed', { score: result.score })
      : t('quizFailed', { score: result.score, passing: result.passingCriteria });
}

/**
 * A view of the Conclusion group: the summary, or the reflection journal's prompt with `children`
 * (the learner's text) under it; then `next`.
 */
export function ConclusionArticle({
  part,
  text,
  children,
  next,
}: {
  part: 'summary' | 'journal';
  text: string;
  children?: ReactNode;
  next: ReactNode;
}) {
  const { t } = useTranslation('learning');
  return (
    <article className="view" aria-labelledby="view-title">
      <p className="eyebrow">{t('conclusion')}</p>
      <h1 id="view-title" className="view__title">
        {t(part)}
      </h1>
      {part === 'summary' && <ListenHere texts={[{ elementId: '', field: 'summary', textId: 'summary-text' }]} />}
      <RichText
        id={part === 'summary' ? 'summary-text' : undefined}
        html={text}
        videoLabel={t('video')}
        playLabel={t('playVideo')}
        className={part === 'summary' ? 'lesson__content' : 'journal__prompt'}
      />
      {children}
      {next}
    </article>
  );
}

/** The learner's text of the journal and Save; not `ready` (the text not read yet, or a preview) leaves both disabled. */
export function JournalForm({
  value,
  ready,
  saving = false,
  status = '',
  onChange,
  onSave,
}: {
  value: string;
  ready: boolean;
  saving?: boolean;
  /** Unsaved, or saved. */
  status?: string;
  onChange?: (text: string) => void;
  onSave?: () => void;
}) {
  const { t } = useTranslation('learning');
  const fieldId = useId();
  return (
    <form
      className="journal"
      onSubmit={(event) => {
        event.preventDefault();
        onSave?.();
      }}
    >
      <label htmlFor={fieldId} className="field__label">
        {t('journalLabel')}
      </label>
      <textarea
        id={fieldId}
        className="journal__text"
        rows={10}
        maxLength={JOURNAL_MAX_LENGTH}
        value={value}
        disabled={!ready}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <p className="view__meta" aria-live="polite">
        {status}
      </p>
      <button type="submit" className="btn" disabled={saving || !ready}>
        {saving ? t('saving') : t('save')}
      </button>
    </form>
  );
}

/** "Previous" and "Next" in the order of `items` (the sidebar's), from the item `current`; at the end, back to the course. */
export function NextStepLinks({
  items,
  current,
  coursePath,
}: {
  items: LearningItem[];
  current: string;
  coursePath: string;
}) {
  const { t } = useTranslation('learning');
  const index = items.findIndex((item) => item.id === current);
  const previous = index > 0 ? items[index - 1] : undefined;
  const next = index >= 0 ? items[index + 1] : items[0];
  return (
    <nav className="next-step" aria-label={t('moveOn')}>
      {previous ? (
        <Link className="btn btn--ghost" to={previous.path} onClick={clearNotifications}>
          ← {t('previousItem')}
          <span className="visually-hidden">: {previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link className="btn" to={next.path} onClick={clearNotifications}>
          {t('nextItem')} →<span className="visually-hidden">: {next.title}</span>
        </Link>
      ) : (
        <Link className="btn" to={coursePath}>
          {t('backToCourse')}
        </Link>
      )}
    </nav>
  );
}
