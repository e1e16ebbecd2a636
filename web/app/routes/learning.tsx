// Every learning view (chapter, lesson, video, quiz, quiz demo, summary, journal) inside the
// course sidebar, for a signed-in learner whose guardian has agreed when they are under 18.
// `Layout` is the frame (a layout route: it stays mounted from one view to the next); each view is
// its own export, named by its page in app/pages.ts.
import { Outlet, useParams } from 'react-router';
import { isLanguageCode, type LanguageCode } from '../../../contract/languages';
import { LearningShell } from '../../features/learning/components/learning-shell';
import { usePrefetchLearningView } from '../../features/learning/api/prefetch';
import { useSession } from '../../lib/session';
import { ChapterView } from '../../features/learning/components/chapter-view';
import { VideoView } from '../../features/learning/components/video-view';
import { QuizView } from '../../features/learning/components/quiz-view';
import { SummaryView } from '../../features/learning/components/summary-view';
import { JournalView } from '../../features/learning/components/journal-view';
import { QuizDemo as SampleQuiz } from '../../features/quiz-demo/components/quiz-demo';
import { ConsentGate } from '../../features/profile/components/consent-gate';
import { ReadAloudProvider } from '../../features/read-aloud/components/read-aloud';
import { RequireLearner } from '../require-learner';
import { useMe } from '../../features/profile/api/profile';
import { useProgress } from '../../lib/course/progress';
import { useKeptLearner } from '../../lib/offline/use-kept-learner';
import { paths } from '../paths';

export function Layout() {
  const { lang = '', courseId = '', chapterId, quizId } = useParams();
  const { signedIn, user } = useSession();
  const courseLang = isLanguageCode(lang) ? lang : 'en';
  usePrefetchLearningView(courseLang, courseId, { chapterId, quizId, signedIn });
  // A course saved on the phone keeps what its views need offline: who is signed in and their
  // profile (the consent gate reads it), and the course's progress (ADR 42).
  const me = useMe(signedIn);
  const progress = useProgress(courseLang, courseId, signedIn);
  useKeptLearner(courseLang, courseId, { session: user, profile: me.data, progress: progress.data });
  return (
    <RequireLearner>
      <ConsentGate>
        <LearningShell lang={lang} courseId={courseId} paths={paths}>
          <ReadAloudProvider lang={isLanguageCode(lang) ? lang : 'en'} courseId={courseId}>
            <Outlet />
          </ReadAloudProvider>
        </LearningShell>
      </ConsentGate>
    </RequireLearner>
  );
}

/** The course's language and id from the address, and the URLs the views link to. */
function useCourseParams(): { lang: LanguageCode; courseId: string; paths: typeof paths } {
  const { lang = '', courseId = '' } = useParams();
  // The shell has already sent an unknown language home; this only narrows the type.
  return { lang: isLanguageCode(lang) ? lang : 'en', courseId, paths };
}

export function Chapter() {
  const { chapterId = '' } = useParams();
  return <ChapterView key={chapterId} {...useCourseParams()} chapterId={chapterId} />;
}

export function Lesson() {
  const { chapterId = '', lessonId = '' } = useParams();
  return (
    <ChapterView key={`${chapterId}/${lessonId}`} {...useCourseParams()} chapterId={chapterId} lessonId={lessonId} />
  );
}

export function Video() {
  const { videoId = '' } = useParams();
  return <VideoView key={videoId} {...useCourseParams()} videoId={videoId} />;
}

export function Quiz() {
  const { quizId = '' } = useParams();
  return <QuizView key={quizId} {...useCourseParams()} quizId={quizId} />;
}

/** The sample quiz as a learning view: the page's main content, so its title is the h1. */
export function QuizDemo() {
  return <SampleQuiz headingLevel={1} />;
}

export function Summary() {
  return <SummaryView {...useCourseParams()} />;
}

export function Journal() {
  return <JournalView {...useCourseParams()} />;
}
