// npm run bench:web — the public pages in Lighthouse 12 (default mobile emulation: slow 4G, 4x CPU
// slowdown) on the system Chromium, against the built app served by the real server on a fresh
// embedded database with the sample content. Prints performance, accessibility, LCP, TBT, CLS and
// the JavaScript transferred per page, checks them against the design's budgets (section 6), and
// exits with 1 when one is missed. Results as JSON in bench/results/. BENCH_PAGES=/,/blogs picks the
// pages; each page is measured three times and the median run is kept (BENCH_RUNS=1 for one run);
// every run prints Lighthouse's benchmarkIndex (its measure of this machine's CPU, higher is faster)
// so a slow or busy machine is visible beside the figures it produced. BENCH_CPU=1.5 slows the CPU a
// further 1.5 times (Lighthouse's 4x becomes 6x: a cheaper phone). Beside Lighthouse's total blocking
// time (from the tasks' wall-clock time, which a busy machine stretches) each run prints the same sum
// from the main thread's CPU time in Lighthouse's own trace ("CPU TBT"): the work the page asks for,
// whatever else the machine is doing (ADR 38). BENCH_LANG=tm measures in another interface
// language (its fonts), BENCH_WIDTH=360 at another viewport width. The pages a learner spends their
// time on are measured signed in too (BENCH_SIGNED_IN=0 leaves them out): the catalogue, a course,
// a lesson and a quiz, as a learner who signed up with a one-time password, enrolled and finished
// the first lesson. A lesson and a quiz (rendered on the server for a signed-in learner, ADR 28)
// are held to the performance, LCP and layout-shift budgets; the first-load JavaScript budget is a
// public page's (design section 6), so theirs is printed but not held.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { answers, freePort, waitFor } from '../server/test/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(',')
  : ['/', '/courses', '/blogs', '/success-stories/all', '/vicyberShield'];
const SIGNED_IN = process.env.BENCH_SIGNED_IN !== '0';
/**
 * The design's budgets (section 6) as issue 25 raised them: every page scores 100 and a public page
 * blocks the main thread for under 100 ms in total.
 */
const BUDGET = { performance: 100, lcpMs: 2000, tbtMs: 100, cls: 0.05, jsKb: 100 };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
const WEB_DIR = process.env.BENCH_WEB_DIR;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Lighthouse's mobile CPU slowdown (4x) multiplied by BENCH_CPU (1.5: 6x, a cheaper phone). */
const CPU_FACTOR = Number(process.env.BENCH_CPU ?? 1);
const CPU_SLOWDOWN = 4 * CPU_FACTOR;
/**
 * The interface language (BENCH_LANG=tm), stored as the language switcher stores it (web/i18n/i18n.ts):
 * the jgk_lang cookie the server renders the page's language from, and the stored choice the app
 * keeps once it runs. With the cookie alone the app would switch the page to English after
 * hydration, a layout shift no visitor who chose the language sees.
 */
const LANG = process.env.BENCH_LANG;
/** The viewport's width in CSS pixels (BENCH_WIDTH=360); Lighthouse's phone (412) otherwise. */
const WIDTH = process.env.BENCH_WIDTH ? Number(process.env.BENCH_WIDTH) : undefined;
/** A viewport of 1024 px or more is measured as a desktop (Lighthouse requires the two to agree). */
const PHONE = WIDTH === undefined || WIDTH < 1024;
const LIGHTHOUSE_FLAGS = {
  output: 'json' as const,
  logLevel: 'error' as const,
  onlyCategories: ['performance', 'accessibility'],
  // Lighthouse's own mobile throttling (simulated slow 4G), with the CPU slowdown of BENCH_CPU.
  throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
  // The language is stored in the browser before the run (chooseLanguage), which Lighthouse must keep.
  ...(LANG ? { disableStorageReset: true } : {}),
  // The throttling stays the phone's whatever the width.
  ...(WIDTH
    ? {
        formFactor: PHONE ? ('mobile' as const) : ('desktop' as const),
        screenEmulation: {
          mobile: PHONE,
          width: WIDTH,
          height: PHONE ? 800 : 900,
          deviceScaleFactor: PHONE ? 2 : 1,
          disabled: false,
        },
      }
    : {}),
};

const log = (message: string) => console.log(`[bench:web] ${message}`);

/** The body of a response as sent with one content encoding (Node's fetch would decode it). */
function encodedSize(url: string, encoding: 'br' | 'gzip'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => (size += chunk.length));
        res.on('end', () => resolve(size));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Stores BENCH_LANG in a fresh browser, as a visitor who chose that language has it. */
async function chooseLanguage(port: number, origin: string, language: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('the browser has no default context');
  const page = await context.newPage();
  await page.goto(`${origin}/api/health`);
  await page.evaluate((code) => {
    window.localStorage.setItem('jgk_lang', code);
    document.cookie = `jgk_lang=${code}; path=/; max-age=31536000; samesite=lax`;
  }, language);
  await page.close();
}

/**
 * A learner signed up through the API (the code read from the server's log), enrolled in the first
 * English course with its first lesson done: the session cookie and the pages to measure with it.
 */
/** The learning views (a lesson, a quiz), which only a signed-in learner opens; the catalogue and a course page are public addresses. */
const isLearningView = (page: string) => /^\/courses\/[^/]+\/[^/]+\/./.test(page);

async function signedInLearner(origin: string, serverLog: () => string): Promise<{ cookie: string; pages: string[] }> {
  const mobile = `919${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  const post = (url: string, body?: unknown, cookie?: string) =>
    fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const sent = await post('/api/user/send-otp', { mobile });
  if (sent.status !== 404) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  let otp: string | undefined;
  for (let i = 0; i < 50 && !otp; i++) {
    otp = new RegExp(`One-time password for \\+?${mobile}: (\\d{6})`).exec(serverLog())?.[1];
    if (!otp) await new Promise((r) => setTimeout(r, 200));
  }
  if (!otp) throw new Error(`no one-time password in the server log; its end: ${serverLog().slice(-500)}`);
  const registered = await post('/api/user/register', { mobile, otp, name: 'Bench Learner' });
  const cookie = /sid=[^;]+/.exec(registered.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`register answered ${registered.status}`);
  const list = (await (await fetch(`${origin}/api/course/public?lang=en`)).json()) as { courses: { id: string }[] };
  const courseId = list.courses[0]!.id;
  if ((await post(`/api/progress/en/${courseId}`, undefined, cookie)).status !== 201)
    throw new Error('could not enrol');
  const detail = (await (await fetch(`${origin}/api/course/public/en/${courseId}`)).json()) as {
    course_en: { chapter_ens: { id: string; lesson_ens: { id: string }[] }[]; quiz_ens: { id: string }[] };
  };
  const chapter = detail.course_en.chapter_ens[0]!;
  const lesson = chapter.lesson_ens[0]!;
  await post(`/api/progress/en/${courseId}/chapters/${chapter.id}/lessons/${lesson.id}/complete`, undefined, cookie);
  return {
    cookie,
    pages: [
      '/courses',
      `/courses/en/${courseId}`,
      `/courses/en/${courseId}/chapter/${chapter.id}/lesson/${chapter.lesson_ens[1]?.id ?? lesson.id}`,
      `/courses/en/${courseId}/quiz/${detail.course_en.quiz_ens[0]!.id}`,
    ],
  };
}

interface Row {
  page: string;
  /** A page only a signed-in learner opens (a lesson, a quiz): not a public page. */
  learnerOnly: boolean;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Everything the scripts' responses took on the wire, headers included. */
  jsKb: number;
  /** The scripts' bodies as the server sends them to browsers (Brotli), and with gzip. */
  jsBrKb: number;
  jsGzipKb: number;
  jsRequests: number;
  /** Lighthouse's measure of this machine's CPU during the run (higher is faster; a busy machine drops). */
  benchmarkIndex: number;
  /** Total blocking time from the tasks' CPU time rather than their wall-clock time (cpuBlockingMs). */
  cpuTbtMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}

/**
 * Lighthouse's blocking-time sum (each task after the first contentful paint, slowed down, less
 * 50 ms) over the main thread's CPU time (the trace's thread duration) instead of its wall-clock
 * time: on a shared machine a task waits for a core, and Lighthouse's simulation multiplies that
 * wait by the CPU slowdown too.
 */
function cpuBlockingMs(events: TraceEvent[], url: string): number {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  if (!navigation) return NaN;
  const paint = events.find(
    (e) => e.name === 'firstContentfulPaint' && e.pid === navigation.pid && e.ts >= navigation.ts,
  );
  if (!paint) return NaN;
  // A task is "RunTask" or, in newer Chromium, "ThreadControllerImpl::RunTask"; where the two nest,
  // the outer one counts.
  const tasks = events
    .filter(
      (e) =>
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        e.ph === 'X' &&
        e.pid === navigation.pid &&
        e.tid === navigation.tid &&
        e.ts >= paint.ts &&
        e.dur !== undefined &&
        e.tdur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  if (!tasks.length) return NaN;
  let blocking = 0;
  let end = -Infinity;
  for (const task of tasks) {
    if (task.ts < end) continue;
    end = task.ts + (task.dur ?? 0);
    blocking += Math.max(0, (CPU_SLOWDOWN * (task.tdur ?? 0)) / 1000 - 50);
  }
  return Math.round(blocking);
}

async function main() {
  // The web app is built into a folder of its own (served through WEB_DIR), so a build someone
  // else starts in dist/ meanwhile cannot change the files under measurement.
  const webDir = WEB_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-bench-webdir-'));
  if (!WEB_DIR) {
    log('building');
    // Always React's production build, whatever NODE_ENV the caller has.
    const web = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', webDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (web.status !== 0) process.exit(web.status ?? 1);
    // The server-side renderer of the public pages, where the server looks for it.
    const ssr = spawnSync(
      'npx',
      [
        'vite',
        'build',
        '--ssr',
        'entry-server.tsx',
        '--logLevel',
        'warn',
        '--outDir',
        path.join(webDir, '.ssr'),
        '--emptyOutDir',
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (ssr.status !== 0) process.exit(ssr.status ?? 1);
    const server = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
    if (server.status !== 0) process.exit(server.status ?? 1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-bench-web-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  log(`starting the server on ${origin} (DATA_DIR=${dataDir})`);
  // The log at info level holds the one-time password of the signed-in learner (console SMS provider).
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    // No load shedding: the pages are measured, not the server's guard (a busy machine would trip it).
    env: {
      ...process.env,
      WEB_DIR: webDir,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMS_PROVIDER: 'console',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      PUBLIC_URL: origin,
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let serverLog = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-200_000);
  });
  const rows: Row[] = [];
  try {
    await waitFor(() => answers(`${origin}/api/health`), 60_000, 'the server');
    const learner = SIGNED_IN ? await signedInLearner(origin, () => serverLog) : undefined;
    const measured: { page: string; cookie?: string }[] = [
      ...PAGES.map((page) => ({ page })),
      ...(learner ? learner.pages.map((page) => ({ page, cookie: learner.cookie })) : []),
    ];
    for (const { page, cookie } of measured) {
      const name = cookie ? `${page} (signed in)` : page;
      const flags = cookie ? { ...LIGHTHOUSE_FLAGS, extraHeaders: { Cookie: cookie } } : LIGHTHOUSE_FLAGS;
      // Warm the server (first database reads) so the run measures the page, not the start.
      await fetch(`${origin}${page}`, cookie ? { headers: { cookie } } : {});
      const runs: Row[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A fresh browser per run: no cache or state carried over from another page.
        const chrome = await chromeLauncher.launch({
          chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
          chromeFlags: CHROME_FLAGS,
        });
        if (LANG) await chooseLanguage(chrome.port, origin, LANG);
        let result = await lighthouse(`${origin}${page}`, { port: chrome.port, ...flags });
        // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine;
        // up to two more tries.
        for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
          log(`${page}: ${result.lhr.runtimeError.code}, trying again`);
          result = await lighthouse(`${origin}${page}`, { port: chrome.port, ...flags });
        }
        await chrome.kill();
        if (!result) throw new Error(`no Lighthouse result for ${page}`);
        if (result.lhr.runtimeError)
          throw new Error(`${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        const lhr = result.lhr;
        const requests = (
          (
            lhr.audits['network-requests']?.details as
              { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } | undefined
          )?.items ?? []
        ).filter((item) => item.resourceType === 'Script');
        const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
        const bodies = async (encoding: 'br' | 'gzip') =>
          (await Promise.all(requests.map((item) => encodedSize(item.url, encoding)))).reduce((a, b) => a + b, 0);
        runs.push({
          page: name,
          learnerOnly: isLearningView(page),
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
          cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
          jsKb: kb(requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0)),
          jsBrKb: kb(await bodies('br')),
          jsGzipKb: kb(await bodies('gzip')),
          jsRequests: requests.length,
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
          cpuTbtMs: cpuBlockingMs(
            (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace?.traceEvents ?? [],
            `${origin}${page}`,
          ),
        });
        const last = runs[runs.length - 1]!;
        log(
          `${name} run ${run + 1}/${RUNS}: performance ${last.performance}, TBT ${last.tbtMs} ms (CPU TBT ${last.cpuTbtMs} ms), LCP ${last.lcpMs} ms, benchmarkIndex ${last.benchmarkIndex}`,
        );
        if (process.env.BENCH_DEBUG) {
          fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
          fs.writeFileSync(
            path.join(root, 'bench/results', `lhr${page.replace(/\W+/g, '_')}.json`),
            JSON.stringify(lhr, null, 1),
          );
        }
      }
      // The median run by performance score (by blocking time among equal scores).
      runs.sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
      const row = runs[Math.floor(runs.length / 2)] as Row;
      rows.push(row);
      log(`${name}: median performance ${row.performance}, TBT ${row.tbtMs} ms, LCP ${row.lcpMs} ms, CLS ${row.cls}`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!WEB_DIR) fs.rmSync(webDir, { recursive: true, force: true });
  }

  const failures: string[] = [];
  for (const row of rows) {
    if (row.performance < BUDGET.performance)
      failures.push(`${row.page}: performance ${row.performance} < ${BUDGET.performance}`);
    if (row.cls > BUDGET.cls) failures.push(`${row.page}: CLS ${row.cls} > ${BUDGET.cls}`);
    if (row.lcpMs > BUDGET.lcpMs) failures.push(`${row.page}: LCP ${row.lcpMs} ms > ${BUDGET.lcpMs} ms`);
    // The design's first-load and blocking-time budgets are a public page's, which a visitor opens
    // cold; a learning view opens signed in and carries the course's frame and the quiz player (its
    // figures are printed all the same).
    if (row.learnerOnly) continue;
    if (row.tbtMs >= BUDGET.tbtMs) failures.push(`${row.page}: TBT ${row.tbtMs} ms >= ${BUDGET.tbtMs} ms`);
    if (row.jsBrKb > BUDGET.jsKb) failures.push(`${row.page}: JS ${row.jsBrKb} KB > ${BUDGET.jsKb} KB`);
  }
  console.log('');
  console.log(
    `Language: ${LANG ?? 'en (no cookie)'}; viewport: ${WIDTH ? `${WIDTH} px wide` : "Lighthouse's phone"}; CPU slowed ${CPU_SLOWDOWN}x; ${RUNS} run(s) a page, the median by performance.`,
  );
  console.log(
    '| page | performance | accessibility | LCP (ms) | TBT (ms) | CLS | JS KB sent (Brotli) | JS KB if gzip | JS KB on the wire (with headers) | JS requests | benchmarkIndex | CPU TBT (ms) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.jsBrKb} | ${r.jsGzipKb} | ${r.jsKb} | ${r.jsRequests} | ${r.benchmarkIndex} | ${r.cpuTbtMs} |`,
    );
  }
  console.log('');
  console.log(
    `Budgets: performance >= ${BUDGET.performance}, LCP <= ${BUDGET.lcpMs} ms, CLS <= ${BUDGET.cls}, TBT < ${BUDGET.tbtMs} ms, first-load JS <= ${BUDGET.jsKb} KB as sent (Brotli; ADR 10); a learning view (lesson, quiz) is held to all but TBT and first-load JS.`,
  );
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/web.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        budget: BUDGET,
        language: LANG ?? 'en',
        width: WIDTH,
        cpuSlowdown: CPU_SLOWDOWN,
        runs: RUNS,
        rows,
      },
      null,
      2,
    ),
  );
  if (failures.length) {
    console.log(`Over budget:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('All pages within budget.');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
