// The pages visitors without a session are sent are kept (ADR 10, ADR 39: ten seconds outside tests,
// as finished bytes); an event's change must show on them at once, on every instance, as a publish
// does (ADR 21): its page, the home and cyber-safety pages that link an open event, and the
// leaderboard (a ranked entrant's district changed on her profile too). Two apps on one database stand for two instances (on PostgreSQL, each with its own
// connections and listener). A stand-in renderer draws what the event calls answer; a change made
// straight in the database, announced by nobody, stays unseen while the pages are kept, so a read
// that shows one proves the kept pages were emptied, not that they expired.
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { eventTexts } from '../../db/schema/events';
import { waitFor } from '../../test/ports';
import { signInAsStaff, type SignedInStaff } from '../../test/sign-in';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/test-app';
import { testPageManifest, writeTestWebBuild } from '../pages/test-page-manifest';
import { createTestEvent, enterTestEvent, type TestEvent } from './event-test-helpers';
import { closeDueEntries } from './scheduler';

const INDEX = `<!doctype html>
<html lang="en">
  <head><!--head-tags--><title>Placeholder</title><!--/head-tags--></head>
  <body><div id="root"></div></body>
</html>`;

// Draws the event's name and state on its page, the open events' names on the home and
// cyber-safety pages, and the leaderboard's first names and districts, from the public calls.
const RENDERER = `
export async function renderPage({ url, fetch }) {
  const json = async (path) => {
    const res = await fetch(path, { method: 'GET' });
    return res.ok ? res.json() : null;
  };
  const board = url.match(/^\\/events\\/([^/?]+)\\/leaderboard/);
  if (board) {
    const answer = await json('/api/events/public/en/' + board[1] + '/leaderboard');
    const rows = answer ? answer.rows.map((r) => r.rank + ' ' + r.firstName + ' ' + (r.district || '-')).join('; ') : 'none';
    return { html: '<main><p class="board">' + rows + '</p></main>', queryState: { queries: [] } };
  }
  const page = url.match(/^\\/events\\/([^/?]+)/);
  if (page) {
    const answer = await json('/api/events/public/en/' + page[1]);
    return {
      html: '<main><h1>' + answer.event.name + '</h1><p class="state">' + answer.event.state + '</p></main>',
      queryState: { queries: [] },
    };
  }
  const open = await json('/api/events/public/en');
  const links = open.events.filter((e) => e.entriesOpenNow).map((e) => e.name).join('; ');
  return { html: '<main><p class="links">' + (links || 'no event') + '</p></main>', queryState: { queries: [] } };
}`;

let database: TestDatabase;
let other: Database | undefined;
let webDir: string;
/** Where the staff work; where visitors read (another instance on PostgreSQL). */
let staffApp: FastifyInstance;
let visitorApp: FastifyInstance;

beforeAll(async () => {
  const manifest = testPageManifest();
  const event = { rendered: true as const, namespaces: [], scripts: [], styles: [] };
  manifest.pages.push(
    { name: 'event', path: '/events/:eventKey', ...event },
    { name: 'eventLeaderboard', path: '/events/:eventKey/leaderboard', ...event },
  );
  webDir = writeTestWebBuild({
    index: INDEX,
    translations: {},
    files: { '.ssr/entry-server.js': RENDERER },
    pageManifest: manifest,
  });
  // Outside tests, shared answers and pages are kept for ten seconds (publicCacheMs).
  const config = testConfig({ NODE_ENV: 'development', API_RATE_LIMIT_PER_MINUTE: '100000' });
  database = await createTestDatabase();
  staffApp = await buildApp({ config, db: database.db, listen: database.listen, webDir, logger: false });
  other = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 2 }) : undefined;
  const visitorDb = other ?? database;
  visitorApp = await buildApp({ config, db: visitorDb.db, listen: visitorDb.listen, webDir, logger: false });
});

afterAll(async () => {
  await visitorApp?.close();
  await staffApp?.close();
  await other?.close();
  await database?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** A visitor's page (no session), as the visitors' instance sends it. */
const visit = async (url: string) => {
  const res = await visitorApp.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const shows = async (url: string, text: string) => (await visit(url)).includes(text);
/** Waits at most a second: a notification's delivery, never the ten seconds of a kept page. */
const soon = (url: string, text: string) => waitFor(() => shows(url, text), 1000, `${url} to show ${text}`);

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = async (who: { headers: { cookie: string } }, method: Method, url: string, payload?: object) => {
  const res = await staffApp.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
};

/** Renames the event's English text without telling anyone, as no staff write would. */
const renameQuietly = (event: TestEvent, name: string) =>
  database.db
    .update(eventTexts)
    .set({ name })
    .where(and(eq(eventTexts.eventId, event.id), eq(eventTexts.lang, 'en')));

describe("an event's change on the pages kept for visitors", () => {
  let editor: SignedInStaff;
  let event: TestEvent;
  beforeAll(async () => {
    editor = await signInAsStaff(staffApp, ['editor']);
    event = await createTestEvent(database.db, { questionsPerEntry: 2, poolSize: 4 });
  });

  it("shows a new name, the event's closing and its results at once, and keeps them otherwise", async () => {
    const started = Date.now();
    const page = `/events/${event.key}`;
    const board = `${page}/leaderboard`;
    expect(await visit(page)).toContain(`<h1>${event.name}</h1>`);
    expect(await visit(page)).toContain('<p class="state">open</p>');
    expect(await visit('/')).toContain(event.name);
    expect(await visit('/vicyberShield')).toContain(event.name);

    // Kept: a change nobody announces is not seen.
    await renameQuietly(event, 'Quietly renamed');
    expect(await visit(page)).toContain(`<h1>${event.name}</h1>`);
    expect(await visit('/')).toContain(event.name);

    // The staff change the English texts: the event's page and both links show the change.
    await call(editor, 'PATCH', `/api/staff/events/${event.id}`, {
      texts: { en: { name: 'Cyber safety fair quiz', terms: 'One entry per person.' } },
    });
    await soon(page, '<h1>Cyber safety fair quiz</h1>');
    await soon('/', 'Cyber safety fair quiz');
    await soon('/vicyberShield', 'Cyber safety fair quiz');

    // A translation saved waits for review and changes nothing visitors see; published, it empties them too.
    await renameQuietly(event, 'Cyber safety fair');
    await call(editor, 'PUT', `/api/staff/events/${event.id}/texts/hi`, { name: 'साइबर सुरक्षा मेला', terms: '' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await visit(page)).toContain('<h1>Cyber safety fair quiz</h1>');
    await call(editor, 'POST', `/api/staff/events/${event.id}/translations/hi/publish`);
    await soon(page, '<h1>Cyber safety fair</h1>');

    // Entrants finish; the staff close the event: it is closed on its page, no link names it.
    const entrants = await Promise.all([
      enterTestEvent(staffApp, event.key, { name: 'Asha Devi' }),
      enterTestEvent(staffApp, event.key, { name: 'Meena Kumari' }),
    ]);
    for (const { who } of entrants) await call(who, 'POST', `/api/events/${event.key}/entry/submit`);
    expect(await visit(board)).toContain('<p class="board">none</p>');
    await call(editor, 'POST', `/api/staff/events/${event.id}/close`);
    await soon(page, '<p class="state">closed</p>');
    await soon('/', '<p class="links">no event</p>');
    await soon('/vicyberShield', '<p class="links">no event</p>');

    // Results published: the leaderboard shows both; a disqualification takes one off at once.
    await call(editor, 'POST', `/api/staff/events/${event.id}/results/publish`);
    await soon(board, 'Asha');
    expect(await visit(board)).toContain('Meena');
    expect(await visit(page)).toContain('<p class="state">results_published</p>');
    // A ranked entrant gives her district on her profile: the leaderboard shows it at once.
    const profile = await staffApp.inject({
      method: 'PATCH',
      url: '/api/user/me',
      headers: entrants[1]!.who.headers,
      payload: { district: 'North 24 Parganas' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await soon(board, 'Meena North 24 Parganas');
    const asha = entrants[0]!.entry;
    await call(editor, 'POST', `/api/staff/events/${event.id}/entries/${asha.number}/disqualify`, {
      reason: 'Entered twice from two numbers',
    });
    await waitFor(async () => !(await shows(board, 'Asha')), 1000, 'the leaderboard without the disqualified entry');
    expect(await visit(board)).toMatch(/<p class="board">1 Meena North 24 Parganas<\/p>/);

    // An entrant withdrawing during the review period leaves the leaderboard at once.
    await call(entrants[1]!.who, 'DELETE', `/api/events/${event.key}/entry`);
    await soon(board, '<p class="board"></p>');
    // Every "still kept" page above was read well inside the pages' lifetime.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('empties them when the clock opens an event, as the closing round writes it down', async () => {
    const started = Date.now();
    const due = await createTestEvent(database.db, { state: 'scheduled' });
    expect(await visit(`/events/${due.key}`)).toContain(`<h1>${due.name}</h1>`);
    await renameQuietly(due, 'Opened by the clock');
    expect(await visit(`/events/${due.key}`)).toContain(`<h1>${due.name}</h1>`);
    // Its first day began yesterday: the round writes it down as open, and says so.
    await closeDueEntries(database.db, new Date());
    await soon(`/events/${due.key}`, '<h1>Opened by the clock</h1>');
    // A round that changes nothing announces nothing: the page stays kept.
    await renameQuietly(due, 'Not announced');
    await closeDueEntries(database.db, new Date());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await visit(`/events/${due.key}`)).toContain('<h1>Opened by the clock</h1>');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
