import { useTranslation } from '../i18n/react';
import { hasNext, hasPrevious } from '../lib/pagination';

/** Previous / Next with the specification's rule; the page lives in the URL (?page=). */
export function Pagination({ page, size, total, onPage, label }: { page: number; size: number; total: number; onPage: (page: number) => void; label: string }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn--ghost" disabled={!hasPrevious(page)} onClick={() => onPage(page - 1)}>
        {t('actions.previous')}
      </button>
      <span className="pagination__status" aria-live="polite">
        {t('status.pageOf', { page, pages })}
      </span>
      <button type="button" className="btn btn--ghost" disabled={!hasNext(page, size, total)} onClick={() => onPage(page + 1)}>
        {t('actions.next')}
      </button>
    </nav>
  );
}
