// Every learning view (chapter, lesson, video, quiz, quiz demo, summary, journal) inside the
// course sidebar, for a signed-in learner whose guardian has agreed when they are under 18.
import { useLocation, useParams } from 'react-router';
import { isLanguageCode } from '../../../contract/languages';
import { LearningShell } from '../../features/learning/components/learning-shell';
import { ChapterView } from '../../features/learning/components/chapter-view';
import { VideoView } from '../../features/learning/components/video-view';
import { QuizView } from '../../features/learning/components/quiz-view';
import { SummaryView } from '../../features/learning/components/summary-view';
import { JournalView } from '../../features/learning/components/journal-view';
import { QuizDemo } from '../../features/quiz-demo/components/quiz-demo';
import { ConsentGate } from '../../features/profile/components/guardian-consent';
import { RequireLearner } from '../require-learner';
import { paths } from '../paths';

function View() {
  const { lang: langParam = '', courseId = '', chapterId, lessonId, quizId, videoId } = useParams();
  const { pathname } = useLocation();
  const lang = isLanguageCode(langParam) ? langParam : 'en';
  const common = { lang, courseId, paths };
  if (chapterId) return <ChapterView key={`${chapterId}/${lessonId ?? ''}`} {...common} chapterId={chapterId} lessonId={lessonId} />;
  if (videoId) return <VideoView key={videoId} {...common} videoId={videoId} />;
  if (quizId && pathname.includes('/quiz_demo/')) return <QuizDemo />;
  if (quizId) return <QuizView key={quizId} {...common} quizId={quizId} />;
  if (pathname.endsWith('/journal')) return <JournalView {...common} />;
  return <SummaryView {...common} />;
}

export function Component() {
  const { lang = '', courseId = '' } = useParams();
  return (
    <RequireLearner>
      <ConsentGate>
        <LearningShell lang={lang} courseId={courseId} paths={paths}>
          <View />
        </LearningShell>
      </ConsentGate>
    </RequireLearner>
  );
}
