// A page that could not be shown (its chunk did not arrive: the connection dropped, or a new
// release replaced the files) says so with Try again, instead of leaving the screen blank. Try
// again loads the address afresh, which also picks up a new release. Moving to another address
// starts over, without remounting what the pages share (the course sidebar).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';

function PageFailed() {
  const { t } = useTranslation();
  return (
    <div className="container learner-section">
      <div className="query-state page-failed" role="alert">
        <p>{t('status.pageFailed')}</p>
        <button type="button" className="btn btn--ghost" onClick={() => window.location.reload()}>
          {t('actions.retry')}
        </button>
      </div>
    </div>
  );
}

interface Props {
  /** The address: a change clears the failure. */
  resetKey: string;
  children: ReactNode;
}

export class PageErrorBoundary extends Component<Props, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('page not shown', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}
