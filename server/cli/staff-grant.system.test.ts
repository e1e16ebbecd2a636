// `npm run staff:grant`: its command line, read before the database is touched, and the command
// itself run as a person runs it, on a PGlite data folder of its own and, with TEST_DATABASE_URL,
// on a PostgreSQL database of its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { auditLog } from '../db/schema/audit';
import { staffMembers } from '../db/schema/staff';
import { users } from '../db/schema/users';
import { projectRoot } from '../lib/project-root';
import { UsageError, parseGrantArgs } from './staff-grant-args';

const root = projectRoot(fileURLToPath(import.meta.url));
const MOBILE = '919876543210';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command as `npm run staff:grant -- ...args` would, with the given environment. */
function staffGrant(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const {
      DATABASE_URL: _url,
      DATA_DIR: _dir,
      SESSION_SECRET: _secret,
      PORT: _port,
      PUBLIC_URL: _public,
      ...inherited
    } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/cli/staff-grant.ts'), ...args], {
      cwd: root,
      env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the command line', () => {
  const refused = (args: string[]) => {
    try {
      parseGrantArgs(args);
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      return (error as Error).message;
    }
    throw new Error(`accepted: ${args.join(' ')}`);
  };

  it('reads a grant: several roles, languages by the platform’s or BCP 47 codes, a name', () => {
    expect(parseGrantArgs(['--mobile', '+91 98765 43210', '--role', 'admin'])).toEqual({
      kind: 'grant',
      mobile: MOBILE,
      roles: ['admin'],
      languages: [],
    });
    expect(
      parseGrantArgs([
        '--mobile',
        MOBILE,
        '--role',
        'translator',
        '--languages',
        'hi,ta',
        '--languages',
        'or, gu-IN,tl',
      ]),
    ).toEqual({
      kind: 'grant',
      mobile: MOBILE,
      roles: ['translator'],
      languages: ['hi', 'tm', 'od', 'gj', 'tl'],
    });
    expect(
      parseGrantArgs(['--mobile', MOBILE, '--role', 'editor,analyst', '--role', 'Editor', '--name', ' Asha Rao ']),
    ).toEqual({
      kind: 'grant',
      mobile: MOBILE,
      roles: ['editor', 'analyst'],
      languages: [],
      name: 'Asha Rao',
    });
    expect(parseGrantArgs(['--mobile', MOBILE, '--revoke'])).toEqual({ kind: 'revoke', mobile: MOBILE, roles: [] });
    expect(parseGrantArgs(['--mobile', MOBILE, '--revoke', '--role', 'editor'])).toEqual({
      kind: 'revoke',
      mobile: MOBILE,
      roles: ['editor'],
    });
    expect(parseGrantArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it('refuses what it cannot do, saying what to type instead', () => {
    expect(refused(['--role', 'admin'])).toMatch(/--mobile is required/);
    expect(refused(['--mobile', '98765 43210', '--role', 'admin'])).toMatch(
      /not a mobile number: give 12 digits with the country code/,
    );
    expect(refused(['--mobile', MOBILE])).toMatch(/--role is required to grant/);
    expect(refused(['--mobile', MOBILE, '--role', 'owner'])).toMatch(
      /"owner" is not a staff role: the roles are admin, editor, translator, analyst/,
    );
    expect(refused(['--mobile', MOBILE, '--role', 'translator', '--languages', 'hi,xx'])).toMatch(
      /"xx" is not a language of the platform/,
    );
    expect(refused(['--mobile', MOBILE, '--role', 'translator', '--languages', 'tl-PH'])).toMatch(
      /"tl-PH" is not a language/,
    );
    expect(refused(['--mobile', MOBILE, '--role', 'editor', '--languages', 'hi,ta'])).toMatch(
      /--languages is for --role translator/,
    );
    expect(refused(['--mobile', MOBILE, '--revoke', '--languages', 'hi'])).toMatch(
      /--languages is not taken with --revoke/,
    );
    expect(refused(['--mobile', MOBILE, '--revoke', '--name', 'X'])).toMatch(/--name is not taken with --revoke/);
    expect(refused(['--mobile', MOBILE, '--role', 'admin', '--name', '  '])).toMatch(/--name is empty/);
    expect(refused(['--mobile', MOBILE, '--rol', 'admin'])).toMatch(/Unknown option '--rol'/);
    expect(refused(['--mobile', MOBILE, '--role', 'admin', 'extra'])).toMatch(/positional/i);
  });
});

describe('on PGlite (DATA_DIR)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-staff-grant-'));
  const env = { DATA_DIR: dataDir };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    'makes the first admin, refuses bad input with exit codes 2 and 1, and records every change with the command line as the actor',
    { timeout: 240_000 },
    async () => {
      const usage = await staffGrant(['--mobile', MOBILE, '--role', 'owner'], env);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/Cannot change staff roles: "owner" is not a staff role/);
      expect(usage.stderr).toMatch(/npm run staff:grant -- --mobile 919876543210 --role admin/);

      const nameless = await staffGrant(['--mobile', MOBILE, '--role', 'admin'], env);
      expect(nameless.code).toBe(1);
      expect(nameless.stderr).toMatch(
        /No account has the number 919876543210\. Add --name "Their Name" to create one\./,
      );

      // The name rule of every place a name enters (contract/person-name.ts): nobody is made.
      const unprintable = await staffGrant(['--mobile', MOBILE, '--role', 'admin', '--name', 'Иван'], env);
      expect(unprintable.code).toBe(1);
      expect(unprintable.stderr).toMatch(/This name has letters the certificate cannot print/);

      // The server last ran on port 4123 (it wrote its address into the data folder); this shell has no PORT.
      fs.writeFileSync(path.join(dataDir, 'site-address'), 'http://localhost:4123\n');
      const first = await staffGrant(['--mobile', MOBILE, '--role', 'admin', '--name', 'Asha Rao'], env);
      expect(first.stdout).toMatch(
        /They sign in at http:\/\/localhost:4123\/login with a one-time password, then set up an authenticator app\./,
      );
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/Created the account of Asha Rao \(919876543210\) in the PGlite database/);
      expect(first.stdout).toMatch(/Granted admin\. Now Asha Rao \(919876543210\): active, roles admin\./);

      const translator = await staffGrant(['--mobile', MOBILE, '--role', 'translator', '--languages', 'ta,hi'], env);
      expect(translator.code).toBe(0);
      expect(translator.stdout).toMatch(/roles admin, translator; languages hi, tm/);

      const lastAdmin = await staffGrant(['--mobile', MOBILE, '--revoke', '--role', 'admin'], env);
      expect(lastAdmin.code).toBe(1);
      expect(lastAdmin.stderr).toMatch(/This is the last active admin: grant admin to someone else first/);

      // A running server holds the data folder: the command says so and changes nothing.
      const lock = path.join(dataDir, 'server.lock');
      fs.writeFileSync(lock, String(process.pid));
      const locked = await staffGrant(['--mobile', MOBILE, '--role', 'editor'], env);
      fs.rmSync(lock);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toMatch(new RegExp(`Another server \\(process ${process.pid}\\) is using the data folder`));
      expect(locked.stderr).toMatch(/this command needs the server stopped/);

      const revoked = await staffGrant(['--mobile', MOBILE, '--revoke', '--role', 'translator'], env);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toMatch(
        /Revoked translator\. Now Asha Rao \(919876543210\): active, roles admin\. Their staff sessions have ended\./,
      );

      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
      try {
        const [member] = await database.db
          .select({
            roles: staffMembers.roles,
            languages: staffMembers.languages,
            active: staffMembers.active,
            name: users.name,
          })
          .from(staffMembers)
          .innerJoin(users, eq(users.id, staffMembers.userId))
          .where(eq(users.mobile, MOBILE));
        expect(member).toEqual({ roles: ['admin'], languages: [], active: true, name: 'Asha Rao' });
        const entries = await database.db.select().from(auditLog).orderBy(asc(auditLog.id));
        expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
          ['staff.grant', null, { roles: ['admin'], languages: [], active: true, accountCreated: true }],
          [
            'staff.grant',
            { roles: ['admin'], languages: [], active: true },
            { roles: ['admin', 'translator'], languages: ['hi', 'tm'], active: true },
          ],
          [
            'staff.revoke',
            { roles: ['admin', 'translator'], languages: ['hi', 'tm'], active: true },
            { roles: ['admin'], languages: [], active: true },
          ],
        ]);
        for (const entry of entries) {
          expect(entry.actorId).toBeNull();
          expect(entry.actorName).toMatch(/^staff:grant \(command line, .+\)$/);
          expect(entry.entityKind).toBe('staff-member');
        }
      } finally {
        await database.close();
      }
    },
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL (DATABASE_URL)', () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `test_grant_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it(
    'grants, deactivates and reactivates on the database the URL names, beside running servers',
    { timeout: 180_000 },
    async () => {
      await admin(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString(), DATA_DIR: path.join(os.tmpdir(), `jgk-no-data-${name}`) };
      // No data-folder lock on PostgreSQL: several servers may run on it.
      fs.mkdirSync(env.DATA_DIR, { recursive: true });
      fs.writeFileSync(path.join(env.DATA_DIR, 'server.lock'), String(process.pid));
      try {
        const granted = await staffGrant(['--mobile', MOBILE, '--role', 'editor,analyst', '--name', 'Ravi'], env);
        expect(granted.stderr).toBe('');
        expect(granted.stdout).toMatch(/Created the account of Ravi \(919876543210\) in the PostgreSQL database/);
        expect((await staffGrant(['--mobile', MOBILE, '--revoke'], env)).stdout).toMatch(
          /Deactivated\. Now Ravi \(919876543210\): deactivated, roles analyst, editor\./,
        );
        const again = await staffGrant(['--mobile', MOBILE, '--role', 'editor'], env);
        expect(again.stdout).toMatch(/Now Ravi \(919876543210\): active, roles analyst, editor\./);
        const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
        try {
          const actions = await database.db
            .select({ action: auditLog.action, after: auditLog.after })
            .from(auditLog)
            .where(eq(auditLog.entityKind, 'staff-member'))
            .orderBy(asc(auditLog.id));
          expect(actions.map((entry) => entry.action)).toEqual(['staff.grant', 'staff.revoke', 'staff.grant']);
        } finally {
          await database.close();
        }
      } finally {
        fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
      }
    },
  );
});
