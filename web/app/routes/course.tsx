import { useCallback } from 'react';
import { useParams } from 'react-router';
import { CourseDetail } from '../../features/courses/components/course-detail';
import { ConsentStep } from '../../features/profile/components/consent-gate';
import { useSession } from '../../lib/session';
import { paths } from '../paths';
import { preloadPage } from '../router';
import { isLanguageCode } from '../../../contract/languages';

/**
 * A course saved on the phone opens offline in its learning views even if they were never opened:
 * their code and words are fetched (the service worker keeps them, ADR 43), and the learner's
 * session, profile, progress and journal are kept sealed on the phone (web/lib/offline/, ADR 42),
 * each time its page finds it saved with a network (saved here, or opened from a shared file).
 */
function keepLearningOffline(lang: string, courseId: string) {
  if (!isLanguageCode(lang)) return;
  preloadPage(paths.courseJournal(lang, courseId));
  void import('../../lib/offline/learner-state')
    .then((offline) => offline.keepForOffline(lang, courseId))
    .catch((error: unknown) => console.info('the learner state was not kept for offline', error));
}

export function Component() {
  const { lang = '', courseId = '' } = useParams();
  const { signedIn, loading } = useSession();
  const keepOffline = useCallback(() => keepLearningOffline(lang, courseId), [lang, courseId]);
  return (
    <CourseDetail
      key={`${lang}/${courseId}`}
      lang={lang}
      courseId={courseId}
      signedIn={signedIn}
      sessionPending={loading}
      paths={paths}
      // A minor's parent or guardian agrees here before the first enrolment.
      consentStep={<ConsentStep />}
      onSavedOffline={keepOffline}
    />
  );
}
