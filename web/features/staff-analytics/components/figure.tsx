// One figure of the dashboard: its heading, the chart, the same numbers as a table (what a screen
// reader reads), and its CSV file.
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';

export function Figure({
  title,
  csv,
  chart,
  children,
}: {
  title: string;
  csv?: string;
  chart?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('staff');
  return (
    <section className="analytics-figure" aria-label={title}>
      <header className="analytics-figure-head">
        <h2>{title}</h2>
        {csv && (
          <a className="btn btn--ghost" href={csv} download>
            {t('analytics.downloadCsv')}
          </a>
        )}
      </header>
      <div className="analytics-figure-body">
        {chart}
        {children}
      </div>
    </section>
  );
}
