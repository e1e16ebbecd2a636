// Sessions held in this instance's memory (ADR 39), so a signed-in learner's call costs no statement
// to say who they are. Held only while this instance listens on the channel session_changed, which
// the database announces on every change that could end a session or change what it says of its
// user (migration 0018: triggers on sessions and users, whatever made the change), so a session
// ended on one instance is refused on every other within a moment of the commit. Each entry is also
// kept for a short time at most, which bounds any change announced while the listening connection
// was lost; once it listens again, everything is forgotten.
import type { SignedInUser } from './session';

/** A session as the lookup found it: its user, and what its idle and absolute lifetimes are checked against. */
export interface KeptSession {
  user: SignedInUser;
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

export const SESSION_CHANNEL = 'session_changed';

/** How long a session is held at most: the longest a change missed by a lost listener can matter. */
export const SESSION_KEEP_MS = 30_000;
/** Sessions held at most; the oldest go first (a few hundred bytes each). */
export const SESSION_KEEP_ENTRIES = 50_000;

export interface SessionCache {
  /** The session held for a token hash, if any. */
  get(tokenHash: string, now: number): KeptSession | undefined;
  /** A stamp to take before a lookup: what the lookup found is held only if nothing was forgotten since. */
  stamp(): number;
  set(tokenHash: string, session: KeptSession, stamp: number, now: number): void;
  /** Forgets what a change names: `s:<hash>`, `u:<user id>`, or anything else (`*`): everything. */
  changed(payload: string): void;
  forgetSession(tokenHash: string): void;
  forgetUser(userId: string): void;
  clear(): void;
  /** Holds nothing, and forgets everything, until resume(): while changes cannot be heard. */
  suspend(): void;
  /** Holds sessions again, from nothing (changes announced in between were missed). */
  resume(): void;
  size(): number;
}

export function createSessionCache(keepMs = SESSION_KEEP_MS, maxEntries = SESSION_KEEP_ENTRIES): SessionCache {
  const entries = new Map<string, KeptSession & { keptUntil: number }>();
  const byUser = new Map<string, Set<string>>();
  // Every forgetting moves the generation on: a lookup that started before it may have read what
  // was just changed, so what it found is not held.
  let generation = 0;
  let holding = keepMs > 0;

  const remove = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const hashes = byUser.get(entry.user.id);
    hashes?.delete(tokenHash);
    if (hashes && !hashes.size) byUser.delete(entry.user.id);
  };
  const cache: SessionCache = {
    get(tokenHash, now) {
      if (!holding) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.keptUntil > now) return entry;
      remove(tokenHash);
      return undefined;
    },
    stamp: () => generation,
    set(tokenHash, session, stamp, now) {
      if (!holding || stamp !== generation) return;
      remove(tokenHash);
      entries.set(tokenHash, { ...session, keptUntil: now + keepMs });
      const hashes = byUser.get(session.user.id) ?? new Set<string>();
      hashes.add(tokenHash);
      byUser.set(session.user.id, hashes);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) remove(oldest);
      }
    },
    changed(payload) {
      if (payload.startsWith('s:')) cache.forgetSession(payload.slice(2));
      else if (payload.startsWith('u:')) cache.forgetUser(payload.slice(2));
      else cache.clear();
    },
    forgetSession(tokenHash) {
      generation++;
      remove(tokenHash);
    },
    forgetUser(userId) {
      generation++;
      for (const tokenHash of [...(byUser.get(userId) ?? [])]) remove(tokenHash);
    },
    clear() {
      generation++;
      entries.clear();
      byUser.clear();
    },
    suspend() {
      holding = false;
      cache.clear();
    },
    resume() {
      cache.clear();
      holding = keepMs > 0;
    },
    size: () => entries.size,
  };
  return cache;
}
