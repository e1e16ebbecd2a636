// What the learning views need offline of the learner's own data, kept sealed on the phone
// (sealed-store.ts): who is signed in (the session and the profile), and for each course saved for
// offline its progress and journal as the server last gave them, and the journal's draft. Kept only
// for courses saved on the phone; the reads of the session, the profile, the progress and the
// journal answer from here when the server cannot be reached. One learner's: a profile of another
// learner deletes everything kept first (a shared phone), as signing out does.
import type { SessionUser } from '../../../contract/auth';
import type { LanguageCode } from '../../../contract/languages';
import type { JournalResponse, ProgressRecord } from '../../../contract/progress';
import type { UserProfile } from '../../../contract/users';
import { ApiError, api } from '../api-client';
import { packCacheName } from '../course-packs';
import { readSealed, removeSealed, sealedStoreSupported, wipeSealed, writeSealed } from './sealed-store';

type Journal = JournalResponse['journal'];

const OWNER = 'owner';
const SESSION = 'session';
const PROFILE = 'profile';
const progressName = (lang: string, courseId: string) => `progress:${lang}:${courseId}`;
const journalName = (lang: string, courseId: string) => `journal:${lang}:${courseId}`;
const draftName = (lang: string, courseId: string) => `draft:${lang}:${courseId}`;

/** The call could not reach the server (no network, or the network failed on the way). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

// Values answered from the phone are marked, so what keeps the server's answers never writes them
// back (a kept answer is the server's, not one the phone made up).
const fromPhone = new WeakSet<object>();
function marked<T>(value: T): T {
  if (value && typeof value === 'object') fromPhone.add(value);
  return value;
}
/** Whether a value was answered from the phone rather than by the server. */
export const cameFromPhone = (value: unknown) => Boolean(value && typeof value === 'object' && fromPhone.has(value));

/** A read of the kept data that never fails: storage a browser refuses is nothing kept. */
async function safely<T>(read: () => Promise<T | undefined>): Promise<T | undefined> {
  if (!sealedStoreSupported()) return undefined;
  try {
    return await read();
  } catch {
    return undefined;
  }
}

/** Whether the course is saved on this phone (its pack's cache exists). */
export async function isSavedHere(lang: LanguageCode, courseId: string): Promise<boolean> {
  return typeof caches !== 'undefined' && (await caches.has(packCacheName(lang, courseId)).catch(() => false));
}

/** The learner whose data the phone keeps; everything kept is deleted first when it is another one. */
export async function claimFor(learnerId: string): Promise<void> {
  const owner = await safely(() => readSealed<string>(OWNER));
  if (owner === learnerId) return;
  if (owner !== undefined) await wipeSealed();
  await writeSealed(OWNER, learnerId);
}

/** The learner the kept data (and the outbox) belongs to. */
export const keptOwner = () => safely(() => readSealed<string>(OWNER));

export async function keepLearner(session: SessionUser, profile: UserProfile): Promise<void> {
  if (!sealedStoreSupported()) return;
  await claimFor(profile.id);
  await writeSealed(SESSION, session);
  await writeSealed(PROFILE, profile);
}

export async function keptSession(): Promise<SessionUser | null> {
  return marked((await safely(() => readSealed<SessionUser>(SESSION))) ?? null);
}

/** The profile as /api/user/me answers it, or undefined when none is kept. */
export async function keptProfile(): Promise<{ user: UserProfile } | undefined> {
  const user = await safely(() => readSealed<UserProfile>(PROFILE));
  return user ? marked({ user: marked(user) }) : undefined;
}

export async function keepProgress(lang: LanguageCode, courseId: string, progress: ProgressRecord | null) {
  if (sealedStoreSupported() && (await isSavedHere(lang, courseId))) {
    await writeSealed(progressName(lang, courseId), progress);
  }
}

/** The course's progress as the server last gave it; undefined when none is kept. */
export async function keptProgress(lang: string, courseId: string): Promise<ProgressRecord | null | undefined> {
  return marked(await safely(() => readSealed<ProgressRecord | null>(progressName(lang, courseId))));
}

export async function keepJournal(lang: LanguageCode, courseId: string, journal: Journal) {
  if (sealedStoreSupported() && (await isSavedHere(lang, courseId))) {
    await writeSealed(journalName(lang, courseId), journal);
  }
}

/** The journal as the server last gave it (its text and version); undefined when none is kept. */
export async function keptJournal(lang: string, courseId: string): Promise<Journal | undefined> {
  return marked(await safely(() => readSealed<Journal>(journalName(lang, courseId))));
}

/** A journal the phone knows nothing of (answered from the phone: never kept as the server's). */
export const markedEmptyJournal = (): Journal => marked({ text: '', updatedAt: null });

/** The journal's draft: the learner's text not yet saved on the server. */
export const readDraft = (lang: string, courseId: string) =>
  safely(() => readSealed<string>(draftName(lang, courseId)));

export async function writeDraft(lang: string, courseId: string, text: string | null): Promise<void> {
  if (!sealedStoreSupported()) return;
  try {
    if (text === null) await removeSealed(draftName(lang, courseId));
    else await writeSealed(draftName(lang, courseId), text);
  } catch {
    // Storage refused (full, or a private window): the text is still in the page.
  }
}

/**
 * Keeps what the learning views of a course need offline, from the server now: when a course is
 * saved, so the views open offline even if the learner never opened them online. Nothing for a
 * visitor who is not signed in.
 */
export async function keepForOffline(lang: LanguageCode, courseId: string): Promise<void> {
  if (!sealedStoreSupported()) return;
  const { user } = await api.get('/api/user/session-status');
  if (!user || user.role !== 'user' || !user.active) return;
  const me = await api.get('/api/user/me');
  await keepLearner(user, me.user);
  const progress = await api
    .get('/api/progress/{lang}/{courseId}/progress', { path: { lang, courseId } })
    .then((answer) => answer.progress)
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
  await keepProgress(lang, courseId, progress);
  if (progress) {
    const { journal } = await api.get('/api/progress/{lang}/{courseId}/journal', { path: { lang, courseId } });
    await keepJournal(lang, courseId, journal);
  }
}

/** Deletes everything kept of the learner (signing out). */
export const forgetLearner = () => (sealedStoreSupported() ? wipeSealed() : Promise.resolve());
