// Sessions held in memory (ADR 39) on two instances of the server on one database, as outside tests
// (NODE_ENV=development): whatever ends a session or changes its user, on either instance or in the
// database itself (the retention job, a script), is refused or seen on both within a second.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase, testConfig } from '../test/test-app';
import { newSession, signInAs } from '../test/sign-in';
import { waitFor } from '../test/ports';

let database: Database;
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const instance = () =>
    buildApp({
      config: testConfig({ NODE_ENV: 'development' }),
      db: database.db,
      listen: database.listen,
      logger: false,
    });
  first = await instance();
  second = await instance();
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.close();
});

/** Who the instance says is signed in with these cookies: their name, or null. */
async function signedInName(app: FastifyInstance, headers: { cookie: string }): Promise<string | null> {
  const res = await app.inject({ method: 'GET', url: '/api/user/session-status', headers });
  expect(res.statusCode).toBe(200);
  const user = (res.json() as { user: { name: string; active: boolean } | null }).user;
  return user?.active ? user.name : null;
}

/** Waits until both instances say `name` (null: nobody) for the cookies, within a second. */
async function bothSay(headers: { cookie: string }, name: string | null, what: string) {
  await waitFor(
    async () => (await signedInName(first, headers)) === name && (await signedInName(second, headers)) === name,
    1000,
    what,
  );
}

describe('sessions held by each instance', () => {
  it('holds a session: a second look is answered from memory, not from the database', async () => {
    const learner = await signInAs(first, { name: 'Asha Devi' });
    expect(await signedInName(first, learner.headers)).toBe('Asha Devi');
    expect(first.sessionCache.size()).toBeGreaterThan(0);
    // Removed behind the server's back without an announcement, it is still held: the proof that
    // the answer comes from memory. (Every real change is announced: the cases below.)
    await database.db.execute(sql`alter table sessions disable trigger sessions_deleted`);
    try {
      await database.db.execute(sql`delete from sessions where user_id = ${learner.userId}`);
      expect(await signedInName(first, learner.headers)).toBe('Asha Devi');
      first.sessionCache.clear();
      expect(await signedInName(first, learner.headers)).toBeNull();
    } finally {
      await database.db.execute(sql`alter table sessions enable trigger sessions_deleted`);
    }
  });

  it('refuses a session signed out on one instance on the other within a second', async () => {
    const learner = await signInAs(first, { name: 'Meena Kumari' });
    await bothSay(learner.headers, 'Meena Kumari', 'both hold the session');
    const out = await first.inject({ method: 'POST', url: '/api/user/logout', headers: learner.headers });
    expect(out.statusCode).toBeLessThan(300);
    // Refused at once where it was ended, and within a second on the other.
    expect(await signedInName(first, learner.headers)).toBeNull();
    await bothSay(learner.headers, null, 'the session refused on the other instance');
  });

  it("sees a user renamed, deactivated or erased by any path (here the database's own) within a second", async () => {
    const learner = await signInAs(first, { name: 'Ravi Kumar' });
    await bothSay(learner.headers, 'Ravi Kumar', 'both hold the session');
    await database.db.execute(sql`update users set name = 'Ravi K.' where id = ${learner.userId}`);
    await bothSay(learner.headers, 'Ravi K.', 'the new name on both');
    await database.db.execute(sql`update users set active = false where id = ${learner.userId}`);
    await bothSay(learner.headers, null, 'the deactivated learner refused on both');

    const erased = await signInAs(second, { name: 'Lakshmi' });
    await bothSay(erased.headers, 'Lakshmi', 'both hold the session');
    await database.db.execute(sql`delete from users where id = ${erased.userId}`);
    await bothSay(erased.headers, null, 'the erased learner refused on both');
  });

  it('forgets every session when more than a hundred end at once (the retention sweep)', async () => {
    const learner = await signInAs(first, { name: 'Sunita' });
    const others = await Promise.all(Array.from({ length: 101 }, () => newSession(first, learner.userId)));
    await bothSay(learner.headers, 'Sunita', 'both hold the session');
    await bothSay(others[100]!, 'Sunita', 'both hold another session');
    await database.db.execute(sql`delete from sessions where user_id = ${learner.userId}`);
    await bothSay(learner.headers, null, 'every ended session refused on both');
    await bothSay(others[100]!, null, 'every ended session refused on both');
  });

  it('shows a learner their own profile change on their very next call, on the instance that made it', async () => {
    const learner = await signInAs(first, { name: 'Kavita' });
    expect(await signedInName(first, learner.headers)).toBe('Kavita');
    const changed = await first.inject({
      method: 'PATCH',
      url: '/api/user/me',
      headers: learner.headers,
      payload: { name: 'Kavita Sharma' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await signedInName(first, learner.headers)).toBe('Kavita Sharma');
  });
});
