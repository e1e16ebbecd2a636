// `npm run retention` on the embedded database: the command, as a child process, erases the learners
// inactive past the default period and says so (the job's rules: modules/retention/retention.api.test.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/users';

const DAY_MS = 24 * 60 * 60 * 1000;
const root = path.resolve(import.meta.dirname, '../..');

describe('npm run retention', () => {
  it('runs once from npm run retention on the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-retention-'));
    try {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
      await database.db.insert(users).values([
        { mobile: '919800000001', name: 'Long Gone', lastActiveAt: new Date(Date.now() - 1200 * DAY_MS) },
        { mobile: '919800000002', name: 'Still Here', lastActiveAt: new Date(Date.now() - 10 * DAY_MS) },
      ]);
      await database.close();
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/retention.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', RETENTION_INACTIVE_DAYS: '' },
        encoding: 'utf8',
      });
      expect(cli.stderr).toBe('');
      expect(cli.status).toBe(0);
      expect(cli.stdout).toContain('Retention period: 1095 days without activity (RETENTION_INACTIVE_DAYS)');
      expect(cli.stdout).toMatch(
        /Retention: deleted 1 learner inactive since .*, 0 ended sessions, 0 one-time-password records and 0 offline changes past their keeping\./,
      );
      const after = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
      expect((await after.db.select({ name: users.name }).from(users)).map((u) => u.name)).toEqual(['Still Here']);
      await after.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
