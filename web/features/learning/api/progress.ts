// The learner's progress calls of the learning views: completions, quiz answers and the journal
// (the record and enrolling are shared with the course page: web/lib/course/progress.ts). Without a
// network each change is kept in the phone's outbox and sent when the network returns (ADR 42): the
// answer then says `kept` instead of the server's `sent`.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '../../../../contract/languages';
import type { JournalResponse, QuizSubmission } from '../../../../contract/progress';
import { api, ApiError } from '../../../lib/api-client';
import { learningKeys } from '../../../lib/course/keys';
import { useProgressChange } from '../../../lib/course/progress';
import { cameFromPhone, keepJournal, keptJournal, markedEmptyJournal } from '../../../lib/offline/learner-state';
import { sendOrKeep } from '../../../lib/offline/use-outbox';

/** Enrols from a learning view; without a network, kept in the outbox like the view's other changes. */
export function useEnrolOrKeep(lang: LanguageCode, courseId: string) {
  const change = useProgressChange(lang, courseId);
  return useMutation({
    ...change,
    mutationFn: () =>
      sendOrKeep(() => api.post('/api/progress/{lang}/{courseId}', { path: { lang, courseId } }), {
        kind: 'enrolled',
        lang,
        courseId,
      }),
  });
}

export function useCompleteLesson(lang: LanguageCode, courseId: string) {
  const change = useProgressChange(lang, courseId);
  return useMutation({
    ...change,
    mutationFn: ({ chapterId, lessonId }: { chapterId: string; lessonId: string }) =>
      sendOrKeep(
        () =>
          api.post('/api/progress/{lang}/{courseId}/chapters/{chapterId}/lessons/{lessonId}/complete', {
            path: { lang, courseId, chapterId, lessonId },
          }),
        { kind: 'lessonCompleted', lang, courseId, chapterId, lessonId },
      ),
  });
}

export function useCompleteVideo(lang: LanguageCode, courseId: string) {
  const change = useProgressChange(lang, courseId);
  return useMutation({
    ...change,
    mutationFn: (videoId: string) =>
      sendOrKeep(
        () =>
          api.post('/api/progress/{lang}/{courseId}/videos/{videoId}/complete', { path: { lang, courseId, videoId } }),
        { kind: 'videoWatched', lang, courseId, videoId },
      ),
  });
}

export function useSubmitQuiz(lang: LanguageCode, courseId: string, quizId: string) {
  const change = useProgressChange(lang, courseId);
  return useMutation({
    ...change,
    mutationFn: (body: QuizSubmission) =>
      sendOrKeep(
        () =>
          api.post('/api/progress/{lang}/{courseId}/quiz/{quizId}/complete', {
            path: { lang, courseId, quizId },
            body,
          }),
        { kind: 'quizSubmitted', lang, courseId, quizId, answers: body.answers },
      ),
  });
}

const journalOf = (data: JournalResponse) => ({ ...data.journal, fromPhone: cameFromPhone(data.journal) });

/** The journal as the server has it; without a network, as it had it when last read (a saved course). */
export function useJournal(lang: LanguageCode, courseId: string) {
  return useQuery({
    queryKey: learningKeys.journal(lang, courseId),
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.get('/api/progress/{lang}/{courseId}/journal', { path: { lang, courseId }, signal });
        void keepJournal(lang, courseId, answer.journal).catch(() => undefined);
        return answer;
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) {
          // None kept (never read online): written over "no journal yet"; if the server has one,
          // the save is refused as changed elsewhere and the learner sees both texts (ADR 42).
          return { journal: (await keptJournal(lang, courseId)) ?? markedEmptyJournal() };
        }
        throw error;
      }
    },
    select: journalOf,
    staleTime: 0,
  });
}

/** Saves the journal; without a network, kept to be saved over the version the phone last had (`basedOn`). */
export function useSaveJournal(lang: LanguageCode, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ text, basedOn }: { text: string; basedOn: string | null }) =>
      sendOrKeep(
        () => api.put('/api/progress/{lang}/{courseId}/journal', { path: { lang, courseId }, body: { text } }),
        {
          kind: 'journalSaved',
          lang,
          courseId,
          text,
          basedOn,
        },
      ),
    onSuccess: (data) => {
      if (data.sent) client.setQueryData(learningKeys.journal(lang, courseId), { journal: data.sent.journal });
    },
  });
}
