// Starts the app as `npm start` does (building what is stale), on a free port with a fresh data
// folder and the console SMS provider, and keeps its log in a file: the journeys read one-time
// passwords from it, as a person trying the app locally would.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { STAFF_AUTHORING, STAFF_OPERATIONS } from './groups';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    /** The 10-digit mobile number of the first admin, made with `npm run staff:grant` before the start. */
    adminMobile: string;
    /** An analyst and an editor, granted the same way (the analytics journey reads with one and is refused to the other). */
    analystMobile: string;
    editorMobile: string;
    /** An editor and a Hindi and Tamil translator of the media library's journey, its own so its second factor starts unset. */
    mediaEditorMobile: string;
    mediaTranslatorMobile: string;
    /** An editor of the preview's journey, its own so its second factor starts unset. */
    previewEditorMobile: string;
    /** An editor of its own for the course editor's journey (its second factor is set up there), and a Hindi translator. */
    courseEditorMobile: string;
    hindiTranslatorMobile: string;
    /** An editor of the new, deleted and restored items' journey, its own so its second factor starts unset. */
    itemsEditorMobile: string;
    /** An editor of its own for the journey of the other kinds' editors (posts, galleries). */
    kindsEditorMobile: string;
    /** Hindi translators of the items' and the other kinds' journeys, each its own: every staff member sets up a second factor at the first sign-in. */
    itemsTranslatorMobile: string;
    kindsTranslatorMobile: string;
    /** An admin of the console's layout checks, its own so its first sign-in shows the authenticator's setup. */
    layoutAdminMobile: string;
    /** The first admin of the whole story's journey, its own so its second factor starts unset (staff-console.e2e.ts sets up the other's). */
    storyAdminMobile: string;
    /** The content editor's journey (staff-editor-work.e2e.ts): two editors at work on one item, and an admin who deactivates one. */
    workEditorMobile: string;
    workOtherEditorMobile: string;
    workAdminMobile: string;
    /** An editor who records voices through the API for the read-aloud journey. */
    voiceEditorMobile: string;
    /** A Hindi and Tamil translator who records sentences in the console's Voices page. */
    voiceTranslatorMobile: string;
    /** The event quiz's staff journey (staff-events.e2e.ts): an editor, a Hindi translator and an analyst, each its own. */
    eventsEditorMobile: string;
    eventsTranslatorMobile: string;
    eventsAnalystMobile: string;
    /** The entrant's event journey (staff-event-quiz.e2e.ts): an editor who makes a short event and publishes its results through the API. */
    eventQuizEditorMobile: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become healthy in time');
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-e2e-'));
  const serverLog = path.join(dataDir, 'server.log');
  const log = fs.openSync(serverLog, 'a');
  const port = Number(process.env.E2E_PORT) || (await freePort());
  // The first admin, made as the README tells an operator to, before the server holds the folder.
  const root = path.resolve(import.meta.dirname, '../..');
  // Nine digits after the 9: a run's stamp and the member's number (up to 99).
  const stamp = Date.now() % 10_000_000;
  const staffMobile = (n: number) => `9${String(stamp * 100 + n).padStart(9, '0')}`;
  const adminMobile = staffMobile(1);
  const analystMobile = staffMobile(2);
  const editorMobile = staffMobile(3);
  const mediaEditorMobile = staffMobile(4);
  const mediaTranslatorMobile = staffMobile(5);
  const previewEditorMobile = staffMobile(6);
  const courseEditorMobile = staffMobile(7);
  const hindiTranslatorMobile = staffMobile(8);
  const itemsEditorMobile = staffMobile(9);
  const kindsEditorMobile = staffMobile(10);
  const storyAdminMobile = staffMobile(11);
  const itemsTranslatorMobile = staffMobile(12);
  const kindsTranslatorMobile = staffMobile(13);
  const layoutAdminMobile = staffMobile(14);
  const workEditorMobile = staffMobile(15);
  const workOtherEditorMobile = staffMobile(16);
  const workAdminMobile = staffMobile(17);
  const voiceEditorMobile = staffMobile(21);
  const voiceTranslatorMobile = staffMobile(22);
  const eventsEditorMobile = staffMobile(18);
  const eventsTranslatorMobile = staffMobile(19);
  const eventsAnalystMobile = staffMobile(20);
  const eventQuizEditorMobile = staffMobile(23);
  const staffGrants = [
    [adminMobile, 'admin', 'Asha Admin', undefined, STAFF_OPERATIONS],
    [analystMobile, 'analyst', 'Anil Analyst', undefined, STAFF_OPERATIONS],
    [editorMobile, 'editor', 'Esha Editor', undefined, STAFF_OPERATIONS],
    [mediaEditorMobile, 'editor', 'Meera Editor', undefined, STAFF_AUTHORING],
    [mediaTranslatorMobile, 'translator', 'Tara Translator', 'hi,tm', STAFF_AUTHORING],
    [previewEditorMobile, 'editor', 'Pooja Editor', undefined, STAFF_AUTHORING],
    [courseEditorMobile, 'editor', 'Chitra Editor', undefined, STAFF_AUTHORING],
    [hindiTranslatorMobile, 'translator', 'Harsh Translator', 'hi', STAFF_AUTHORING],
    [itemsEditorMobile, 'editor', 'Ira Editor', undefined, STAFF_AUTHORING],
    [kindsEditorMobile, 'editor', 'Bina Editor', undefined, STAFF_AUTHORING],
    [storyAdminMobile, 'admin', 'Vani Admin', undefined, STAFF_AUTHORING],
    [itemsTranslatorMobile, 'translator', 'Ila Translator', 'hi', STAFF_AUTHORING],
    [kindsTranslatorMobile, 'translator', 'Kiran Translator', 'hi', STAFF_AUTHORING],
    [layoutAdminMobile, 'admin', 'Lata Admin', undefined, STAFF_OPERATIONS],
    [workEditorMobile, 'editor', 'Divya Editor', undefined, STAFF_AUTHORING],
    [workOtherEditorMobile, 'editor', 'Ravi Editor', undefined, STAFF_AUTHORING],
    [workAdminMobile, 'admin', 'Uma Admin', undefined, STAFF_AUTHORING],
    [voiceEditorMobile, 'editor', 'Vasu Editor', undefined, STAFF_OPERATIONS],
    [voiceTranslatorMobile, 'translator', 'Tamizh Translator', 'hi,tm', STAFF_OPERATIONS],
    [eventsEditorMobile, 'editor', 'Neha Editor', undefined, STAFF_OPERATIONS],
    [eventsTranslatorMobile, 'translator', 'Hari Translator', 'hi', STAFF_OPERATIONS],
    [eventsAnalystMobile, 'analyst', 'Arjun Analyst', undefined, STAFF_OPERATIONS],
    [eventQuizEditorMobile, 'editor', 'Ekta Editor', undefined, STAFF_OPERATIONS],
  ] as const;
  // Each staff group's server gets the accounts of its own journeys, the other groups' none (each
  // grant is a process of its own, seconds of a busy machine's time).
  const staff = staffGrants.filter(([, , , , group]) => group === project.name);
  for (const [mobile, role, name, languages] of staff) {
    const grant = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli/staff-grant.ts',
        '--mobile',
        `91${mobile}`,
        '--role',
        role,
        '--name',
        name,
        ...(languages ? ['--languages', languages] : []),
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    if (grant.status !== 0) throw new Error(`staff:grant ${role} failed (${grant.status}): ${grant.stderr}`);
  }
  const baseUrl = `http://localhost:${port}`;
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMS_PROVIDER: 'console',
      // Every journey signs in from 127.0.0.1; the per-address limit would otherwise count them all.
      OTP_PER_ADDRESS_LIMIT: '1000',
      // Long enough to see the countdown, short enough for a returning learner to sign in again.
      OTP_RESEND_COOLDOWN_SECONDS: '8',
      // The journeys are about pages, not load: a busy CI machine must not shed their requests
      // (shedding has its own test, server/plugins/load-shedding.test.ts).
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
      // The analytics journey seeds learners and then asks for the figures at once.
      ANALYTICS_REFRESH_ON_REQUEST_SECONDS: '0',
      // Voicing the sample course in ten languages takes a core for minutes, which the groups' servers
      // side by side on two cores cannot spare; the read-aloud journey uploads the voices it plays.
      READ_ALOUD_SYNTHESIS: 'off',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  await waitForHealth(baseUrl, child, 200_000);
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', serverLog);
  project.provide('adminMobile', adminMobile);
  project.provide('analystMobile', analystMobile);
  project.provide('editorMobile', editorMobile);
  project.provide('mediaEditorMobile', mediaEditorMobile);
  project.provide('mediaTranslatorMobile', mediaTranslatorMobile);
  project.provide('previewEditorMobile', previewEditorMobile);
  project.provide('courseEditorMobile', courseEditorMobile);
  project.provide('hindiTranslatorMobile', hindiTranslatorMobile);
  project.provide('itemsEditorMobile', itemsEditorMobile);
  project.provide('kindsEditorMobile', kindsEditorMobile);
  project.provide('storyAdminMobile', storyAdminMobile);
  project.provide('itemsTranslatorMobile', itemsTranslatorMobile);
  project.provide('kindsTranslatorMobile', kindsTranslatorMobile);
  project.provide('layoutAdminMobile', layoutAdminMobile);
  project.provide('workEditorMobile', workEditorMobile);
  project.provide('workOtherEditorMobile', workOtherEditorMobile);
  project.provide('workAdminMobile', workAdminMobile);
  project.provide('voiceEditorMobile', voiceEditorMobile);
  project.provide('voiceTranslatorMobile', voiceTranslatorMobile);
  project.provide('eventsEditorMobile', eventsEditorMobile);
  project.provide('eventsTranslatorMobile', eventsTranslatorMobile);
  project.provide('eventsAnalystMobile', eventsAnalystMobile);
  project.provide('eventQuizEditorMobile', eventQuizEditorMobile);

  return async () => {
    if (child.pid && child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
