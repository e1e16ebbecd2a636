// Messages for the visitor, shared by every feature: notify({status, message}) from anywhere, and
// <Notifications /> (in the root layout) shows them. Red when the status is above 300, blue
// otherwise; one Dismiss clears them all. They sit in one compact panel under the header, so a
// message never covers the button the learner just pressed: a message replaces an identical one,
// only the newest few are kept, and blue (success) messages go away by themselves.
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/react';
import './notifications.css';

export interface Notification {
  id: number;
  status: number;
  message: string;
}

/** The newest messages kept; older ones give way. */
export const MAX_NOTIFICATIONS = 3;
/** How long a blue (success) message stays. Red ones stay until dismissed: they ask for action. */
export const SUCCESS_DISMISS_MS = 5000;

const isError = (status: number) => status > 300;

let items: Notification[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function forget(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

function remove(id: number) {
  forget(id);
  items = items.filter((item) => item.id !== id);
  emit();
}

export function notify(notification: { status: number; message: string }): void {
  const item = { id: nextId++, ...notification };
  const same = (other: Notification) =>
    other.message === item.message && isError(other.status) === isError(item.status);
  const kept = items.filter((other) => !same(other));
  const shown = [...kept, item].slice(-MAX_NOTIFICATIONS);
  for (const gone of items) if (!shown.includes(gone)) forget(gone.id);
  items = shown;
  if (!isError(item.status))
    timers.set(
      item.id,
      setTimeout(() => remove(item.id), SUCCESS_DISMISS_MS),
    );
  emit();
}

export function clearNotifications(): void {
  for (const item of items) forget(item.id);
  items = [];
  emit();
}

/** The messages shown now, oldest first. */
export function getNotifications(): readonly Notification[] {
  return items;
}

/** A page rendered on the server (and hydrated) starts without messages. */
const NONE: readonly Notification[] = [];
const getServerNotifications = () => NONE;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Notifications() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(subscribe, getNotifications, getServerNotifications);
  return (
    <section className="notifications" aria-label={t('status.notifications')} aria-live="polite">
      {current.length > 0 && (
        <ul
          className="notifications__panel"
          onKeyDown={(event) => {
            if (event.key === 'Escape') clearNotifications();
          }}
        >
          {/* Newest first; the one Dismiss sits inside the top message. */}
          {[...current].reverse().map((item, index) => (
            <li
              key={item.id}
              className={isError(item.status) ? 'notification notification--error' : 'notification notification--info'}
            >
              <span className="notification__text">{item.message}</span>
              {index === 0 && (
                <button type="button" className="notifications__dismiss" onClick={clearNotifications}>
                  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                    <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                  <span className="notifications__dismiss-label">{t('actions.dismiss')}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
