// Courses saved on the phone for learning without a network (ADR 42, 43): a course's pack, described
// by a manifest the server signs, downloaded file by file into a cache of its own, which the service
// worker answers from when the network fails. Every file is checked against its SHA-256 before it
// is kept, so a pack counts as saved only when all of it is what the server signed; a download
// that stopped goes on from the files already kept; an update downloads only the files that changed.
import { PACK_MIN_FREE_BYTES } from '../../contract/offline-rules';
import type { PackFile, PackKey, PackManifest } from '../../contract/packs';
import { isLanguageCode, type LanguageCode } from '../../contract/languages';

/** The caches of saved courses; the service worker reads every cache named so (web/public/sw.js). */
export const PACK_CACHE_PREFIX = 'jgk-pack:';
export const packCacheName = (lang: LanguageCode, courseId: string) => `${PACK_CACHE_PREFIX}${lang}:${courseId}`;

/** What a learner takes of a course beside its text and pictures. */
export interface PackChoice {
  videos: boolean;
  voices: boolean;
}

const manifestUrl = (lang: LanguageCode, courseId: string, { videos, voices }: PackChoice) =>
  `/api/packs/${lang}/${courseId}?videos=${videos}&voices=${voices}`;
/** Where a saved pack keeps its manifest, with when it was saved (headers of the kept answer). */
const SAVED_MANIFEST = (lang: LanguageCode, courseId: string) => `/api/packs/${lang}/${courseId}?saved`;
/** The server's public key; the service worker keeps it from its install, to check a course file opened with no network. */
const KEY_URL = '/api/packs/key';
const HASH_HEADER = 'x-pack-sha256';
const SAVED_AT_HEADER = 'x-pack-saved-at';

export type PackProblem = 'unsupported' | 'notEnoughSpace' | 'notGenuine' | 'stopped' | 'noKey';

export class PackError extends Error {
  constructor(readonly problem: PackProblem) {
    super(problem);
  }
}

export interface Pack {
  manifest: PackManifest;
  /** The signed text and its signature, kept with the pack so it can be checked again. */
  signed: { manifest: string; signature: string; keyId: string };
}

export interface SavedPack {
  manifest: PackManifest;
  savedAt: string;
  /** The bytes kept on the phone. */
  size: number;
}

/** Whether this browser can keep a course: Cache Storage, Web Crypto and a service worker to answer from it. */
export function packsSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'caches' in window &&
    'serviceWorker' in navigator &&
    typeof crypto !== 'undefined' &&
    'subtle' in crypto
  );
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

async function fetchOk(url: string, headers: Record<string, string> = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', cache: 'no-store', headers });
  } catch {
    throw new PackError('stopped');
  }
  if (!response.ok) throw new PackError(response.status === 404 ? 'notGenuine' : 'stopped');
  return response;
}

/**
 * The server's key, as the network gives it or, with none, as the service worker kept it; a phone
 * whose worker never had it (the site never opened there with a network) cannot check a file (noKey).
 */
async function packKey(): Promise<PackKey> {
  let response: Response;
  try {
    response = await fetch(KEY_URL, { credentials: 'same-origin' });
  } catch {
    throw new PackError('noKey');
  }
  if (!response.ok) throw new PackError('stopped');
  return (await response.json()) as PackKey;
}

/** Checks the manifest's signature with the server's key: a downloaded pack's and an opened file's. */
export async function verified(signed: Pack['signed']): Promise<PackManifest> {
  const key = await packKey();
  if (key.keyId !== signed.keyId) throw new PackError('notGenuine');
  const publicKey = await crypto.subtle.importKey('jwk', key.publicKey, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ]);
  const genuine = await crypto.subtle
    .verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      fromBase64url(signed.signature),
      new TextEncoder().encode(signed.manifest),
    )
    .catch(() => false);
  if (!genuine) throw new PackError('notGenuine');
  return JSON.parse(signed.manifest) as PackManifest;
}

/** The course's pack as the server describes it now, its signature checked. */
export async function fetchPack(lang: LanguageCode, courseId: string, choice: PackChoice): Promise<Pack> {
  const signed = (await (await fetchOk(manifestUrl(lang, courseId, choice))).json()) as Pack['signed'];
  return { manifest: await verified(signed), signed };
}

/** What the browser lets this site keep beyond what it keeps now; undefined when it does not say. */
export async function spaceLeft(): Promise<number | undefined> {
  const estimate = await navigator.storage?.estimate?.();
  if (!estimate?.quota) return undefined;
  return Math.max(0, estimate.quota - (estimate.usage ?? 0));
}

/**
 * Tells the service worker which addresses the saved courses answer now (it reads them once, not on
 * every call); resolves once it has, or after two seconds without an answer.
 */
function tellWorker(): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    worker.postMessage({ type: 'packs-changed' }, [channel.port2]);
    setTimeout(resolve, 2000);
  });
}

export const packSize = (files: PackFile[]) => files.reduce((sum, file) => sum + file.size, 0);

/**
 * Refuses to keep `bytes` more when that would leave the phone less than PACK_MIN_FREE_BYTES
 * (notEnoughSpace); else asks the browser to keep the site's data from eviction when space runs
 * short, as far as it allows.
 */
export async function makeRoomFor(bytes: number): Promise<void> {
  const left = await spaceLeft();
  if (left !== undefined && left - bytes < PACK_MIN_FREE_BYTES) throw new PackError('notEnoughSpace');
  await navigator.storage?.persist?.().catch(() => false);
}

/** The files of the pack not yet kept as they should be: what a download (or an update) fetches. */
async function missingFiles(cache: Cache, files: PackFile[]): Promise<PackFile[]> {
  const missing: PackFile[] = [];
  for (const file of files) {
    const kept = await cache.match(file.url);
    if (kept?.headers.get(HASH_HEADER) !== file.sha256) missing.push(file);
  }
  return missing;
}

/** Where the bytes of a file cut off half-way are kept (in the pack's cache), to go on from them. */
const partialUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}partial`;

function joined(chunks: Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Fetches one file of a pack, going on from the bytes a cut-off download kept (a range of the file,
 * so a video cut off at 30 MB of 40 does not start again from nothing); when the network fails in
 * the middle of a file, what arrived is kept for the next try. The file is checked whole afterwards
 * (keepFile), so bytes that do not belong together are refused, never kept.
 */
export async function fetchFile(
  cache: Cache,
  file: PackFile,
): Promise<{ body: ArrayBuffer; contentType: string | null }> {
  const partial = await cache.match(partialUrl(file.url));
  const had = partial ? new Uint8Array(await partial.arrayBuffer()) : new Uint8Array(0);
  const response = await fetchOk(file.url, had.byteLength > 0 ? { range: `bytes=${had.byteLength}-` } : {});
  // 206 from where the kept bytes end: the rest; anything else is the whole file from its start.
  const goesOn =
    response.status === 206 && response.headers.get('content-range')?.startsWith(`bytes ${had.byteLength}-`);
  const chunks: Uint8Array[] = goesOn ? [had] : [];
  let received = goesOn ? had.byteLength : 0;
  const reader = response.body?.getReader();
  try {
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      chunks.push(next.value);
      received += next.value.byteLength;
    }
  } catch {
    if (received > had.byteLength) await cache.put(partialUrl(file.url), new Response(joined(chunks, received)));
    throw new PackError('stopped');
  }
  if (partial) await cache.delete(partialUrl(file.url));
  return { body: joined(chunks, received).buffer, contentType: response.headers.get('content-type') };
}

export interface SaveProgress {
  files: number;
  filesDone: number;
  bytes: number;
  bytesDone: number;
}

/**
 * Downloads what the pack's cache does not hold yet, checking each file against its hash, then
 * keeps the manifest: only then is the course saved. Refused when it would leave less than
 * PACK_MIN_FREE_BYTES; a file that is not what the server signed stops it (notGenuine); a lost
 * network stops it (stopped), and the next call goes on from the files already kept.
 */
export async function savePack(
  lang: LanguageCode,
  courseId: string,
  pack: Pack,
  onProgress: (progress: SaveProgress) => void = () => {},
): Promise<void> {
  if (!packsSupported()) throw new PackError('unsupported');
  const cache = await caches.open(packCacheName(lang, courseId));
  const missing = await missingFiles(cache, pack.manifest.files);
  const bytes = packSize(missing);
  await makeRoomFor(bytes);
  const progress: SaveProgress = { files: missing.length, filesDone: 0, bytes, bytesDone: 0 };
  onProgress({ ...progress });
  for (const file of missing) {
    const { body, contentType } = await fetchFile(cache, file);
    await keepFile(cache, file, body, contentType);
    progress.filesDone += 1;
    progress.bytesDone += file.size;
    onProgress({ ...progress });
  }
  await finishSave(cache, lang, courseId, pack);
}

/**
 * Keeps one file of a pack under its address, once its length and SHA-256 are the manifest's
 * (notGenuine otherwise: nothing of it is kept).
 */
export async function keepFile(cache: Cache, file: PackFile, body: ArrayBuffer, contentType: string | null) {
  if (body.byteLength !== file.size || hex(await crypto.subtle.digest('SHA-256', body)) !== file.sha256) {
    throw new PackError('notGenuine');
  }
  await cache.put(
    file.url,
    new Response(body, {
      headers: { 'content-type': contentType ?? 'application/octet-stream', [HASH_HEADER]: file.sha256 },
    }),
  );
}

/**
 * Ends a save once every file is kept: drops the files of an earlier version that this one no
 * longer has, then keeps the signed manifest (only now is the course saved).
 */
export async function finishSave(cache: Cache, lang: LanguageCode, courseId: string, pack: Pack): Promise<void> {
  const wanted = new Set(pack.manifest.files.map((file) => new URL(file.url, location.origin).href));
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url) && !request.url.endsWith('?saved')) await cache.delete(request);
  }
  await cache.put(
    SAVED_MANIFEST(lang, courseId),
    new Response(JSON.stringify(pack.signed), {
      headers: { 'content-type': 'application/json', [SAVED_AT_HEADER]: new Date().toISOString() },
    }),
  );
  await tellWorker();
}

/** A saved course's signed manifest as it was kept, and when; null when it is not saved (or did not finish). */
export async function savedSigned(
  lang: LanguageCode,
  courseId: string,
): Promise<{ signed: Pack['signed']; savedAt: string } | null> {
  if (!packsSupported() || !(await caches.has(packCacheName(lang, courseId)))) return null;
  const kept = await (await caches.open(packCacheName(lang, courseId))).match(SAVED_MANIFEST(lang, courseId));
  if (!kept) return null;
  return { signed: (await kept.json()) as Pack['signed'], savedAt: kept.headers.get(SAVED_AT_HEADER) ?? '' };
}

/** The course as saved on this phone, or null when it is not (or its download did not finish). */
export async function savedPack(lang: LanguageCode, courseId: string): Promise<SavedPack | null> {
  const kept = await savedSigned(lang, courseId);
  if (!kept) return null;
  const manifest = JSON.parse(kept.signed.manifest) as PackManifest;
  return { manifest, savedAt: kept.savedAt, size: packSize(manifest.files) };
}

export interface SavedCourse extends SavedPack {
  lang: LanguageCode;
  courseId: string;
}

/** Every course saved on this phone (whose download finished), the latest saved first. */
export async function savedCourses(): Promise<SavedCourse[]> {
  if (!packsSupported()) return [];
  const found: SavedCourse[] = [];
  for (const name of await caches.keys()) {
    const [lang, courseId] = name.startsWith(PACK_CACHE_PREFIX) ? name.slice(PACK_CACHE_PREFIX.length).split(':') : [];
    if (!lang || !courseId || !isLanguageCode(lang)) continue;
    const saved = await savedPack(lang, courseId);
    if (saved) found.push({ ...saved, lang, courseId });
  }
  return found.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** The bytes an update downloads: the files of the new version whose hash differs. */
export async function updateSize(lang: LanguageCode, courseId: string, pack: Pack): Promise<number> {
  // Opening a cache makes it: a course never saved is asked without one.
  if (!(await caches.has(packCacheName(lang, courseId)))) return packSize(pack.manifest.files);
  const cache = await caches.open(packCacheName(lang, courseId));
  return packSize(await missingFiles(cache, pack.manifest.files));
}

export async function removePack(lang: LanguageCode, courseId: string): Promise<void> {
  await caches.delete(packCacheName(lang, courseId));
  await tellWorker();
}
