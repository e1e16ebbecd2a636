// The buttons at the foot of a console dialog: its action (busy while it runs) and Cancel.
import type { ReactNode } from 'react';
import { focusOnOpen } from '../../components/dialog';
import { useTranslation } from '../../i18n/react';

export function DialogActions({
  action,
  busy,
  disabled = false,
  danger = false,
  onAction,
  onCancel,
}: {
  action: ReactNode;
  busy: boolean;
  disabled?: boolean;
  /** An action that takes something away (delete): the console's dark red, and the dialog opens on Cancel. */
  danger?: boolean;
  /** Left out, the action submits the dialog's form. */
  onAction?: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <div className="staff-actions">
      <button
        type={onAction ? 'button' : 'submit'}
        className={danger ? 'btn staff-danger' : 'btn'}
        onClick={onAction}
        disabled={busy || disabled}
        aria-busy={busy || undefined}
      >
        {action}
      </button>
      {/* A confirmation that takes something away opens on Cancel. */}
      <button type="button" className="btn btn--ghost" onClick={onCancel} ref={danger ? focusOnOpen : undefined}>
        {t('actions.cancel')}
      </button>
    </div>
  );
}
