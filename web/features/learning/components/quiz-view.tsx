// A course quiz through the shared quiz player: intro -> questions -> result. The answers go to
// the server when the learner submits (the correct options never reach the browser); Retake
// starts again at the intro.
import { Navigate } from 'react-router';
import type { LanguageCode } from '../../../../contract/languages';
import { isNotFound } from '../../../lib/api-client';
import { localMessage } from '../../../i18n/server-messages';
import { QueryState } from '../../../components/query-state';
import type { QuizAnswers, QuizResult } from '../../../components/quiz-player/quiz-player';
import { useLearnerProgress } from '../api/learner-progress';
import { useQuiz } from '../api/chapter-quiz';
import { useSubmitQuiz } from '../api/progress';
import { completion } from '../../../lib/course/course-items';
import { EnrolOffer } from './enrol-offer';
import { QuizArticle, useQuizMessage } from './learning-articles';
import type { LearningPaths } from '../../../lib/learning-paths';
import { NextStep } from './next-step';
import { useLearnerDataFollows } from '../../../lib/learner-data';
import { useTranslation } from '../../../i18n/react';
import { QuizScoredOffline } from './offline-notice';

export function QuizView({
  lang,
  courseId,
  quizId,
  paths,
}: {
  lang: LanguageCode;
  courseId: string;
  quizId: string;
  paths: LearningPaths;
}) {
  const { t } = useTranslation('learning');
  const message = useQuizMessage();
  const quiz = useQuiz(lang, courseId, quizId);
  const progress = useLearnerProgress(lang, courseId);
  const submit = useSubmitQuiz(lang, courseId, quizId);
  // Rendered for any learner, the questions are drawn at once and the learner's own note follows.
  const learnerDataFollows = useLearnerDataFollows();

  // The specification: a quiz that cannot be loaded sends the learner to the home page.
  if (isNotFound(quiz.error)) return <Navigate to={paths.home()} replace />;
  // Drawn once the learner's progress is known too: the enrol offer and the "passed" note arriving
  // after the questions would push them down.
  if (!quiz.data || (progress.isPending && !learnerDataFollows)) {
    return (
      <QueryState
        isPending={quiz.isPending || progress.isPending}
        isError={quiz.isError}
        refetch={() => void quiz.refetch()}
        minHeight="screen"
      />
    );
  }
  const q = quiz.data;
  const passedBefore = completion(progress.data).quizzes.has(q.id);

  const onSubmit = async (answers: QuizAnswers): Promise<QuizResult> => {
    try {
      const answer = await submit.mutateAsync({
        answers: q.questions.map((question) => ({
          questionId: question.id,
          selectedOptions: answers[question.id] ?? [],
        })),
      });
      // Answered without a network: scored once it reaches the server (the phone holds no correct
      // answers); the score then shows above the quiz (QuizScoredOffline).
      if (!answer.sent) return { score: 0, waiting: true, message: t('offline.away.quizWaiting') };
      const result = answer.sent;
      return { score: result.score, passed: result.passed, message: message(result), review: result.review };
    } catch (error) {
      // The player shows this message where the result would be, and keeps the answers for a retry.
      throw new Error(localMessage(error as Error), { cause: error });
    }
  };

  return (
    <QuizArticle
      quiz={q}
      passedBefore={passedBefore}
      onSubmit={onSubmit}
      before={
        <>
          <QuizScoredOffline quizId={q.id} />
          {progress.isSuccess && progress.data === null && <EnrolOffer lang={lang} courseId={courseId} />}
        </>
      }
      next={<NextStep lang={lang} courseId={courseId} current={q.id} paths={paths} />}
    />
  );
}
