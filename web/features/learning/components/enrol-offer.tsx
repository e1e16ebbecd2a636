// A learning view of a course the learner has not joined: what they do here would not be kept, so
// the view says so and offers to enrol right there (with the lesson's own step when it has one:
// "Enroll and mark as complete").
import { useTranslation } from '../../../i18n/react';
import type { LanguageCode } from '../../../../contract/languages';
import { ApiError } from '../../../lib/api-client';
import { localMessage } from '../../../i18n/server-messages';
import { notify } from '../../../components/notifications';
import { useEnrolOrKeep } from '../api/progress';

export function EnrolOffer({
  lang,
  courseId,
  actionLabel,
  then,
}: {
  lang: LanguageCode;
  courseId: string;
  /** The button's words when enrolling also does this view's step; "Enroll" otherwise. */
  actionLabel?: string;
  /** This view's step, run once enrolled. */
  then?: () => void;
}) {
  const { t } = useTranslation('learning');
  const enrol = useEnrolOrKeep(lang, courseId);
  return (
    <div className="enrol-offer card" role="region" aria-label={t('enroll')}>
      <p>{t('notEnrolledYet')}</p>
      <button
        type="button"
        className="btn"
        disabled={enrol.isPending}
        aria-busy={enrol.isPending}
        onClick={() =>
          enrol.mutate(undefined, {
            onSuccess: (answer) => {
              notify({ status: 200, message: answer.sent ? localMessage(answer.sent) : t('offline.away.keptOnPhone') });
              then?.();
            },
            onError: (error) =>
              notify({ status: error instanceof ApiError ? error.status : 500, message: localMessage(error) }),
          })
        }
      >
        {actionLabel ?? t('enroll')}
      </button>
    </div>
  );
}
