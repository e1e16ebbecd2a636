import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_NOTIFICATIONS, SUCCESS_DISMISS_MS, clearNotifications, getNotifications, notify } from './notifications';

const messages = () => getNotifications().map((item) => `${item.status}:${item.message}`);

describe('notifications', () => {
  afterEach(() => {
    clearNotifications();
    vi.useRealTimers();
  });

  it('replace an identical message instead of piling it up', () => {
    notify({ status: 400, message: 'Unable to update' });
    notify({ status: 200, message: 'User Profile updated' });
    notify({ status: 400, message: 'Unable to update' });
    notify({ status: 422, message: 'Unable to update' });
    expect(messages()).toEqual(['200:User Profile updated', '422:Unable to update']);
  });

  it('keep only the newest few', () => {
    for (let i = 1; i <= MAX_NOTIFICATIONS + 2; i++) notify({ status: 500, message: `error ${i}` });
    expect(messages()).toEqual(Array.from({ length: MAX_NOTIFICATIONS }, (_, i) => `500:error ${i + 3}`));
  });

  it('let blue messages go by themselves and keep red ones until dismissed', () => {
    vi.useFakeTimers();
    notify({ status: 200, message: 'saved' });
    notify({ status: 301, message: 'failed' });
    vi.advanceTimersByTime(SUCCESS_DISMISS_MS - 1);
    expect(messages()).toEqual(['200:saved', '301:failed']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual(['301:failed']);
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['301:failed']);
  });

  it('restart the time of a repeated blue message', () => {
    vi.useFakeTimers();
    notify({ status: 200, message: 'saved' });
    vi.advanceTimersByTime(SUCCESS_DISMISS_MS - 1000);
    notify({ status: 200, message: 'saved' });
    vi.advanceTimersByTime(SUCCESS_DISMISS_MS - 1);
    expect(messages()).toEqual(['200:saved']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('clear all at once', () => {
    notify({ status: 200, message: 'a' });
    notify({ status: 400, message: 'b' });
    clearNotifications();
    expect(messages()).toEqual([]);
  });
});
