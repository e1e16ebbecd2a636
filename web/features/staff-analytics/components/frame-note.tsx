// What every set of figures says of itself: the period it covers, when it was computed (India's
// time), how small groups are shown, and a way to compute it again now.
import type { AnalyticsFrame } from '../../../../contract/analytics';
import { useTranslation } from '../../../i18n/react';
import { useRefreshFigures } from '../api/analytics';
import { staffTime } from '../../../staff-shared/components/staff-time';
import { dayText } from './format';

export function FrameNote({ frame, updating }: { frame: AnalyticsFrame; updating: boolean }) {
  const { t } = useTranslation('staff');
  const refresh = useRefreshFigures();
  return (
    <div className="analytics-frame" role="status" aria-busy={updating || refresh.isPending || undefined}>
      <p>
        {t('analytics.period', { from: dayText(frame.from), to: dayText(frame.to) })}{' '}
        {frame.computedAt ? (
          t('analytics.computedAt', { time: staffTime(frame.computedAt) })
        ) : (
          <strong>{t('analytics.notComputed')}</strong>
        )}
        {updating && <span className="staff-muted"> {t('analytics.updating')}</span>}
      </p>
      <p className="staff-muted">{t('analytics.smallGroups', { count: frame.minGroup })}</p>
      <button type="button" className="btn btn--ghost" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
        {refresh.isPending ? t('analytics.refreshing') : t('analytics.refresh')}
      </button>
      {refresh.data && !refresh.data.refreshed && <span className="staff-muted"> {t('analytics.alreadyFresh')}</span>}
      {refresh.isError && (
        <span className="staff-error" role="alert">
          {' '}
          {t('analytics.refreshFailed')}
        </span>
      )}
    </div>
  );
}
