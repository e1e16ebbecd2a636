import { useTranslation } from '../i18n/react';
import { styleRef } from '../lib/style-ref';

/** Loading and error states of a query, in the visitor's language. */
export function QueryState({
  isPending,
  isError,
  refetch,
  minHeight = 200,
}: {
  isPending: boolean;
  isError: boolean;
  refetch?: () => void;
  /**
   * The height kept while waiting, in pixels, near what will come so nothing below moves when it
   * does; 'screen' for a whole page's content: the footer then stays below the first screen until
   * the page is there (a shorter wait state lets it show and then jump, a layout shift).
   */
  minHeight?: number | 'screen';
}) {
  const { t } = useTranslation();
  const reserve = styleRef({ minHeight: minHeight === 'screen' ? '100vh' : `${minHeight}px` });
  if (isError) {
    return (
      <div className="query-state" role="alert" ref={reserve}>
        <p>{t('status.error')}</p>
        {refetch && (
          <button type="button" className="btn btn--ghost" onClick={() => refetch()}>
            {t('actions.retry')}
          </button>
        )}
      </div>
    );
  }
  if (isPending) {
    return (
      <div className="query-state" role="status" ref={reserve}>
        {t('status.loading')}
      </div>
    );
  }
  return null;
}
