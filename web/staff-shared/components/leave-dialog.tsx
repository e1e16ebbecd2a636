// The question a held move asks (leave-guard.ts): what would be lost, Stay first, any way to keep
// the work (Save and leave) between, and Leave last.
import type { ReactNode } from 'react';
import { Dialog } from '../../components/dialog';
import type { LeaveGuard } from './leave-guard';

export function LeaveDialog({
  guard,
  title,
  text,
  stay,
  leave,
  children,
}: {
  guard: LeaveGuard;
  title: string;
  text: ReactNode;
  stay: string;
  leave: string;
  /** Actions between Stay and Leave. */
  children?: ReactNode;
}) {
  return (
    <Dialog className="staff-dialog" open={guard.held} onClose={guard.stay} label={title}>
      {guard.held && (
        <div className="staff-dialog-body">
          <h2>{title}</h2>
          <p>{text}</p>
          <div className="staff-actions">
            <button type="button" className="btn" onClick={guard.stay}>
              {stay}
            </button>
            {children}
            <button type="button" className="btn btn--ghost" onClick={guard.proceed}>
              {leave}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
