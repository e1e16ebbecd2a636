// The sealing of the learner's data on the phone (AES-GCM under a non-extractable key, the record's
// name bound to each value) and the lock the outbox's writers share. IndexedDB itself is exercised in
// the browser journey (tests/e2e/learner-offline.e2e.ts).
import { describe, expect, it } from 'vitest';
import { OUTBOX_WAITING_FLAG as APP_START_FLAG } from '../when-offline';
import { OUTBOX_WAITING_FLAG, newSealingKey, seal, unseal, withLock } from './sealed-store';

const value = { text: 'मेरी डायरी: आज मैंने बचत के बारे में सीखा', updatedAt: null, n: 3 };

describe('a value sealed on the phone', () => {
  it('opens with its key and name, as it was', async () => {
    const key = await newSealingKey();
    expect(await unseal(key, 'journal:hi:c1', await seal(key, 'journal:hi:c1', value))).toEqual(value);
  });

  it('holds nothing readable, and is sealed afresh each time', async () => {
    const key = await newSealingKey();
    const a = await seal(key, 'draft', value.text);
    const b = await seal(key, 'draft', value.text);
    const bytes = Buffer.from(a.data).toString('latin1');
    expect(bytes).not.toContain(Buffer.from('डायरी').toString('latin1'));
    expect(Buffer.from(a.iv).equals(Buffer.from(b.iv))).toBe(false);
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(false);
  });

  it('does not open with another key, under another name, or with a byte changed', async () => {
    const key = await newSealingKey();
    const sealed = await seal(key, 'profile', value);
    await expect(unseal(await newSealingKey(), 'profile', sealed)).rejects.toThrow();
    await expect(unseal(key, 'session', sealed)).rejects.toThrow();
    const changed = new Uint8Array(sealed.data.slice(0));
    changed[0] = changed[0]! ^ 1;
    await expect(unseal(key, 'profile', { iv: sealed.iv, data: changed.buffer })).rejects.toThrow();
  });

  it('is sealed under a key whose bytes cannot be read out', async () => {
    const key = await newSealingKey();
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});

describe('the lock of the outbox', () => {
  it('runs one task at a time, and skips a task asked only if the lock is free', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withLock('test-lock', async () => {
      order.push('first starts');
      await held;
      order.push('first ends');
      return 1;
    });
    const skipped = withLock('test-lock', async () => 'ran', { ifAvailable: true });
    const second = withLock('test-lock', async () => {
      order.push('second');
      return 2;
    });
    expect(await skipped).toBeUndefined();
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(order).toEqual(['first starts', 'first ends', 'second']);
  });
});

describe('the flag that changes wait', () => {
  it('is the one the app reads at its start', () => {
    expect(OUTBOX_WAITING_FLAG).toBe(APP_START_FLAG);
  });
});
