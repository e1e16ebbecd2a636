import type { RefObject } from 'react';
import { useTranslation } from '../i18n/react';
import { hasNext, hasPrevious, lastPage } from '../lib/pagination';

/**
 * Previous / Next with the specification's rule; the page lives in the URL (?page=). The buttons sit
 * under the list: a new page brings the list's top (`listTop`, focusable with tabIndex -1 and
 * class `pagination-top`) into view and gives it the focus, so reading starts at its first item.
 */
export function Pagination({
  page,
  size,
  total,
  onPage,
  label,
  listTop,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
  listTop: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const pages = lastPage(size, total);
  const go = (next: number) => {
    onPage(next);
    const top = listTop.current;
    if (!top) return;
    // At once, not smoothly: the new rows arrive while a smooth scroll would still run, and the
    // browser's scroll anchoring then carries the page back down with the buttons.
    top.scrollIntoView({ block: 'start', behavior: 'instant' });
    top.focus({ preventScroll: true });
  };
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn--ghost" disabled={!hasPrevious(page)} onClick={() => go(page - 1)}>
        {t('actions.previous')}
      </button>
      <span className="pagination__status" aria-live="polite">
        {t('status.pageOf', { page, pages })}
      </span>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={!hasNext(page, size, total)}
        onClick={() => go(page + 1)}
      >
        {t('actions.next')}
      </button>
    </nav>
  );
}
