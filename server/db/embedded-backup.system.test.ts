// Backup and restore of the embedded database: a backup restored into a new folder gives every
// learner their progress back (read through the API, signed in with the same session), with the
// stored files; and every way it can go wrong is refused with a message saying what to do.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../plugins/config';
import { allRight, createCourseFixture, type CourseFixture } from '../test/course-fixture';
import { signInAs } from '../test/sign-in';
import { openDatabase, type Database } from './client';
import { BackupError, backupEmbedded, readBackup, restoreEmbedded, type BackupManifest } from './embedded-backup';
import { DataDirLockedError } from './data-dir-lock';
import { learnerName } from '../test/learner-names';

const root = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-backup-test-'));
const dataDir = path.join(scratch, 'data');
const backupDir = path.join(scratch, 'backup');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function openApp(dir: string): Promise<{ app: FastifyInstance; database: Database }> {
  fs.mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pgdata') });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret!',
  });
  return { app: await buildApp({ config, db: database.db, listen: database.listen, logger: false }), database };
}

interface Learner {
  cookie: string;
  progress: unknown;
  list: unknown;
}

const learners: Learner[] = [];
let course: CourseFixture;
let manifest: BackupManifest;

beforeAll(async () => {
  // A data folder as a server leaves it: a course, five learners at different places in it, a stored file.
  const { app, database } = await openApp(dataDir);
  try {
    course = await createCourseFixture(app.db);
    const base = `/api/progress/en/${course.courseId}`;
    const lessons = [
      ...course.lessonIds.chapter1.map((id) => [course.chapterIds[0], id]),
      [course.chapterIds[1], course.lessonIds.chapter2[0]],
    ];
    for (let i = 0; i < 5; i++) {
      const { headers } = await signInAs(app, { name: learnerName(i) });
      expect((await app.inject({ method: 'POST', url: base, headers })).statusCode).toBe(201);
      for (const [chapterId, lessonId] of lessons.slice(0, i)) {
        expect(
          (
            await app.inject({
              method: 'POST',
              url: `${base}/chapters/${chapterId}/lessons/${lessonId}/complete`,
              headers,
            })
          ).statusCode,
        ).toBe(200);
      }
      if (i >= 3) {
        const quiz = course.quizzes[0]!;
        const submitted = await app.inject({
          method: 'POST',
          url: `${base}/quiz/${quiz.id}/complete`,
          headers,
          payload: { answers: allRight(quiz) },
        });
        expect(submitted.statusCode).toBe(200);
      }
      learners.push({
        cookie: headers.cookie,
        progress: (await app.inject({ url: `${base}/progress`, headers })).json(),
        list: (await app.inject({ url: '/api/progress/en/progress', headers })).json(),
      });
    }
  } finally {
    await app.close();
    await database.close();
  }
  fs.mkdirSync(path.join(dataDir, 'uploads/by-hash'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads/by-hash/ab12.webp'), 'a stored picture');
  manifest = await backupEmbedded(dataDir, backupDir);
}, 180_000);

// Each test opens, dumps or loads a database on disk: seconds each on a busy two-core machine.
describe('npm run backup and npm run restore (embedded database)', { timeout: 120_000 }, () => {
  it('writes a backup that says what it holds', () => {
    expect(manifest.counts).toEqual({
      accounts: 5,
      enrolments: 5,
      completions: 0 + 1 + 2 + 3 + 3,
      quizAttempts: 2,
      certificates: 0,
    });
    expect(manifest.uploads.files).toBe(1);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['backup.json', 'database.tar.gz', 'uploads']);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('restores into a new folder where every learner finds their progress, and the stored files', async () => {
    const restoredDir = path.join(scratch, 'restored');
    const result = await restoreEmbedded(restoredDir, backupDir);
    expect(result.counts).toEqual(manifest.counts);
    expect(result.keptAside).toBeNull();
    expect(fs.readFileSync(path.join(restoredDir, 'uploads/by-hash/ab12.webp'), 'utf8')).toBe('a stored picture');
    const { app, database } = await openApp(restoredDir);
    try {
      const base = `/api/progress/en/${course.courseId}`;
      for (const learner of learners) {
        const headers = { cookie: learner.cookie };
        expect((await app.inject({ url: `${base}/progress`, headers })).json()).toEqual(learner.progress);
        expect((await app.inject({ url: '/api/progress/en/progress', headers })).json()).toEqual(learner.list);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('replaces a database only when asked, keeping the one it replaces aside', async () => {
    const target = path.join(scratch, 'replace');
    await restoreEmbedded(target, backupDir);
    await expect(restoreEmbedded(target, backupDir)).rejects.toThrow(
      /already holds a database\. To replace it with the backup, run again with --replace/,
    );
    const { keptAside, counts } = await restoreEmbedded(target, backupDir, { replace: true });
    expect(counts.completions).toBe(manifest.counts.completions);
    expect(fs.existsSync(path.join(keptAside!, 'pgdata/PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(keptAside!, 'uploads/by-hash/ab12.webp'))).toBe(true);
  });

  it('refuses a missing, foreign or damaged backup, leaving the folder as it was', async () => {
    const target = path.join(scratch, 'refusals');
    await expect(restoreEmbedded(target, path.join(scratch, 'nothing-here'))).rejects.toThrow(
      /There is no backup at .*nothing-here/,
    );
    const foreign = path.join(scratch, 'foreign');
    fs.mkdirSync(foreign);
    await expect(restoreEmbedded(target, foreign)).rejects.toThrow(/is not a backup: it has no backup\.json/);
    await expect(restoreEmbedded(target, path.join(backupDir, 'backup.json'))).rejects.toThrow(
      /is a file; a backup is the folder/,
    );
    const damaged = path.join(scratch, 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const file = path.join(damaged, 'database.tar.gz');
    const bytes = fs.readFileSync(file);
    const middle = bytes.length >> 1;
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
    fs.writeFileSync(file, bytes);
    expect(() => readBackup(damaged)).toThrow(/does not match the checksum in backup\.json: the backup is damaged/);
    await expect(restoreEmbedded(target, damaged)).rejects.toThrow(BackupError);
    expect(fs.existsSync(path.join(target, 'pgdata'))).toBe(false);
  });

  it('refuses to back up a folder without a database, or into a folder that is not empty', async () => {
    await expect(backupEmbedded(path.join(scratch, 'empty'), path.join(scratch, 'b1'))).rejects.toThrow(
      /There is no embedded database in .*empty \(no pgdata\/ folder\)/,
    );
    await expect(backupEmbedded(dataDir, backupDir)).rejects.toThrow(
      /already exists and is not empty: name a new folder/,
    );
  });

  it('refuses while a server uses the data folder, saying which process to stop', async () => {
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(path.join(dataDir, 'server.lock'), String(server.pid));
      await expect(backupEmbedded(dataDir, path.join(scratch, 'b2'))).rejects.toThrow(DataDirLockedError);
      await expect(restoreEmbedded(dataDir, backupDir, { replace: true })).rejects.toThrow(
        new RegExp(`process ${server.pid}.*Stop it first`),
      );
      // As the operator sees it, from the command.
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts', path.join(scratch, 'b3')], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(cli.status).toBe(1);
      expect(cli.stderr).toContain(
        `Cannot back up: Another server (process ${server.pid}) is using the data folder ${dataDir}. Stop it first`,
      );
      expect(fs.existsSync(path.join(scratch, 'b3'))).toBe(false);
    } finally {
      server.kill();
      fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
    }
  });
});
