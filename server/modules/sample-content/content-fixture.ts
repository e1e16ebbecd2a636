// A small content folder written to a temporary directory, for tests of the importer and of the
// public content routes: one course in two languages, blogs, stories (one of each unpublished),
// gallery titles and banner items, and the files they reference.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { importContent, type ImportLog } from './service';

export const silentLog: ImportLog = { info: () => {}, warn: () => {} };

const svg = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><text x="2" y="14">${label}</text></svg>\n`;

export interface FixtureOptions {
  /** Published blogs blog-01 ... (dated one day apart, blog-01 oldest). */
  blogs?: number;
  /** Published stories story-01 ... (dated one day apart, story-01 oldest). */
  stories?: number;
  /** Hindi versions of story-01, of the gallery title van-outreach and of the banner item sath-sath. */
  hindi?: boolean;
}

export interface Fixture {
  root: string;
  contentDir: string;
  uploadsDir: string;
  write(relative: string, text: string): void;
  remove(relative: string): void;
  read(relative: string): string;
  cleanup(): void;
}

export const COURSE_EN = `slug: money-basics
lang: en
title: Money basics
description: |
  Learn to **save**, pay safely and stay clear of fraud.
  <script>alert(1)</script>
image: courses/money-basics/cover.svg
document: courses/money-basics/handbook.pdf
duration: 60
createdAt: 2024-06-01
summary: |
  You learnt to open an account and to keep your OTP secret.
journal: |
  Write down one thing you will do this week to save money.
chapters:
  - slug: bank-account
    title: Your bank account
    lessons:
      - slug: why-a-bank-account
        title: Why a bank account
        duration: 8
        content: |
          A bank account keeps your money safe. [Jan Dhan](https://pmjdy.gov.in) accounts need no minimum balance.
          <img src="x" onerror="alert(1)">
      - slug: opening-an-account
        title: Opening an account
        duration: 6
        content: |
          Take your Aadhaar card to the bank.
  - slug: fraud-safety
    title: Safety from fraud
    lessons:
      - slug: never-share-otp
        title: Never share your OTP
        duration: 5
        content: |
          No bank asks for your OTP. Call **1930** and report at https://cybercrime.gov.in
videos:
  - slug: welcome
    title: Welcome
    description: A short welcome.
    video: videos/welcome.webm
    poster: videos/welcome-poster.svg
    duration: 40
quizzes:
  - slug: basics-check
    title: Check what you learnt
    passingCriteria: 60
    questions:
      - slug: q1
        type: single
        content: Who may you share your OTP with?
        explanation: "  A bank never asks for your OTP: whoever asks is a fraudster.  "
        options:
          - slug: a
            content: Nobody
            correct: true
          - slug: b
            content: The bank officer on the phone
      - slug: q2
        type: multi
        content: Which are safe?
        options:
          - slug: a
            content: Calling 1930 after a fraud
            correct: true
          - slug: b
            content: Reporting at cybercrime.gov.in
            correct: true
          - slug: c
            content: Sharing your UPI PIN
`;

export const COURSE_HI = `slug: money-basics
lang: hi
title: पैसे की समझ
description: |
  बचत करना, सुरक्षित भुगतान करना और धोखाधड़ी से बचना सीखें।
image: courses/money-basics/cover.svg
duration: 60
chapters:
  - slug: bank-account
    title: आपका बैंक खाता
    lessons:
      - slug: why-a-bank-account
        title: बैंक खाता क्यों
        duration: 8
        content: |
          बैंक खाता आपके पैसे को सुरक्षित रखता है।
quizzes:
  - slug: basics-check
    title: जाँचें
    passingCriteria: 50
    questions:
      - slug: q1
        type: single
        content: अपना OTP किसे बताएँ?
        options:
          - slug: a
            content: किसी को नहीं
            correct: true
          - slug: b
            content: फ़ोन पर बैंक अधिकारी को
`;

const day = (offset: number) => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

export function blogYaml(n: number, extra = ''): string {
  return `title: Blog ${pad(n)}
author: Writer ${n}
date: ${day(n)}
readTime: ${n + 2}
image: blogs/blog.svg
imageAlt: A drawing for blog ${n}
description: |
  Post **${n}** about saving. <a href="javascript:alert(1)" onclick="x()">bad link</a>
  <script>alert("blog")</script>
  <oembed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></oembed>
${extra}`;
}

export function storyYaml(n: number, extra = ''): string {
  return `authorName: Author ${n}
date: ${day(n)}
image: stories/story.svg
imageAlt: Portrait of author ${n}
isHighlighted: ${n % 2 === 0}
description: |
  Story ${n}: I opened an account and now save every month. <img src="https://evil.example/t.gif">
  <iframe src="https://evil.example"></iframe>
${extra}`;
}

/** story-<n>.hi.yaml: the Hindi text of a story; its picture, date and highlight are the English file's. */
export function storyHindiYaml(n: number, extra = ''): string {
  return `authorName: लेखक ${n}
imageAlt: लेखक ${n} का चित्र
description: |
  कहानी ${n}: मैंने खाता खोला और अब हर महीने बचत करती हूँ।
${extra}`;
}

export const TITLES = `- slug: van-outreach
  title: Financial literacy vans
  images:
    - image: gallery/van-1.svg
      alt: A van in a village square
    - image: gallery/van-2.svg
      alt: People reading leaflets
- slug: school-camps
  title: School camps
  images:
    - image: gallery/camp-1.svg
      alt: Students at a camp
`;

export const BANNERS = `- slug: sath-sath
  title: Saath saath
  subTitle: Learning together
  location: Pune
  images:
    - image: banners/sath-1.svg
      alt: A group learning
    - image: banners/sath-2.svg
      alt: A trainer speaking
- slug: gaon-gaon
  title: Gaon gaon
  images:
    - image: banners/gaon-1.svg
      alt: A village meeting
    - image: banners/gaon-2.svg
      alt: A woman using UPI
`;

/** Hindi versions of one gallery title and one banner item: the others stay English only. */
export const TITLES_HI = `- slug: van-outreach
  title: वित्तीय साक्षरता वैन
  images:
    - image: gallery/van-1.svg
      alt: गाँव के चौक में एक वैन
    - image: gallery/van-2.svg
      alt: पर्चे पढ़ते लोग
`;

export const BANNERS_HI = `- slug: sath-sath
  title: साथ साथ
  subTitle: साथ मिलकर सीखना
  location: पुणे
  images:
    - image: banners/sath-1.svg
      alt: साथ सीखता एक समूह
    - image: banners/sath-2.svg
      alt: बोलती हुई प्रशिक्षक
`;

export function createContentFixture(options: FixtureOptions = {}): Fixture {
  const root = path.join(os.tmpdir(), `jgk-content-${randomBytes(4).toString('hex')}`);
  const contentDir = path.join(root, 'sample-content');
  const uploadsDir = path.join(root, 'uploads');
  const write = (relative: string, text: string) => {
    const file = path.join(contentDir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  write('README.md', 'Sample content for tests.\n');
  write('courses/money-basics/en.yaml', COURSE_EN);
  write('courses/money-basics/hi.yaml', COURSE_HI);
  for (let n = 1; n <= (options.blogs ?? 2); n++) write(`blogs/blog-${pad(n)}.yaml`, blogYaml(n));
  write('blogs/draft-post.yaml', blogYaml(90, 'published: false\n').replace('Blog 90', 'Draft post'));
  for (let n = 1; n <= (options.stories ?? 2); n++) write(`stories/story-${pad(n)}.yaml`, storyYaml(n));
  write('stories/hidden-story.yaml', storyYaml(90, 'published: false\n'));
  write('media/titles.yaml', TITLES);
  write('media/banners.yaml', BANNERS);
  if (options.hindi) {
    write('stories/story-01.hi.yaml', storyHindiYaml(1));
    write('media/titles.hi.yaml', TITLES_HI);
    write('media/banners.hi.yaml', BANNERS_HI);
  }
  for (const file of [
    'courses/money-basics/cover.svg',
    'videos/welcome-poster.svg',
    'blogs/blog.svg',
    'stories/story.svg',
    'gallery/van-1.svg',
    'gallery/van-2.svg',
    'gallery/camp-1.svg',
    'banners/sath-1.svg',
    'banners/sath-2.svg',
    'banners/gaon-1.svg',
    'banners/gaon-2.svg',
  ]) {
    write(`files/${file}`, svg(path.basename(file)));
  }
  write('files/courses/money-basics/handbook.pdf', '%PDF-1.4\n% sample handbook\n%%EOF\n');
  // Not a playable video; the importer only copies bytes.
  write('files/videos/welcome.webm', '\x1aE\xdf\xa3 sample');
  return {
    root,
    contentDir,
    uploadsDir,
    write,
    remove: (relative) => fs.rmSync(path.join(contentDir, relative), { recursive: true, force: true }),
    read: (relative) => fs.readFileSync(path.join(contentDir, relative), 'utf8'),
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * For a test file of the public content routes: writes the fixture before its tests (then `prepare`
 * may change it), imports it into the file's app, and removes it after them.
 */
export function importedContentPerFile(
  t: TestApp,
  options: FixtureOptions,
  prepare?: (fixture: Fixture) => void,
): void {
  let fixture: Fixture | undefined;
  beforeAll(async () => {
    fixture = createContentFixture(options);
    prepare?.(fixture);
    await importContent({
      db: t.database.db,
      contentDir: fixture.contentDir,
      uploadsDir: t.config.uploadsDir,
      log: silentLog,
    });
  });
  afterAll(() => {
    fixture?.cleanup();
  });
}
