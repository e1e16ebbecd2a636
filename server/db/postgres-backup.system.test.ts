// The README's way to back up and restore PostgreSQL (pg_dump in the custom format, pg_restore into
// a new database) gives every learner their progress back, sessions included.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createCourseFixture } from '../test/course-fixture';
import { signInAs } from '../test/sign-in';
import { createTestDatabase, testConfig } from '../test/test-app';
import { openDatabase } from './client';

const hasTools =
  spawnSync('pg_dump', ['--version']).error === undefined && spawnSync('pg_restore', ['--version']).error === undefined;

describe.skipIf(!process.env.TEST_DATABASE_URL || !hasTools)('pg_dump and pg_restore (README, "Backups")', () => {
  it('restores a dump into a new database where every learner finds their progress', { timeout: 120_000 }, async () => {
    const source = await createTestDatabase();
    const url = (source.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const restoredName = `${new URL(url).pathname.slice(1)}_restored`;
    const restoredUrl = Object.assign(new URL(url), { pathname: `/${restoredName}` }).toString();
    const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-pgdump-')), 'jgk.dump');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const app = await buildApp({ config: testConfig(), db: source.db, listen: source.listen, logger: false });
      const course = await createCourseFixture(app.db);
      const base = `/api/progress/en/${course.courseId}`;
      const learners: { cookie: string; progress: unknown }[] = [];
      for (let i = 0; i < 3; i++) {
        const { headers } = await signInAs(app);
        await app.inject({ method: 'POST', url: base, headers });
        for (const lessonId of course.lessonIds.chapter1.slice(0, i)) {
          await app.inject({
            method: 'POST',
            url: `${base}/chapters/${course.chapterIds[0]}/lessons/${lessonId}/complete`,
            headers,
          });
        }
        learners.push({
          cookie: headers.cookie,
          progress: (await app.inject({ url: `${base}/progress`, headers })).json(),
        });
      }
      await app.close();

      // As the README says, while the server runs.
      const dump = spawnSync('pg_dump', ['--format=custom', `--file=${dumpFile}`, url], { encoding: 'utf8' });
      expect(dump.stderr).toBe('');
      expect(dump.status).toBe(0);
      await admin.query(`create database ${restoredName}`);
      const restore = spawnSync('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dumpFile], {
        encoding: 'utf8',
      });
      expect(restore.stderr).toBe('');
      expect(restore.status).toBe(0);

      const restored = await openDatabase({ databaseUrl: restoredUrl, poolSize: 2 });
      const again = await buildApp({ config: testConfig(), db: restored.db, listen: restored.listen, logger: false });
      try {
        for (const learner of learners) {
          const answer = await again.inject({ url: `${base}/progress`, headers: { cookie: learner.cookie } });
          expect(answer.json()).toEqual(learner.progress);
        }
      } finally {
        await again.close();
        await restored.close();
      }
    } finally {
      await source.close();
      await admin.query(`drop database if exists ${restoredName} with (force)`);
      await admin.end();
      fs.rmSync(path.dirname(dumpFile), { recursive: true, force: true });
    }
  });
});
