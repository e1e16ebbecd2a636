// Reads and checks every content file before anything is written: a writer sees all the mistakes at
// once, each named by file and field (sample-content/courses/money-basics/hi.yaml: chapters[2].title is
// required), and a half-valid folder never leaves the database half-imported.
import fs from 'node:fs';
import path from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import YAML from 'yaml';
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import {
  BannersFile,
  BlogFile,
  CourseFile,
  SLUG_PATTERN,
  StoryFile,
  StoryTranslationFile,
  TitlesFile,
} from './schemas';

export interface Loaded<T> {
  /** Path shown in messages, e.g. sample-content/blogs/upi-safety.yaml */
  file: string;
  data: T;
}

export interface LoadedContent {
  courses: (Loaded<CourseFile> & { lang: LanguageCode })[];
  blogs: (Loaded<BlogFile> & { slug: string })[];
  stories: (Loaded<StoryFile> & { slug: string })[];
  /** `stories/<slug>.<lang>.yaml`, each of a story above. */
  storyTranslations: (Loaded<StoryTranslationFile> & { slug: string; lang: LanguageCode })[];
  titles: Loaded<TitlesFile> | undefined;
  banners: Loaded<BannersFile> | undefined;
  /** `media/titles.<lang>.yaml`: entries of titles.yaml (same slugs and image paths) in another language. */
  titleTranslations: (Loaded<TitlesFile> & { lang: LanguageCode })[];
  /** `media/banners.<lang>.yaml`, likewise of banners.yaml. */
  bannerTranslations: (Loaded<BannersFile> & { lang: LanguageCode })[];
  /** Every referenced path under sample-content/files, in a stable order. */
  files: string[];
}

export type LoadResult = { ok: true; content: LoadedContent } | { ok: false; errors: string[] };

const IMAGE_EXT = ['.svg', '.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif'];
const DOCUMENT_EXT = ['.pdf'];
const VIDEO_EXT = ['.webm', '.mp4'];

const slugRegex = new RegExp(SLUG_PATTERN);

/** '/chapters/2/lessons/0/duration' -> 'chapters[2].lessons[0].duration' */
export function fieldPath(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  }
  return out;
}

function describe(error: ValueError): string {
  const schema = error.schema as TSchema & Record<string, unknown>;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'is required';
    case ValueErrorType.ObjectAdditionalProperties:
      return 'is not a known field (see docs/content-format.md)';
  }
  if (typeof schema['x-message'] === 'string') return schema['x-message'];
  switch (error.type) {
    case ValueErrorType.Integer:
      return 'must be a whole number';
    case ValueErrorType.Number:
      return 'must be a number';
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `must be at least ${String(schema.minimum)}`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `must be at most ${String(schema.maximum)}`;
    case ValueErrorType.String:
      return 'must be text';
    case ValueErrorType.StringMinLength:
      return 'must not be empty';
    case ValueErrorType.Boolean:
      return 'must be true or false';
    case ValueErrorType.Array:
      return 'must be a list';
    case ValueErrorType.ArrayMinItems: {
      const min = Number(schema.minItems);
      return `must have at least ${min} ${min === 1 ? 'entry' : 'entries'}`;
    }
    case ValueErrorType.Object:
      return 'must be a set of fields (name: value)';
    default:
      return error.message.toLowerCase();
  }
}

/** One message per field: a missing field would otherwise also be reported as "must be text". */
function schemaErrors(file: string, schema: TSchema, value: unknown): string[] {
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const error of Value.Errors(schema, value)) {
    if (seen.has(error.path)) continue;
    seen.add(error.path);
    const field = fieldPath(error.path);
    messages.push(field ? `${file}: ${field} ${describe(error)}` : `${file}: the file ${describe(error)}`);
  }
  return messages;
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function readYaml(absolute: string, file: string, errors: string[]): unknown {
  try {
    return YAML.parse(fs.readFileSync(absolute, 'utf8'), { schema: 'core', prettyErrors: true });
  } catch (error) {
    errors.push(`${file}: is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}

function listDir(dir: string): fs.Dirent[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const isYaml = (name: string) => /\.ya?ml$/i.test(name);

const TRANSLATION_LANGUAGES = LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE);

/** `sunita.hi.yaml` -> { base: 'sunita', lang: 'hi' }: a translation's file name; undefined for `sunita.yaml`. */
function translationName(name: string): { base: string; lang: string } | undefined {
  const match = /^([^.]*)\.([^.]*)\.ya?ml$/i.exec(name);
  return match ? { base: match[1]!, lang: match[2]! } : undefined;
}

/** Why a translation's language code cannot be used, or undefined when it is one of the nine. */
function translationLanguageProblem(lang: string, englishName: string): string | undefined {
  if (lang === DEFAULT_LANGUAGE)
    return `English is the file ${englishName} itself; a translation's file name ends in the language code (hi, bn, ...)`;
  if (!isLanguageCode(lang))
    return `"${lang}" is not a language code; a translation's must be one of ${TRANSLATION_LANGUAGES.join(', ')}`;
  return undefined;
}

class Checker {
  readonly errors: string[] = [];
  readonly files = new Set<string>();

  constructor(private readonly filesDir: string) {}

  /** A referenced file: it must exist under sample-content/files and be of the expected kind. */
  file(file: string, field: string, relative: string | undefined, kind: 'image' | 'document' | 'video') {
    if (relative === undefined) return;
    const allowed = kind === 'image' ? IMAGE_EXT : kind === 'document' ? DOCUMENT_EXT : VIDEO_EXT;
    const ext = path.extname(relative).toLowerCase();
    if (!allowed.includes(ext)) {
      this.errors.push(
        `${file}: ${field} must be ${kind === 'image' ? 'an image' : `a ${kind}`} file (${allowed.join(', ')}), not "${relative}"`,
      );
      return;
    }
    const absolute = path.join(this.filesDir, relative);
    if (!fs.existsSync(absolute) || !fs.statSync(absolute).isFile()) {
      this.errors.push(`${file}: ${field} names files/${relative}, which does not exist`);
      return;
    }
    this.files.add(relative);
  }

  unique(file: string, listPath: string, items: { slug: string }[]) {
    const first = new Map<string, number>();
    items.forEach((item, index) => {
      const earlier = first.get(item.slug);
      if (earlier === undefined) first.set(item.slug, index);
      else
        this.errors.push(
          `${file}: ${listPath}[${index}].slug "${item.slug}" is already used by ${listPath}[${earlier}]`,
        );
    });
  }

  date(file: string, field: string, value: string | undefined) {
    if (value !== undefined && !isRealDate(value)) this.errors.push(`${file}: ${field} "${value}" is not a real date`);
  }
}

function checkCourse(c: Checker, file: string, data: CourseFile, folderSlug: string, fileLang: string) {
  if (data.lang !== fileLang) c.errors.push(`${file}: lang "${data.lang}" must match the file name (${fileLang}.yaml)`);
  if (data.slug !== folderSlug)
    c.errors.push(`${file}: slug "${data.slug}" must match the folder name (${folderSlug})`);
  c.date(file, 'createdAt', data.createdAt);
  c.file(file, 'image', data.image, 'image');
  c.file(file, 'document', data.document, 'document');
  c.unique(file, 'chapters', data.chapters);
  data.chapters.forEach((chapter, i) => c.unique(file, `chapters[${i}].lessons`, chapter.lessons));
  const videos = data.videos ?? [];
  c.unique(file, 'videos', videos);
  videos.forEach((video, i) => {
    c.file(file, `videos[${i}].video`, video.video, 'video');
    c.file(file, `videos[${i}].poster`, video.poster, 'image');
  });
  const quizzes = data.quizzes ?? [];
  c.unique(file, 'quizzes', quizzes);
  quizzes.forEach((quiz, i) => {
    c.unique(file, `quizzes[${i}].questions`, quiz.questions);
    quiz.questions.forEach((question, j) => {
      const at = `quizzes[${i}].questions[${j}]`;
      c.unique(file, `${at}.options`, question.options);
      const correct = question.options.filter((option) => option.correct === true).length;
      if (question.type === 'single' && correct !== 1) {
        c.errors.push(
          `${file}: ${at}.options must have exactly one correct option for a single question (found ${correct})`,
        );
      }
      if (question.type === 'multi' && correct < 1) {
        c.errors.push(`${file}: ${at}.options must have at least one correct option for a multi question`);
      }
    });
  });
}

/** `stories/<slug>.<lang>.yaml`: each must be of one of the nine other languages and have its English file. */
function loadStoryTranslations(
  c: Checker,
  contentDir: string,
  label: (relative: string) => string,
): LoadedContent['storyTranslations'] {
  const out: LoadedContent['storyTranslations'] = [];
  const dir = path.join(contentDir, 'stories');
  for (const entry of listDir(dir)) {
    const translated = entry.isFile() && isYaml(entry.name) ? translationName(entry.name) : undefined;
    if (!translated) continue;
    const file = label(path.join('stories', entry.name));
    if (!slugRegex.test(translated.base) || !entry.name.endsWith('.yaml')) {
      c.errors.push(
        `${file}: file name must be the story's slug, a language code and .yaml (like sunita-shg-savings.hi.yaml)`,
      );
      continue;
    }
    const englishName = label(path.join('stories', `${translated.base}.yaml`));
    const langProblem = translationLanguageProblem(translated.lang, englishName);
    if (langProblem) {
      c.errors.push(`${file}: ${langProblem}`);
      continue;
    }
    if (!fs.existsSync(path.join(dir, `${translated.base}.yaml`))) {
      c.errors.push(`${file}: translates ${englishName}, which does not exist`);
      continue;
    }
    const data = readYaml(path.join(dir, entry.name), file, c.errors);
    if (data === undefined) continue;
    const problems = schemaErrors(file, StoryTranslationFile, data);
    if (problems.length) {
      c.errors.push(...problems);
      continue;
    }
    out.push({
      file,
      data: data as StoryTranslationFile,
      slug: translated.base,
      lang: translated.lang as LanguageCode,
    });
  }
  return out;
}

/**
 * A translated gallery or banner list: each entry is one of the English file's (by slug), with its
 * images in the same order, and a subtitle or location wherever the English entry has one. An
 * English entry a translation leaves out is shown in English.
 */
function checkMediaTranslation(
  c: Checker,
  file: string,
  items: TitlesFile | BannersFile,
  englishFile: string,
  english: TitlesFile | BannersFile,
) {
  const englishIndex = new Map(english.map((item, i) => [item.slug, i]));
  items.forEach((item, i) => {
    const k = englishIndex.get(item.slug);
    if (k === undefined) {
      c.errors.push(`${file}: [${i}].slug "${item.slug}" is not in ${englishFile}`);
      return;
    }
    const source = english[k]!;
    for (const field of ['subTitle', 'location'] as const) {
      const has = (entry: object) =>
        typeof (entry as Record<string, unknown>)[field] === 'string' &&
        String((entry as Record<string, unknown>)[field]).trim() !== '';
      if (has(source) && !has(item))
        c.errors.push(`${file}: [${i}].${field} is required (${englishFile} [${k}] has one)`);
    }
    if (item.images.length !== source.images.length) {
      c.errors.push(
        `${file}: [${i}].images must be the ${source.images.length} images of ${englishFile} [${k}], in the same order (found ${item.images.length})`,
      );
      return;
    }
    item.images.forEach((image, j) => {
      const expected = source.images[j]!.image;
      if (image.image !== expected)
        c.errors.push(
          `${file}: [${i}].images[${j}].image "${image.image}" must be the English file's image, "${expected}" (${englishFile} [${k}].images[${j}])`,
        );
    });
  });
}

/** Reads and validates the whole content folder; nothing is written. */
export function loadContent(contentDir: string): LoadResult {
  if (!fs.existsSync(contentDir) || !fs.statSync(contentDir).isDirectory()) {
    return { ok: false, errors: [`${contentDir}: content folder not found`] };
  }
  const label = (relative: string) => path.posix.join(path.basename(contentDir), relative.split(path.sep).join('/'));
  const c = new Checker(path.join(contentDir, 'files'));
  const content: LoadedContent = {
    courses: [],
    blogs: [],
    stories: [],
    storyTranslations: [],
    titles: undefined,
    banners: undefined,
    titleTranslations: [],
    bannerTranslations: [],
    files: [],
  };

  const coursesDir = path.join(contentDir, 'courses');
  for (const folder of listDir(coursesDir)) {
    if (!folder.isDirectory()) continue;
    const courseDir = path.join(coursesDir, folder.name);
    if (!slugRegex.test(folder.name)) {
      c.errors.push(
        `${label(path.join('courses', folder.name))}: folder name must be the course slug (lowercase letters, digits and hyphens)`,
      );
      continue;
    }
    for (const entry of listDir(courseDir)) {
      if (!entry.isFile() || !isYaml(entry.name)) continue;
      const file = label(path.join('courses', folder.name, entry.name));
      const lang = entry.name.replace(/\.yaml$/, '');
      if (!entry.name.endsWith('.yaml') || !isLanguageCode(lang)) {
        c.errors.push(`${file}: file name must be a language code and .yaml (en.yaml, hi.yaml, ...)`);
        continue;
      }
      const data = readYaml(path.join(courseDir, entry.name), file, c.errors);
      if (data === undefined) continue;
      const problems = schemaErrors(file, CourseFile, data);
      if (problems.length) {
        c.errors.push(...problems);
        continue;
      }
      const course = data as CourseFile;
      checkCourse(c, file, course, folder.name, lang);
      content.courses.push({ file, data: course, lang });
    }
  }

  const single = <T>(kind: 'blogs' | 'stories', schema: TSchema, check: (file: string, data: T) => void) => {
    const out: (Loaded<T> & { slug: string })[] = [];
    for (const entry of listDir(path.join(contentDir, kind))) {
      if (!entry.isFile() || !isYaml(entry.name)) continue;
      if (kind === 'stories' && translationName(entry.name)) continue;
      const file = label(path.join(kind, entry.name));
      const slug = entry.name.replace(/\.yaml$/, '');
      if (!entry.name.endsWith('.yaml') || !slugRegex.test(slug)) {
        c.errors.push(`${file}: file name must be the slug (lowercase letters, digits and hyphens) and .yaml`);
        continue;
      }
      const data = readYaml(path.join(contentDir, kind, entry.name), file, c.errors);
      if (data === undefined) continue;
      const problems = schemaErrors(file, schema, data);
      if (problems.length) {
        c.errors.push(...problems);
        continue;
      }
      check(file, data as T);
      out.push({ file, data: data as T, slug });
    }
    return out;
  };
  content.blogs = single<BlogFile>('blogs', BlogFile, (file, blog) => {
    c.date(file, 'date', blog.date);
    c.file(file, 'image', blog.image, 'image');
  });
  content.stories = single<StoryFile>('stories', StoryFile, (file, story) => {
    c.date(file, 'date', story.date);
    c.file(file, 'image', story.image, 'image');
  });
  content.storyTranslations = loadStoryTranslations(c, contentDir, label);

  const mediaDir = path.join(contentDir, 'media');
  const mediaTranslations: { entry: fs.Dirent; base: 'titles' | 'banners'; lang: string }[] = [];
  for (const entry of listDir(mediaDir)) {
    if (!entry.isFile() || !isYaml(entry.name)) continue;
    const file = label(path.join('media', entry.name));
    const translated = translationName(entry.name);
    if (translated && (translated.base === 'titles' || translated.base === 'banners') && entry.name.endsWith('.yaml')) {
      mediaTranslations.push({ entry, base: translated.base, lang: translated.lang });
      continue;
    }
    if (entry.name !== 'titles.yaml' && entry.name !== 'banners.yaml') {
      c.errors.push(
        `${file}: unknown file; the media folder holds titles.yaml and banners.yaml, and their translations (titles.hi.yaml, banners.hi.yaml, ...)`,
      );
      continue;
    }
    const data = readYaml(path.join(mediaDir, entry.name), file, c.errors);
    if (data === undefined) continue;
    const schema = entry.name === 'titles.yaml' ? TitlesFile : BannersFile;
    const problems = schemaErrors(file, schema, data);
    if (problems.length) {
      c.errors.push(...problems);
      continue;
    }
    const items = data as TitlesFile | BannersFile;
    c.unique(file, '', items);
    items.forEach((item, i) =>
      item.images.forEach((image, j) => c.file(file, `[${i}].images[${j}].image`, image.image, 'image')),
    );
    if (entry.name === 'titles.yaml') content.titles = { file, data: data as TitlesFile };
    else content.banners = { file, data: data as BannersFile };
  }
  // After the English files, whatever order the names sort in: a translation is checked against its English file.
  for (const { entry, base, lang } of mediaTranslations) {
    const file = label(path.join('media', entry.name));
    const english = base === 'titles' ? content.titles : content.banners;
    const englishName = label(path.join('media', `${base}.yaml`));
    const langProblem = translationLanguageProblem(lang, englishName);
    if (langProblem) {
      c.errors.push(`${file}: ${langProblem}`);
      continue;
    }
    if (!fs.existsSync(path.join(mediaDir, `${base}.yaml`))) {
      c.errors.push(`${file}: translates ${englishName}, which does not exist`);
      continue;
    }
    const data = readYaml(path.join(mediaDir, entry.name), file, c.errors);
    if (data === undefined) continue;
    const problems = schemaErrors(file, base === 'titles' ? TitlesFile : BannersFile, data);
    if (problems.length) {
      c.errors.push(...problems);
      continue;
    }
    const items = data as TitlesFile | BannersFile;
    c.unique(file, '', items);
    // An English file with mistakes has been reported; there is nothing sound to compare with.
    if (!english) continue;
    checkMediaTranslation(c, file, items, english.file, english.data);
    if (base === 'titles')
      content.titleTranslations.push({ file, data: data as TitlesFile, lang: lang as LanguageCode });
    else content.bannerTranslations.push({ file, data: data as BannersFile, lang: lang as LanguageCode });
  }

  if (c.errors.length) return { ok: false, errors: c.errors };
  content.files = [...c.files].sort();
  return { ok: true, content };
}
