// Keeps on the phone, sealed, what the learning views of a saved course need offline, each time the
// server gives it: who is signed in, their profile and the course's progress (learner-state.ts).
// Nothing for a course not saved on the phone; never what was itself answered from the phone.
import { useEffect, useState } from 'react';
import type { SessionUser } from '../../../contract/auth';
import type { LanguageCode } from '../../../contract/languages';
import type { ProgressRecord } from '../../../contract/progress';
import type { UserProfile } from '../../../contract/users';
import { STAND_IN_LEARNER } from '../learner-data';
import { cameFromPhone, isSavedHere, keepLearner, keepProgress } from './learner-state';

export function useKeptLearner(
  lang: LanguageCode,
  courseId: string,
  {
    session,
    profile,
    progress,
  }: { session: SessionUser | null; profile?: UserProfile; progress?: ProgressRecord | null },
): void {
  // The learner the phone's data was claimed for: the progress is kept only after, since claiming
  // for another learner deletes what was kept before.
  const [claimed, setClaimed] = useState<string>();
  useEffect(() => {
    // The stand-in of a page rendered for any learner is nobody's session.
    if (!session?.active || session === STAND_IN_LEARNER || !profile) return;
    if (cameFromPhone(session) || cameFromPhone(profile)) return;
    void isSavedHere(lang, courseId)
      .then(async (saved) => {
        if (!saved) return;
        await keepLearner(session, profile);
        setClaimed(profile.id);
      })
      .catch(() => undefined);
  }, [lang, courseId, session, profile]);
  useEffect(() => {
    if (!claimed || progress === undefined || cameFromPhone(progress)) return;
    void keepProgress(lang, courseId, progress).catch(() => undefined);
  }, [lang, courseId, progress, claimed]);
}
