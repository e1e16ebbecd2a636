// The learner's progress in a course as the learning views show it: the server's record (or, without
// a network, the one kept on the phone for a saved course) with the changes still waiting in the
// phone's outbox, so a lesson marked complete offline shows done at once (ADR 42).
import { useMemo } from 'react';
import type { LanguageCode } from '../../../../contract/languages';
import { useProgress } from '../../../lib/course/progress';
import { withWaiting } from '../../../lib/offline/outbox-rules';
import { useOutbox } from '../../../lib/offline/use-outbox';

export function useLearnerProgress(lang: LanguageCode, courseId: string) {
  const progress = useProgress(lang, courseId, true);
  const { waiting } = useOutbox();
  const data = useMemo(
    () => withWaiting(progress.data, waiting, lang, courseId),
    [progress.data, waiting, lang, courseId],
  );
  return {
    data,
    isPending: progress.isPending && data === undefined,
    isSuccess: progress.isSuccess || data !== undefined,
    refetch: progress.refetch,
  };
}
