// Course packs (ADR 42): one course in one language for learning without a network. A pack is the
// answers the app reads online (the course, each chapter with its lessons, each quiz's questions
// and options, never which are right), the pictures they show, the voices that read it aloud (their
// list and their files, unless the phone declines them) and, when asked, the course's videos, each listed in a manifest with the address the app asks for it at, its size and SHA-256, signed by
// the server. The text files are the routes' own answers, asked of the server itself, so the bytes
// a manifest describes are exactly the bytes the app downloads.
//
// The module's surface for other modules: none; only its routes call it.
import { createHash } from 'node:crypto';
import type { LanguageCode } from '../../../contract/languages';
import { PACK_FORMAT } from '../../../contract/offline-rules';
import { type PackFile, type PackFileKind, type PackManifest, type SignedPackManifest } from '../../../contract/packs';
import { StoredFileMissingError, type FileStorage } from '../../lib/storage/file-storage';
import type { PackSigner } from '../../lib/pack-signing';
import { streamDigest } from '../../lib/storage/stream-digest';
import { HttpError, notFound } from '../../plugins/errors';

export interface PackDeps {
  /** A GET of one of the site's own public routes: its status and body bytes. */
  fetchOwn(url: string): Promise<{ status: number; body: Buffer }>;
  storage: FileStorage;
  signer: PackSigner;
}

/**
 * What a stored file is, known once per process: uploads are stored by their content's hash and never
 * change; the sample content's own files change only with a new release, which restarts the process.
 */
const knownFiles = new Map<string, { size: number; sha256: string }>();
const KNOWN_FILES_MAX = 20_000;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The file's size and hash; null when it is missing (the page online shows nothing there either). */
async function describeStored(storage: FileStorage, key: string): Promise<{ size: number; sha256: string } | null> {
  const known = knownFiles.get(key);
  if (known) return known;
  let stream;
  try {
    stream = await storage.stream(key);
  } catch (error) {
    if (error instanceof StoredFileMissingError) return null;
    throw error;
  }
  const described = await streamDigest(stream);
  if (knownFiles.size >= KNOWN_FILES_MAX) knownFiles.delete(knownFiles.keys().next().value!);
  knownFiles.set(key, described);
  return described;
}

/** The pictures a lesson's HTML shows (its img elements' sources). */
export function picturesIn(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((match) => match[1] ?? match[2]!);
}

interface CourseAnswer {
  id: string;
  slug: string;
  title: string;
  image: string;
  chapters: { id: string }[];
  quizzes: { id: string }[];
  videos: { video: string; poster: string | null }[];
}

function courseOf(lang: LanguageCode, body: Buffer): CourseAnswer {
  const course = (JSON.parse(body.toString()) as Record<string, Record<string, unknown>>)[`course_${lang}`]!;
  return {
    id: course.id as string,
    slug: course.slug as string,
    title: course.title as string,
    image: course.image as string,
    chapters: course[`chapter_${lang}s`] as { id: string }[],
    quizzes: course[`quiz_${lang}s`] as { id: string }[],
    videos: course.videos as { video: string; poster: string | null }[],
  };
}

/** Every file of the course's pack, videos included, and the course as the manifest names it. */
async function packFiles(deps: PackDeps, lang: LanguageCode, courseId: string) {
  const files: PackFile[] = [];
  const text = async (url: string) => {
    const answer = await deps.fetchOwn(url);
    if (answer.status === 404) throw notFound('courseNotFound');
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status} while a pack was made`);
    files.push({ url, kind: 'text', size: answer.body.length, sha256: sha256(answer.body) });
    return answer.body;
  };
  const course = courseOf(lang, await text(`/api/course/public/${lang}/${courseId}`));
  const pictures = [course.image, ...course.videos.flatMap((video) => (video.poster ? [video.poster] : []))];
  for (const chapter of course.chapters) {
    const body = await text(`/api/chapter/public/${lang}/${courseId}/chapters/${chapter.id}`);
    const lessons = (JSON.parse(body.toString()) as Record<string, Record<string, { content: string }[]>>)[
      `chapter_${lang}`
    ]![`lesson_${lang}s`]!;
    for (const lesson of lessons) pictures.push(...picturesIn(lesson.content));
  }
  for (const quiz of course.quizzes) await text(`/api/quiz/public/${lang}/${courseId}/quiz/${quiz.id}`);
  const audio = await voicesOf(deps, lang, courseId);
  if (audio) files.push(audio.list);
  const stored = async (path: string, kind: PackFileKind) => {
    // A picture on another site stays there: it shows when the phone is online.
    const key = deps.storage.keyOf(path);
    if (!key || files.some((file) => file.url === `/${path}`)) return;
    const described = await describeStored(deps.storage, key);
    if (described) files.push({ url: `/${deps.storage.publicPath(key)}`, kind, ...described });
  };
  for (const picture of pictures) await stored(picture.replace(/^\//, ''), 'picture');
  for (const video of course.videos) await stored(video.video.replace(/^\//, ''), 'video');
  for (const path of audio?.files ?? []) await stored(path, 'audio');
  return { course: { id: course.id, lang, slug: course.slug, title: course.title }, files };
}

/**
 * The course's voices (read aloud, ADR 41): the list the player asks for, as a file of the pack, and
 * the sound files it names; null when the course has none to give (a course not voiced at all).
 */
async function voicesOf(
  deps: PackDeps,
  lang: LanguageCode,
  courseId: string,
): Promise<{ list: PackFile; files: string[] } | null> {
  const url = `/api/read-aloud/courses/${courseId}?lang=${lang}`;
  const answer = await deps.fetchOwn(url);
  if (answer.status !== 200) return null;
  const voices = JSON.parse(answer.body.toString()) as { parts: { segments: { audio: string }[] }[] };
  const files = [...new Set(voices.parts.flatMap((part) => part.segments.map((segment) => segment.audio)))];
  if (files.length === 0) return null;
  return { list: { url, kind: 'audio', size: answer.body.length, sha256: sha256(answer.body) }, files };
}

const total = (files: PackFile[], kind: PackFileKind) =>
  files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.size, 0);

/** The course's pack manifest, signed: with its videos or without them, with its voices or without them. */
export async function packManifest(
  deps: PackDeps,
  lang: LanguageCode,
  courseId: string,
  { withVideos, withVoices }: { withVideos: boolean; withVoices: boolean },
): Promise<SignedPackManifest> {
  let all: Awaited<ReturnType<typeof packFiles>>;
  try {
    all = await packFiles(deps, lang, courseId);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new Error(`the pack of ${lang}/${courseId} could not be made`, { cause: error });
  }
  const manifest: PackManifest = {
    format: PACK_FORMAT,
    course: all.course,
    // One version per publication, whichever files a phone takes.
    version: sha256(Buffer.from(all.files.map((file) => `${file.url} ${file.sha256}\n`).join(''))),
    withVideos,
    withVoices,
    files: all.files.filter((file) => (withVideos || file.kind !== 'video') && (withVoices || file.kind !== 'audio')),
    sizes: {
      text: total(all.files, 'text'),
      pictures: total(all.files, 'picture'),
      videos: total(all.files, 'video'),
      audio: total(all.files, 'audio'),
    },
  };
  const text = JSON.stringify(manifest);
  return { manifest: text, signature: signatureOf(deps.signer, text), keyId: deps.signer.keyId };
}

/**
 * Signatures made, by the text signed: an ECDSA signature is drawn afresh each time, and a manifest,
 * a function of what is published, is then answered with the same bytes however often it is made.
 */
const signatures = new Map<string, string>();
const SIGNATURES_KEPT = 2_000;

function signatureOf(signer: PackSigner, text: string): string {
  const key = `${signer.keyId} ${sha256(Buffer.from(text))}`;
  let signature = signatures.get(key);
  if (!signature) {
    signature = signer.sign(text);
    if (signatures.size >= SIGNATURES_KEPT) signatures.delete(signatures.keys().next().value!);
    signatures.set(key, signature);
  }
  return signature;
}
