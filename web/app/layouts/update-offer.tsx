// The offer of a new version of the site (web/lib/service-worker.ts): a bar at the foot of the
// screen, never a reload on its own, so a learner mid-lesson chooses when.
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { takeUpdate, useUpdateReady } from '../../lib/service-worker';

export function UpdateOffer() {
  const { t } = useTranslation();
  const ready = useUpdateReady();
  const [dismissed, setDismissed] = useState(false);
  if (!ready || dismissed) return null;
  return (
    <div className="update-offer" role="status">
      <span>{t('update.ready')}</span>
      <button type="button" className="btn" onClick={takeUpdate}>
        {t('update.reload')}
      </button>
      <button type="button" className="btn btn--ghost" onClick={() => setDismissed(true)}>
        {t('update.later')}
      </button>
    </div>
  );
}
