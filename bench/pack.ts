// npm run bench:pack — the size of each sample course's pack for learning offline, per language, and
// the time to make it (ADR 42).
//
// Starts the app on an embedded database of its own in a temporary folder, imports the sample
// content, and asks for each published course's pack manifest in each language twice: first as
// after a publication (every file read and hashed), then as kept. It prints the text, the pictures
// and the videos in bytes, the pack without and with videos, and the largest lesson's text and
// pictures per five minutes of reading (the budget is 300 KB: ../shared/research/next-wave.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGE_CODES } from '../contract/languages';
import type { PackManifest, SignedPackManifest } from '../contract/packs';
import { buildApp } from '../server/app';
import { databaseOptions, openDatabase } from '../server/db/client';
import { withDataDirSecret } from '../server/lib/secret-file';
import { loadConfig } from '../server/plugins/config';
import { importContent } from '../server/modules/sample-content/service';
import { picturesIn } from '../server/modules/packs/service';
import { root } from './shared';
import { table } from './table';

const FIVE_MINUTES_BUDGET = 300 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-bench-pack-'));
const config = withDataDirSecret(
  loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' }),
);
const database = await openDatabase(databaseOptions(config));
const app = await buildApp({ config, db: database.db, listen: database.listen, logger: false });
try {
  await importContent({
    db: database.db,
    contentDir: path.join(root, 'sample-content'),
    uploadsDir: config.uploadsDir,
    log: { info: () => {}, warn: (message) => console.warn(`content: ${message}`) },
  });
  const get = async (url: string) => {
    const answer = await app.inject({ method: 'GET', url });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    return answer;
  };
  const rows: string[][] = [];
  let worst = { perFiveMinutes: 0, where: '' };
  for (const lang of LANGUAGE_CODES) {
    const list = (await get(`/api/course/public?lang=${lang}&limit=50`)).json() as {
      courses: { id: string; slug: string }[];
    };
    for (const course of list.courses) {
      app.publicCaches.clearAll();
      const started = performance.now();
      const signed = (await get(`/api/packs/${lang}/${course.id}?videos=true`)).json() as SignedPackManifest;
      const made = performance.now() - started;
      const keptStarted = performance.now();
      await get(`/api/packs/${lang}/${course.id}?videos=true`);
      const kept = performance.now() - keptStarted;
      const manifest = JSON.parse(signed.manifest) as PackManifest;
      const { text, pictures, videos } = manifest.sizes;
      // Each lesson: its text (as the chapter's answer holds it) and the pictures it shows.
      const sizeOf = new Map(manifest.files.map((file) => [file.url, file.size]));
      for (const file of manifest.files.filter((f) => f.url.includes('/chapters/'))) {
        const chapter = (await get(file.url)).json() as Record<
          string,
          Record<string, { title: string; duration: number; content: string }[]>
        >;
        for (const lesson of chapter[`chapter_${lang}`]![`lesson_${lang}s`]!) {
          const bytes =
            Buffer.byteLength(JSON.stringify(lesson)) +
            picturesIn(lesson.content).reduce((sum, src) => sum + (sizeOf.get(`/${src.replace(/^\//, '')}`) ?? 0), 0);
          const perFiveMinutes = (bytes / Math.max(1, lesson.duration)) * 5;
          if (perFiveMinutes > worst.perFiveMinutes)
            worst = {
              perFiveMinutes,
              where: `${lang} ${course.slug}: "${lesson.title}" (${lesson.duration} min, ${kb(bytes)})`,
            };
        }
      }
      rows.push([
        lang,
        course.slug,
        String(manifest.files.length),
        kb(text),
        kb(pictures),
        kb(videos),
        kb(text + pictures),
        kb(text + pictures + videos),
        `${made.toFixed(0)} ms`,
        `${kept.toFixed(1)} ms`,
      ]);
    }
  }
  console.log(
    table(
      ['lang', 'course', 'files', 'text', 'pictures', 'videos', 'pack', 'pack with videos', 'made in', 'kept, in'],
      rows,
    ),
  );
  console.log(
    `\nLargest lesson's text and pictures per 5 minutes of reading: ${kb(worst.perFiveMinutes)} (${worst.where}); budget ${kb(FIVE_MINUTES_BUDGET)}: ${worst.perFiveMinutes <= FIVE_MINUTES_BUDGET ? 'within' : 'OVER'}`,
  );
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
