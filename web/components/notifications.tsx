// Messages for the visitor, shared by every feature: notify({status, message}) from anywhere, and
// <Notifications /> (in the root layout) shows them. Red when the status is above 300, blue
// otherwise; one Dismiss clears them all.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './notifications.css';

export interface Notification {
  id: number;
  status: number;
  message: string;
}

let items: Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function notify(notification: { status: number; message: string }): void {
  items = [...items, { id: nextId++, ...notification }];
  emit();
}

export function clearNotifications(): void {
  items = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Notifications() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(subscribe, () => items);
  return (
    <section className="notifications" aria-label={t('status.notifications')} aria-live="polite">
      {current.length > 0 && (
        <div className="notifications__panel">
          <ul className="notifications__list">
            {current.map((item) => (
              <li key={item.id} className={item.status > 300 ? 'notification notification--error' : 'notification notification--info'}>
                {item.message}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn--light notifications__dismiss" onClick={clearNotifications}>
            {t('actions.dismiss')}
          </button>
        </div>
      )}
    </section>
  );
}
