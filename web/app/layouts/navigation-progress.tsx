// A thin bar under the header while the next page is on its way, once that takes more than a
// moment (a quick move shows nothing, so nothing flickers).
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigationPending } from '../browser-router';

/** How long a wait goes unmarked. */
const MOMENT_MS = 150;

export function NavigationProgress() {
  const { t } = useTranslation();
  const pending = useNavigationPending();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), MOMENT_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);
  if (!shown) return null;
  return (
    <div
      className="navigation-progress"
      role="progressbar"
      aria-label={t('status.loading')}
      data-testid="navigation-progress"
    />
  );
}
