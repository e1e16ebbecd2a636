// The project's own sample-content/ folder: it must validate, import twice without a change, and hold
// what the sample site promises (a course in every language, blogs, and stories, gallery and banners
// in every language).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../contract/languages';
import type { Database } from '../../db/client';
import { projectRoot } from '../../lib/project-root';
import { createTestDatabase } from '../../test/test-app';
import { silentLog } from './content-fixture';
import { importContent } from './service';
import { loadContent, type LoadedContent } from './load';

const contentDir = path.join(projectRoot(fileURLToPath(import.meta.url)), 'sample-content');
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-real-content-'));

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

function load(): LoadedContent {
  const result = loadContent(contentDir);
  if (!result.ok) throw new Error(`sample-content/ is invalid:\n${result.errors.join('\n')}`);
  return result.content;
}

describe('the content folder', () => {
  it('validates', () => {
    const result = loadContent(contentDir);
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('imports, and a second import changes nothing', async () => {
    const content = load();
    const first = await importContent({ db: database.db, contentDir, uploadsDir, log: silentLog });
    // Each language version of an item counts once.
    const translated = [...content.titleTranslations, ...content.bannerTranslations].reduce(
      (n, t) => n + t.data.length,
      0,
    );
    const items =
      content.courses.length +
      content.blogs.length +
      content.stories.length +
      content.storyTranslations.length +
      (content.titles?.data.length ?? 0) +
      (content.banners?.data.length ?? 0) +
      translated;
    expect(first.created).toBe(items);
    expect(first.files.copied).toBe(content.files.length);
    const second = await importContent({ db: database.db, contentDir, uploadsDir, log: silentLog });
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: items, files: { copied: 0 } });
  });

  it('has a course in every language with the chapters, lessons, quizzes and video the programme needs', () => {
    const { courses } = load();
    const bySlug = new Map<string, Set<string>>();
    for (const { data } of courses) bySlug.set(data.slug, (bySlug.get(data.slug) ?? new Set()).add(data.lang));
    const missing = [...bySlug].map(
      ([slug, langs]) => `${slug}: ${LANGUAGE_CODES.filter((code) => !langs.has(code)).join(' ') || 'none missing'}`,
    );
    expect(
      [...bySlug.values()].some((langs) => LANGUAGE_CODES.every((code) => langs.has(code))),
      `a course in all ten languages; missing ${missing.join('; ')}`,
    ).toBe(true);
    for (const { file, data } of courses) {
      const lessons = data.chapters.flatMap((chapter) => chapter.lessons);
      const quizzes = data.quizzes ?? [];
      expect(data.chapters.length, file).toBeGreaterThanOrEqual(4);
      expect(lessons.length, file).toBeGreaterThanOrEqual(10);
      expect(data.videos?.length ?? 0, file).toBeGreaterThanOrEqual(1);
      expect(data.summary, file).toBeTruthy();
      expect(data.journal, file).toBeTruthy();
      expect(quizzes.length, file).toBeGreaterThanOrEqual(2);
      for (const quiz of quizzes) {
        expect(quiz.questions.length, `${file} ${quiz.slug}`).toBeGreaterThanOrEqual(5);
        expect(new Set(quiz.questions.map((q) => q.type)), `${file} ${quiz.slug}`).toEqual(
          new Set(['single', 'multi']),
        );
      }
    }
  });

  it('keeps the same chapter, lesson, video and quiz slugs in every translation of a course', () => {
    const { courses } = load();
    const shape = (c: LoadedContent['courses'][number]['data']) => ({
      chapters: c.chapters.map((ch) => [ch.slug, ch.lessons.map((l) => l.slug)]),
      videos: (c.videos ?? []).map((v) => v.slug),
      quizzes: (c.quizzes ?? []).map((q) => [
        q.slug,
        q.questions.map((qq) => [qq.slug, qq.type, qq.options.map((o) => [o.slug, o.correct ?? false])]),
      ]),
    });
    const first = new Map<string, ReturnType<typeof shape>>();
    for (const { file, data } of courses) {
      const expected = first.get(data.slug);
      if (!expected) first.set(data.slug, shape(data));
      else expect(shape(data), file).toEqual(expected);
    }
  });

  it('has the blogs, stories, gallery and banners of the sample site', () => {
    const content = load();
    expect(content.blogs.length).toBeGreaterThanOrEqual(6);
    expect(content.stories.length).toBeGreaterThanOrEqual(8);
    expect(content.stories.some((s) => s.data.isHighlighted)).toBe(true);
    expect(content.titles?.data.length ?? 0).toBeGreaterThanOrEqual(3);
    for (const title of content.titles?.data ?? []) expect(title.images.length, title.slug).toBeGreaterThanOrEqual(1);
    expect(content.banners?.data.length ?? 0).toBeGreaterThanOrEqual(3);
  });

  it.each(LANGUAGE_CODES.filter((code) => code !== 'en'))(
    'has every story, gallery title and banner item in %s',
    (lang) => {
      const content = load();
      const stories = content.storyTranslations
        .filter((t) => t.lang === lang)
        .map((t) => t.slug)
        .sort();
      expect(stories).toEqual(content.stories.map((s) => s.slug).sort());
      const slugs = (list: { slug: string }[] | undefined) => (list ?? []).map((item) => item.slug);
      expect(slugs(content.titleTranslations.find((t) => t.lang === lang)?.data)).toEqual(slugs(content.titles?.data));
      expect(slugs(content.bannerTranslations.find((t) => t.lang === lang)?.data)).toEqual(
        slugs(content.banners?.data),
      );
    },
  );
});
