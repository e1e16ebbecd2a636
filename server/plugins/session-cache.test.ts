import { describe, expect, it } from 'vitest';
import { createSessionCache, type KeptSession } from './session-cache';

const session = (userId: string): KeptSession => ({
  user: {
    id: userId,
    role: 'user',
    name: 'Asha',
    active: true,
    mobile: '919876543210',
    minorUntil: null,
    guardianConsentMethod: null,
  },
  sessionId: `s-${userId}`,
  lastSeenAt: new Date(0),
  expiresAt: new Date(10_000),
});

describe('createSessionCache', () => {
  it('holds a session for its time, and forgets it by token, by user, or all at once', () => {
    const cache = createSessionCache(100);
    cache.set('a', session('u1'), cache.stamp(), 0);
    cache.set('b', session('u1'), cache.stamp(), 0);
    cache.set('c', session('u2'), cache.stamp(), 0);
    expect(cache.get('a', 99)?.user.id).toBe('u1');
    expect(cache.get('a', 100)).toBeUndefined();
    cache.changed('u:u1');
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('c', 0)?.user.id).toBe('u2');
    cache.changed('s:c');
    expect(cache.get('c', 0)).toBeUndefined();
    cache.set('d', session('u3'), cache.stamp(), 0);
    cache.changed('*');
    expect(cache.size()).toBe(0);
  });

  it('does not hold what a lookup found when something was forgotten while it looked', () => {
    const cache = createSessionCache(100);
    const stamp = cache.stamp();
    cache.forgetUser('someone else');
    cache.set('a', session('u1'), stamp, 0);
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set('a', session('u1'), cache.stamp(), 0);
    expect(cache.get('a', 0)).toBeDefined();
  });

  it('holds nothing while suspended, and starts from nothing when resumed', () => {
    const cache = createSessionCache(100);
    cache.set('a', session('u1'), cache.stamp(), 0);
    cache.suspend();
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set('b', session('u1'), cache.stamp(), 0);
    expect(cache.get('b', 0)).toBeUndefined();
    cache.resume();
    cache.set('b', session('u1'), cache.stamp(), 0);
    expect(cache.get('b', 0)).toBeDefined();
  });

  it('holds nothing when told to keep nothing, and at most its number of entries', () => {
    const off = createSessionCache(0);
    off.set('a', session('u1'), off.stamp(), 0);
    expect(off.get('a', 0)).toBeUndefined();
    const small = createSessionCache(100, 2);
    for (const key of ['a', 'b', 'c']) small.set(key, session(key), small.stamp(), 0);
    expect(small.size()).toBe(2);
    expect(small.get('a', 0)).toBeUndefined();
  });
});
