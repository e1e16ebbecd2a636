// A saved course as one file, to pass from phone to phone where there is no network (ADR 42): the
// sender's phone writes it from the course it keeps; the receiver's phone checks the server's
// signature of its manifest and every file's SHA-256 before it keeps anything, so a file changed on
// the way, cut short, or made elsewhere is refused whole.
//
// The file: "JGKPACK1", the header's length (4 bytes, big-endian), the header (JSON: the signed
// manifest as the server sent it, and each file's content type), then the manifest's files' bytes
// one after another, in the manifest's order, each of the length the manifest gives.
import type { PackFile, PackFileKind, PackManifest } from '../../contract/packs';
import { isLanguageCode, type LanguageCode } from '../../contract/languages';
import {
  PackError,
  finishSave,
  keepFile,
  packCacheName,
  packSize,
  packsSupported,
  savedSigned,
  makeRoomFor,
  verified,
  type Pack,
} from './course-packs';

export const PACK_FILE_EXTENSION = '.jgkpack';
const MAGIC = 'JGKPACK1';
const PREFIX_BYTES = MAGIC.length + 4;
/** A header is a manifest and its types: far below this for any course; more is not a course file. */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;

interface Header {
  signed: Pack['signed'];
  /** The content type of each file, in the manifest's order (checked against its kind on opening). */
  types: string[];
}

/**
 * The content types a file of each kind may be kept with: a course file says each file's type,
 * but a type outside these (a page, a script) is never kept, whatever the file says.
 */
const TYPES: Record<PackFileKind, RegExp> = {
  text: /^application\/json(;.*)?$/,
  picture: /^image\/(webp|png|jpeg|gif|avif)$/,
  video: /^video\/(mp4|webm)$/,
  audio: /^(audio\/(ogg|opus|webm|mpeg)(;.*)?|application\/json(;.*)?)$/,
};

/** A saved course as one file, with the course's slug and language in its name. */
export async function writePackFile(lang: LanguageCode, courseId: string): Promise<File> {
  const saved = await savedSigned(lang, courseId);
  if (!saved) throw new PackError('stopped');
  const manifest = JSON.parse(saved.signed.manifest) as PackManifest;
  const cache = await caches.open(packCacheName(lang, courseId));
  const parts: BlobPart[] = [];
  const types: string[] = [];
  for (const file of manifest.files) {
    const kept = await cache.match(file.url);
    if (!kept) throw new PackError('stopped');
    types.push(kept.headers.get('content-type') ?? 'application/octet-stream');
    parts.push(await kept.arrayBuffer());
  }
  const header = new TextEncoder().encode(JSON.stringify({ signed: saved.signed, types } satisfies Header));
  const prefix = new Uint8Array(PREFIX_BYTES);
  prefix.set(new TextEncoder().encode(MAGIC));
  new DataView(prefix.buffer).setUint32(MAGIC.length, header.byteLength);
  return new File([prefix, header, ...parts], `${manifest.course.slug}-${lang}${PACK_FILE_EXTENSION}`, {
    type: 'application/octet-stream',
  });
}

async function readHeader(file: Blob): Promise<{ header: Header; offset: number }> {
  const prefix = new Uint8Array(await file.slice(0, PREFIX_BYTES).arrayBuffer());
  if (prefix.byteLength < PREFIX_BYTES || new TextDecoder().decode(prefix.slice(0, MAGIC.length)) !== MAGIC) {
    throw new PackError('notGenuine');
  }
  const length = new DataView(prefix.buffer).getUint32(MAGIC.length);
  if (length > MAX_HEADER_BYTES || PREFIX_BYTES + length > file.size) throw new PackError('notGenuine');
  try {
    const header = JSON.parse(
      new TextDecoder().decode(await file.slice(PREFIX_BYTES, PREFIX_BYTES + length).arrayBuffer()),
    ) as Header;
    if (typeof header.signed?.manifest !== 'string' || !Array.isArray(header.types)) throw new Error('shape');
    return { header, offset: PREFIX_BYTES + length };
  } catch {
    throw new PackError('notGenuine');
  }
}

const typeOf = (file: PackFile, declared: unknown) =>
  typeof declared === 'string' && TYPES[file.kind]?.test(declared) ? declared : 'application/octet-stream';

/**
 * Opens a course file: its manifest's signature is checked with the server's key (the one the phone
 * keeps when there is no network), its length and every file's hash are checked, and only then is
 * the course kept, as a download would have kept it. Resolves with the course it holds.
 */
export async function openPackFile(file: Blob): Promise<{ lang: LanguageCode; courseId: string; title: string }> {
  if (!packsSupported()) throw new PackError('unsupported');
  const { header, offset } = await readHeader(file);
  const manifest = await verified(header.signed);
  const { id: courseId, lang, title } = manifest.course;
  if (!isLanguageCode(lang)) throw new PackError('notGenuine');
  const bytes = packSize(manifest.files);
  if (file.size !== offset + bytes || header.types.length !== manifest.files.length) {
    throw new PackError('notGenuine');
  }
  await makeRoomFor(bytes);
  const name = packCacheName(lang, courseId);
  const hadIt = await caches.has(name);
  const cache = await caches.open(name);
  try {
    let at = offset;
    for (const [index, entry] of manifest.files.entries()) {
      const body = await file.slice(at, at + entry.size).arrayBuffer();
      at += entry.size;
      await keepFile(cache, entry, body, typeOf(entry, header.types[index]));
    }
  } catch (error) {
    // A course file refused leaves nothing behind on a phone that did not have the course.
    if (!hadIt) await caches.delete(name);
    throw error;
  }
  await finishSave(cache, lang, courseId, { manifest, signed: header.signed });
  return { lang, courseId, title };
}

/**
 * Passes a saved course on: the phone's share sheet when it can share such a file, a download of
 * the file otherwise (then sent as any file is: a messaging app, Bluetooth, a memory card).
 */
export async function sharePackFile(
  lang: LanguageCode,
  courseId: string,
  title: string,
): Promise<'shared' | 'downloaded'> {
  const file = await writePackFile(lang, courseId);
  if (navigator.canShare?.({ files: [file] })) {
    await navigator.share({ files: [file], title });
    return 'shared';
  }
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: file.name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'downloaded';
}
