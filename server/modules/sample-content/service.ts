// Imports the content folder (docs/content-format.md): validates every file first, copies the files
// they reference into the uploads folder, then turns each course language, blog, story, gallery title
// and banner item into a version of a content item (made by the import) and publishes it as the file
// says, each in its own transaction. Ids come from slugs, so the import is idempotent and an edit
// updates in place; an item staff have written to is left alone (ADR 19). It writes through
// authoring's importLanguage, so publishing, its read models and their announcement are the staff's.
//
// The module's surface (server/main.ts, server/cli/content-import.ts, bench/ and tests call it):
// importContent, importContentIfEmpty, describeCounts, ContentValidationError, ImportLog.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {
  BannerDocument,
  BlogDocument,
  CourseDocument,
  GalleryDocument,
  StoryDocument,
} from '../../../contract/authoring';
import type { ContentKind } from '../../../contract/content-kinds';
import type { LanguageCode } from '../../../contract/languages';
import type { Db } from '../../db/client';
import { markdownToSafeHtml } from '../../lib/rich-text';
import { loadContent, type LoadedContent } from './load';
import { importTransaction, isContentEmpty } from './repository';
import { importLanguage, type ImportStatus } from '../authoring/service';
import type { BannersFile, BlogFile, CourseFile, StoryFile, StoryTranslationFile, TitlesFile } from './schemas';

export interface ImportLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface ImportOptions {
  db: Db;
  contentDir: string;
  uploadsDir: string;
  log: ImportLog;
}

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  /** Items staff have written to since they were imported: the files were not applied. */
  skipped: number;
}

export interface ImportResult extends Counts {
  courses: Counts;
  blogs: Counts;
  stories: Counts;
  galleryTitles: Counts;
  banners: Counts;
  files: { copied: number; unchanged: number };
}

/** The content folder has mistakes; `errors` names each file and field. Nothing was written. */
export class ContentValidationError extends Error {
  constructor(readonly errors: string[]) {
    super(
      `The content is invalid (${errors.length} ${errors.length === 1 ? 'problem' : 'problems'}):\n${errors.map((e) => `  - ${e}`).join('\n')}`,
    );
  }
}

/** Stored file paths are addressed under the uploads folder, e.g. uploads/blogs/upi.svg. */
export const storedPath = (relative: string) => `uploads/${relative}`;

const day = (date: string) => new Date(`${date}T00:00:00.000Z`);

/**
 * A course file as the document of its language. Keys are the slugs (a lesson's is chapter/lesson),
 * so every public row keeps the id the import has always given it.
 */
export function courseDocument(file: CourseFile): CourseDocument {
  return {
    title: file.title,
    description: markdownToSafeHtml(file.description),
    image: storedPath(file.image),
    document: file.document ? storedPath(file.document) : null,
    duration: file.duration,
    summary: file.summary ? markdownToSafeHtml(file.summary) : null,
    journal: file.journal ? markdownToSafeHtml(file.journal) : null,
    chapters: file.chapters.map((chapter) => ({
      key: chapter.slug,
      title: chapter.title,
      lessons: chapter.lessons.map((lesson) => ({
        key: `${chapter.slug}/${lesson.slug}`,
        title: lesson.title,
        duration: lesson.duration,
        content: markdownToSafeHtml(lesson.content),
      })),
    })),
    videos: (file.videos ?? []).map((video) => ({
      key: video.slug,
      title: video.title,
      description: video.description?.trim() || null,
      video: storedPath(video.video),
      poster: video.poster ? storedPath(video.poster) : null,
      duration: video.duration,
    })),
    quizzes: (file.quizzes ?? []).map((quiz) => ({
      key: quiz.slug,
      title: quiz.title,
      passingCriteria: quiz.passingCriteria,
      questions: quiz.questions.map((question) => ({
        key: question.slug,
        type: question.type,
        content: question.content.trim(),
        explanation: question.explanation?.trim() || null,
        options: question.options.map((option) => ({
          key: option.slug,
          content: option.content.trim(),
          correct: option.correct ?? false,
        })),
      })),
    })),
  };
}

function blogDocument(file: BlogFile): BlogDocument {
  return {
    title: file.title,
    author: file.author,
    date: file.date,
    readTime: file.readTime,
    image: storedPath(file.image),
    imageAlt: file.imageAlt,
    description: markdownToSafeHtml(file.description),
  };
}

function storyDocument(file: StoryFile): StoryDocument {
  return {
    authorName: file.authorName,
    date: file.date,
    image: storedPath(file.image),
    imageAlt: file.imageAlt,
    isHighlighted: file.isHighlighted ?? false,
    description: markdownToSafeHtml(file.description),
  };
}

/** A translated story: its text from the translation, its picture, date and highlight from the English file. */
function storyTranslationDocument(english: StoryFile, translation: StoryTranslationFile): StoryDocument {
  return storyDocument({
    ...english,
    authorName: translation.authorName,
    imageAlt: translation.imageAlt,
    description: translation.description,
  });
}

// Gallery and banner images have no slug of their own: their place in the file names them.
const images = (list: { image: string; alt: string }[]) =>
  list.map((image, i) => ({ key: String(i + 1), image: storedPath(image.image), alt: image.alt }));

function galleryDocument(item: TitlesFile[number], index: number): GalleryDocument {
  return { title: item.title, position: index + 1, images: images(item.images) };
}

function bannerDocument(item: BannersFile[number], index: number): BannerDocument {
  return {
    title: item.title,
    subTitle: item.subTitle ?? '',
    location: item.location ?? '',
    position: index + 1,
    images: images(item.images),
  };
}

function sameFile(a: string, b: string): boolean {
  const sa = fs.statSync(a);
  const sb = fs.statSync(b, { throwIfNoEntry: false });
  if (!sb || sa.size !== sb.size) return false;
  const hash = (p: string) => crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex');
  return hash(a) === hash(b);
}

/** Copies each referenced file into the uploads folder when it is missing there or differs. */
function copyFiles(contentDir: string, uploadsDir: string, files: string[]) {
  let copied = 0;
  for (const relative of files) {
    const from = path.join(contentDir, 'files', relative);
    const to = path.join(uploadsDir, relative);
    if (sameFile(from, to)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    // Copy then rename, so a server serving the old file never sends half of the new one.
    const partial = `${to}.${process.pid}.part`;
    fs.copyFileSync(from, partial);
    fs.renameSync(partial, to);
    copied++;
  }
  return { copied, unchanged: files.length - copied };
}

const zero = (): Counts => ({ created: 0, updated: 0, unchanged: 0, skipped: 0 });
const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
const SKIPPED = 'staff have edited it since it was imported, so the file was not applied';

/** The course files' languages, the source (English when there is one) first, so translations can refer to it. */
function coursesInOrder(content: LoadedContent) {
  const sourceOf = new Map<string, LanguageCode>();
  for (const { data } of content.courses) {
    const current = sourceOf.get(data.slug);
    if (!current || data.lang === 'en') sourceOf.set(data.slug, data.lang);
  }
  return [...sourceOf.entries()].flatMap(([slug, sourceLang]) => {
    const files = content.courses.filter((entry) => entry.data.slug === slug);
    const ordered = [
      ...files.filter((entry) => entry.data.lang === sourceLang),
      ...files.filter((entry) => entry.data.lang !== sourceLang),
    ];
    return ordered.map((entry) => ({ ...entry, sourceLang }));
  });
}

/** Validates the whole folder (throws ContentValidationError, writing nothing), then imports it. */
export async function importContent({ db, contentDir, uploadsDir, log }: ImportOptions): Promise<ImportResult> {
  const loaded = loadContent(contentDir);
  if (!loaded.ok) throw new ContentValidationError(loaded.errors);
  const content = loaded.content;

  const result: ImportResult = {
    ...zero(),
    courses: zero(),
    blogs: zero(),
    stories: zero(),
    galleryTitles: zero(),
    banners: zero(),
    files: copyFiles(contentDir, uploadsDir, content.files),
  };
  log.info(
    `content files: ${result.files.copied} copied to the uploads folder, ${result.files.unchanged} already there`,
  );
  const count = (kind: Counts, status: ImportStatus) => {
    kind[status]++;
    result[status]++;
  };
  const importOne = (input: {
    kind: ContentKind;
    slug: string;
    lang: LanguageCode;
    sourceLang: LanguageCode;
    body: CourseDocument | BlogDocument | StoryDocument | GalleryDocument | BannerDocument;
    published: boolean;
    createdAt?: Date;
  }) => importTransaction(db, (tx) => importLanguage(tx, input));

  for (const { data, sourceLang } of coursesInOrder(content)) {
    const body = courseDocument(data);
    const status = await importOne({
      kind: 'course',
      slug: data.slug,
      lang: data.lang,
      sourceLang,
      body,
      published: data.published ?? true,
      createdAt: data.createdAt ? day(data.createdAt) : undefined,
    });
    count(result.courses, status);
    const lessons = body.chapters.reduce((n, chapter) => n + chapter.lessons.length, 0);
    log.info(
      status === 'skipped'
        ? `skipped course ${data.slug} (${data.lang}): ${SKIPPED}`
        : `imported course ${data.slug} (${data.lang}): ${plural(body.chapters.length, 'chapter')}, ${plural(lessons, 'lesson')}, ` +
            `${plural(body.videos.length, 'video')}, ${plural(body.quizzes.length, 'quiz', 'quizzes')} (${status})`,
    );
  }
  for (const { data, slug } of content.blogs) {
    const status = await importOne({
      kind: 'blog',
      slug,
      lang: 'en',
      sourceLang: 'en',
      body: blogDocument(data),
      published: data.published ?? true,
    });
    count(result.blogs, status);
    log.info(status === 'skipped' ? `skipped blog ${slug}: ${SKIPPED}` : `imported blog ${slug} (${status})`);
  }
  // Each English story, then its translations: a translation is a language of the English item.
  for (const { data, slug } of content.stories) {
    const published = data.published ?? true;
    const versions = [
      { lang: 'en' as LanguageCode, body: storyDocument(data), published },
      ...content.storyTranslations
        .filter((translation) => translation.slug === slug)
        // A translation of a draft is a draft too, unless its file says otherwise.
        .map((translation) => ({
          lang: translation.lang,
          body: storyTranslationDocument(data, translation.data),
          published: translation.data.published ?? published,
        })),
    ];
    for (const { lang, body, published: isPublished } of versions) {
      const status = await importOne({ kind: 'story', slug, lang, sourceLang: 'en', body, published: isPublished });
      count(result.stories, status);
      const name = lang === 'en' ? slug : `${slug} (${lang})`;
      log.info(
        status === 'skipped'
          ? `skipped success story ${name}: ${SKIPPED}`
          : `imported success story ${name} (${status})`,
      );
    }
  }
  type MediaEntry = { slug: string; lang: LanguageCode; body: GalleryDocument | BannerDocument };
  const media = async (kind: 'gallery' | 'banner', counts: Counts, entries: MediaEntry[], what: string) => {
    let imageCount = 0;
    for (const { slug, lang, body } of entries) {
      const status = await importOne({ kind, slug, lang, sourceLang: 'en', body, published: true });
      count(counts, status);
      imageCount += body.images.length;
      if (status === 'skipped') log.info(`skipped ${what} ${slug}${lang === 'en' ? '' : ` (${lang})`}: ${SKIPPED}`);
    }
    const languages = new Set(entries.map((entry) => entry.lang)).size;
    log.info(
      `imported ${plural(entries.length, what)}${languages > 1 ? ` in ${languages} languages` : ''}, ${plural(imageCount, 'image')} (${describeCounts(counts)})`,
    );
  };
  /**
   * The English list, then each translation's entries, which keep their English entry's place: the
   * translation is a language of the same item, in the same position of the list.
   */
  const mediaEntries = <T extends { slug: string }>(
    english: { data: T[] } | undefined,
    translations: { data: T[]; lang: LanguageCode }[],
    document: (item: T, index: number) => GalleryDocument | BannerDocument,
  ): MediaEntry[] => {
    if (!english) return [];
    const place = new Map(english.data.map((item, i) => [item.slug, i]));
    return [
      ...english.data.map((item, i) => ({ slug: item.slug, lang: 'en' as LanguageCode, body: document(item, i) })),
      ...translations.flatMap(({ data, lang }) =>
        data.map((item) => ({ slug: item.slug, lang, body: document(item, place.get(item.slug)!) })),
      ),
    ];
  };
  if (content.titles)
    await media(
      'gallery',
      result.galleryTitles,
      mediaEntries(content.titles, content.titleTranslations, galleryDocument),
      'media title',
    );
  if (content.banners)
    await media(
      'banner',
      result.banners,
      mediaEntries(content.banners, content.bannerTranslations, bannerDocument),
      'banner item',
    );
  log.info(`content import done: ${describeCounts(result)}`);
  return result;
}

export function describeCounts(counts: Counts): string {
  return `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged${counts.skipped ? `, ${counts.skipped} skipped (edited by staff)` : ''}`;
}

/** At start: fills a fresh database with the sample content; leaves a database with content alone. */
export async function importContentIfEmpty(options: ImportOptions): Promise<ImportResult | undefined> {
  if (!(await isContentEmpty(options.db))) return undefined;
  if (!fs.existsSync(options.contentDir)) {
    options.log.warn(`no content folder at ${options.contentDir}; starting with an empty site`);
    return undefined;
  }
  options.log.info(`empty database: importing the sample content from ${options.contentDir}`);
  return importContent(options);
}
