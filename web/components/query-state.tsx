import { useTranslation } from '../i18n/react';
import { styleRef } from '../lib/style-ref';

/** Loading and error states of a query, in the visitor's language. */
export function QueryState({ isPending, isError, refetch, minHeight = 200 }: { isPending: boolean; isError: boolean; refetch?: () => void; minHeight?: number }) {
  const { t } = useTranslation();
  const reserve = styleRef({ minHeight: `${minHeight}px` });
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
