// Imports the content folder (docs/content-format.md): validates every file first, copies the files
// they reference into the uploads folder, then writes each course, blog, story and media file in its
// own transaction. Ids come from slugs, so the import is idempotent and an edit updates in place.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { markdownToSafeHtml } from '../../lib/rich-text';
import { stableId } from '../../lib/stable-id';
import { loadContent, type LoadedContent } from './load';
import {
  isContentEmpty,
  writeBanners,
  writeBlog,
  writeCourse,
  writeGallery,
  writeStory,
  type BannerRows,
  type CourseRows,
  type GalleryRows,
  type Status,
} from './repository';
import type { CourseFile } from './schemas';

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
}

export interface ImportResult extends Counts {
  courses: Counts;
  blogs: Counts;
  stories: Counts;
  mediaTitles: Counts;
  banners: Counts;
  files: { copied: number; unchanged: number };
}

/** The content folder has mistakes; `errors` names each file and field. Nothing was written. */
export class ContentValidationError extends Error {
  constructor(readonly errors: string[]) {
    super(`The content is invalid (${errors.length} ${errors.length === 1 ? 'problem' : 'problems'}):\n${errors.map((e) => `  - ${e}`).join('\n')}`);
  }
}

/** Stored file paths are addressed under the uploads folder, e.g. uploads/blogs/upi.svg. */
export const storedPath = (relative: string) => `uploads/${relative}`;

const day = (date: string) => new Date(`${date}T00:00:00.000Z`);

function courseRows(file: CourseFile): CourseRows {
  const { slug, lang } = file;
  const courseId = stableId('course', slug, lang);
  const rows: CourseRows = {
    course: {
      id: courseId,
      slug,
      lang,
      title: file.title,
      description: markdownToSafeHtml(file.description),
      image: storedPath(file.image),
      document: file.document ? storedPath(file.document) : null,
      duration: file.duration,
      summary: file.summary ? markdownToSafeHtml(file.summary) : null,
      journal: file.journal ? markdownToSafeHtml(file.journal) : null,
      published: file.published ?? true,
      // Without a date in the file the first import's time stays the course's date.
      createdAt: file.createdAt ? day(file.createdAt) : undefined,
    },
    chapters: [],
    lessons: [],
    videos: [],
    quizzes: [],
    questions: [],
    options: [],
  };
  file.chapters.forEach((chapter, ci) => {
    const chapterId = stableId('chapter', slug, lang, chapter.slug);
    rows.chapters.push({ id: chapterId, courseId, slug: chapter.slug, title: chapter.title, position: ci + 1 });
    chapter.lessons.forEach((lesson, li) => {
      rows.lessons.push({
        id: stableId('lesson', slug, lang, chapter.slug, lesson.slug),
        chapterId,
        courseId,
        slug: lesson.slug,
        title: lesson.title,
        position: li + 1,
        duration: lesson.duration,
        content: markdownToSafeHtml(lesson.content),
      });
    });
  });
  (file.videos ?? []).forEach((video, vi) => {
    rows.videos.push({
      id: stableId('video', slug, lang, video.slug),
      courseId,
      slug: video.slug,
      title: video.title,
      description: video.description?.trim() || null,
      position: vi + 1,
      video: storedPath(video.video),
      poster: video.poster ? storedPath(video.poster) : null,
      duration: video.duration,
    });
  });
  (file.quizzes ?? []).forEach((quiz, qi) => {
    const quizId = stableId('quiz', slug, lang, quiz.slug);
    rows.quizzes.push({ id: quizId, courseId, slug: quiz.slug, title: quiz.title, position: qi + 1, passingCriteria: quiz.passingCriteria });
    quiz.questions.forEach((question, ni) => {
      const questionId = stableId('question', slug, lang, quiz.slug, question.slug);
      rows.questions.push({
        id: questionId,
        quizId,
        slug: question.slug,
        position: ni + 1,
        content: question.content.trim(),
        type: question.type,
        explanation: question.explanation?.trim() || null,
      });
      question.options.forEach((option, oi) => {
        rows.options.push({
          id: stableId('option', slug, lang, quiz.slug, question.slug, option.slug),
          questionId,
          slug: option.slug,
          position: oi + 1,
          content: option.content.trim(),
          isCorrect: option.correct ?? false,
        });
      });
    });
  });
  return rows;
}

function galleryRows(content: LoadedContent): GalleryRows[] {
  return (content.titles?.data ?? []).map((item, ti) => {
    const titleId = stableId('media-title', item.slug);
    return {
      title: { id: titleId, slug: item.slug, title: item.title, position: ti + 1 },
      images: item.images.map((image, ii) => ({
        // Gallery images have no slug of their own: their place in the list names them.
        id: stableId('media-image', item.slug, String(ii + 1)),
        titleId,
        image: storedPath(image.image),
        alt: image.alt,
        position: ii + 1,
      })),
    };
  });
}

function bannerRows(content: LoadedContent): BannerRows[] {
  return (content.banners?.data ?? []).map((item, bi) => {
    const bannerId = stableId('banner', item.slug);
    return {
      banner: { id: bannerId, slug: item.slug, title: item.title, subTitle: item.subTitle ?? '', location: item.location ?? '', position: bi + 1 },
      images: item.images.map((image, ii) => ({
        id: stableId('banner-image', item.slug, String(ii + 1)),
        bannerId,
        image: storedPath(image.image),
        alt: image.alt,
        position: ii + 1,
      })),
    };
  });
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

const zero = (): Counts => ({ created: 0, updated: 0, unchanged: 0 });
const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

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
    mediaTitles: zero(),
    banners: zero(),
    files: copyFiles(contentDir, uploadsDir, content.files),
  };
  log.info(`content files: ${result.files.copied} copied to the uploads folder, ${result.files.unchanged} already there`);
  const count = (kind: Counts, status: Status) => {
    kind[status]++;
    result[status]++;
  };

  for (const { data } of content.courses) {
    const rows = courseRows(data);
    const status = await writeCourse(db, rows);
    count(result.courses, status);
    log.info(
      `imported course ${data.slug} (${data.lang}): ${plural(rows.chapters.length, 'chapter')}, ${plural(rows.lessons.length, 'lesson')}, ` +
        `${plural(rows.videos.length, 'video')}, ${plural(rows.quizzes.length, 'quiz', 'quizzes')}` +
        ` (${status})`,
    );
  }
  for (const { data, slug } of content.blogs) {
    const status = await writeBlog(db, {
      id: stableId('blog', slug),
      slug,
      title: data.title,
      description: markdownToSafeHtml(data.description),
      image: storedPath(data.image),
      imageAlt: data.imageAlt,
      author: data.author,
      readTime: data.readTime,
      published: data.published ?? true,
      createdAt: day(data.date),
    });
    count(result.blogs, status);
    log.info(`imported blog ${slug} (${status})`);
  }
  for (const { data, slug } of content.stories) {
    const status = await writeStory(db, {
      id: stableId('story', slug),
      slug,
      authorName: data.authorName,
      image: storedPath(data.image),
      imageAlt: data.imageAlt,
      description: markdownToSafeHtml(data.description),
      isHighlighted: data.isHighlighted ?? false,
      published: data.published ?? true,
      createdAt: day(data.date),
    });
    count(result.stories, status);
    log.info(`imported success story ${slug} (${status})`);
  }
  if (content.titles) {
    const rows = galleryRows(content);
    const statuses = await writeGallery(db, rows);
    statuses.forEach((status) => count(result.mediaTitles, status));
    log.info(`imported ${plural(rows.length, 'media title')}, ${plural(rows.reduce((n, r) => n + r.images.length, 0), 'image')} (${describeCounts(result.mediaTitles)})`);
  }
  if (content.banners) {
    const rows = bannerRows(content);
    const statuses = await writeBanners(db, rows);
    statuses.forEach((status) => count(result.banners, status));
    log.info(`imported ${plural(rows.length, 'banner item')}, ${plural(rows.reduce((n, r) => n + r.images.length, 0), 'image')} (${describeCounts(result.banners)})`);
  }
  log.info(`content import done: ${describeCounts(result)}`);
  return result;
}

export function describeCounts(counts: Counts): string {
  return `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged`;
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
