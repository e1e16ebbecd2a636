// A series over periods: the line, then its numbers in a table (folded away when long).
import type { AnalyticsFrame, SafeCount } from '../../../../contract/analytics';
import { useTranslation } from '../../../i18n/react';
import { StaffTable } from '../../../staff-shared/components/staff-table';
import { LineChart } from './charts';
import { periodText } from './format';
import { countText } from '../../../staff-shared/components/safe-count';

export function Series({
  frame,
  points,
  label,
  total,
}: {
  frame: AnalyticsFrame;
  points: { period: string; count: SafeCount }[];
  label: string;
  total?: SafeCount;
}) {
  const { t } = useTranslation('staff');
  const rows = points.map((point) => ({ label: periodText(point.period, frame.grain, t), count: point.count }));
  const table = (
    <StaffTable label={label} columns={[t(`analytics.grains.${frame.grain}`), label]}>
      {rows.map((row) => (
        <tr key={row.label}>
          <td>{row.label}</td>
          <td className="analytics-number">{countText(row.count, frame.minGroup, t)}</td>
        </tr>
      ))}
    </StaffTable>
  );
  return (
    <>
      {total !== undefined && (
        <p className="analytics-total">
          {t('analytics.total')} <strong>{countText(total, frame.minGroup, t)}</strong>
        </p>
      )}
      <LineChart points={rows} label={label} gapLabel={t('analytics.gapLegend', { count: frame.minGroup })} />
      {rows.length > 12 ? (
        <details>
          <summary>{t('analytics.showTable', { count: rows.length })}</summary>
          {table}
        </details>
      ) : (
        table
      )}
    </>
  );
}
