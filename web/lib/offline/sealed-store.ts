// The learner's own data kept on the phone for learning without a network (ADR 42): the outbox, the
// journal drafts and the learner state the learning views need offline (session, profile, a saved
// course's progress and journal). IndexedDB holds it, every value sealed with AES-GCM under a key
// Web Crypto makes non-extractable: the key is kept in the same database as a CryptoKey object, whose
// bytes no script (this site's included) can read out, so the values cannot be copied off the phone's
// storage and read elsewhere. Each value is sealed with its record's name as additional data, so a
// sealed value moved to another record does not open. Everything is deleted on sign-out and when
// another learner signs in on the phone (learner-state.ts). Loaded only with the learning views and
// the saved-courses code, never with a public page's first scripts.

/**
 * Set in localStorage while changes wait, and only that (outbox.ts writes it; the app's start,
 * web/lib/service-worker.ts, reads it under the same name from web/lib/when-offline.ts, checked
 * equal by sealed-store.test.ts: the offline code imports nothing of the shared chunk's).
 */
export const OUTBOX_WAITING_FLAG = 'jgk_outbox_waiting';

/** The database's name: signing out deletes it (web/lib/session.ts). */
export const LEARNER_DATABASE = 'jgk-learner';
const KEY_STORE = 'key';
const VALUE_STORE = 'sealed';
const KEY_RECORD = 'aes-gcm';

/** A value as kept: the 12-byte nonce and the ciphertext with its tag. */
export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

const encoder = new TextEncoder();

/** A new AES-GCM key whose bytes cannot be exported. */
export function newSealingKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** `value` as JSON, encrypted under `key` with a fresh nonce; `name` is bound to it as additional data. */
export async function seal(key: CryptoKey, name: string, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(name) },
    key,
    encoder.encode(JSON.stringify(value)),
  );
  return { iv, data };
}

/** The value sealed under `key` for `name`; throws when the key, the name or a byte differs. */
export async function unseal<T>(key: CryptoKey, name: string, sealed: Sealed): Promise<T> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: sealed.iv, additionalData: encoder.encode(name) },
    key,
    sealed.data,
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

let opening: Promise<IDBDatabase> | null = null;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('storage failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('storage failed'));
    tx.onabort = () => reject(tx.error ?? new Error('storage aborted'));
  });
}

/** Whether this browser can keep the learner's data sealed. */
export function sealedStoreSupported(): boolean {
  return typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && 'subtle' in crypto;
}

function database(): Promise<IDBDatabase> {
  if (!opening) {
    opening = new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(LEARNER_DATABASE, 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore(KEY_STORE);
        req.result.createObjectStore(VALUE_STORE);
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another tab deleting the database (a sign-out) is not held up by this one.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      req.onerror = () => reject(req.error ?? new Error('storage unavailable'));
      req.onblocked = () => reject(new Error('storage blocked'));
    });
    opening.catch(() => (opening = null));
  }
  return opening;
}

let keying: Promise<CryptoKey> | null = null;

/** The phone's key: made once, kept in the database as a non-extractable CryptoKey. */
function sealingKey(): Promise<CryptoKey> {
  if (!keying) {
    keying = (async () => {
      const db = await database();
      const kept = await request<CryptoKey | undefined>(
        db.transaction(KEY_STORE).objectStore(KEY_STORE).get(KEY_RECORD) as IDBRequest<CryptoKey | undefined>,
      );
      if (kept) return kept;
      const key = await newSealingKey();
      const tx = db.transaction(KEY_STORE, 'readwrite');
      // add, not put: another tab that made its key first keeps it, and this one reads it.
      tx.objectStore(KEY_STORE).add(key, KEY_RECORD);
      try {
        await done(tx);
        return key;
      } catch {
        const again = await request<CryptoKey | undefined>(
          db.transaction(KEY_STORE).objectStore(KEY_STORE).get(KEY_RECORD) as IDBRequest<CryptoKey | undefined>,
        );
        if (!again) throw new Error('no key');
        return again;
      }
    })();
    keying.catch(() => (keying = null));
  }
  return keying;
}

/** The value kept as `name`, or undefined (none, or one that no longer opens: it is dropped). */
export async function readSealed<T>(name: string): Promise<T | undefined> {
  const db = await database();
  const sealed = await request<Sealed | undefined>(
    db.transaction(VALUE_STORE).objectStore(VALUE_STORE).get(name) as IDBRequest<Sealed | undefined>,
  );
  if (!sealed) return undefined;
  try {
    return await unseal<T>(await sealingKey(), name, sealed);
  } catch {
    await removeSealed(name);
    return undefined;
  }
}

export async function writeSealed(name: string, value: unknown): Promise<void> {
  const sealed = await seal(await sealingKey(), name, value);
  const db = await database();
  const tx = db.transaction(VALUE_STORE, 'readwrite');
  tx.objectStore(VALUE_STORE).put(sealed, name);
  await done(tx);
}

export async function removeSealed(name: string): Promise<void> {
  const db = await database();
  const tx = db.transaction(VALUE_STORE, 'readwrite');
  tx.objectStore(VALUE_STORE).delete(name);
  await done(tx);
}

/** Deletes the whole database, key included: what was kept can no longer be read by anyone. */
export async function wipeSealed(): Promise<void> {
  // The flag that changes wait (outbox.ts) goes with them, or the app's start would open an empty store.
  try {
    localStorage.removeItem(OUTBOX_WAITING_FLAG);
  } catch {
    // No storage: no flag either.
  }
  if (opening) {
    const db = await opening.catch(() => null);
    db?.close();
  }
  opening = null;
  keying = null;
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(LEARNER_DATABASE);
    req.onsuccess = () => resolve();
    req.onerror = () => resolve();
    // Another tab still holding it closes it on versionchange; the deletion then goes through.
    req.onblocked = () => undefined;
  });
}

const inTab = new Map<string, Promise<unknown>>();

/**
 * Runs `task` holding the lock `name` across this site's tabs (Web Locks), or within this tab where
 * the browser has no Web Locks. `ifAvailable`: skipped (answering undefined) when another holds it.
 */
export async function withLock<T>(
  name: string,
  task: () => Promise<T>,
  { ifAvailable = false } = {},
): Promise<T | undefined> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) {
    return locks.request(name, { ifAvailable }, async (lock) => (lock ? task() : undefined));
  }
  const before = inTab.get(name);
  if (before && ifAvailable) return undefined;
  const run = (before ?? Promise.resolve()).catch(() => undefined).then(task);
  inTab.set(name, run);
  try {
    return await run;
  } finally {
    if (inTab.get(name) === run) inTab.delete(name);
  }
}
