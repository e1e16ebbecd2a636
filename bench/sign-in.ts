// npm run bench:sign-in — how long a new learner waits between pressing Register and seeing the
// page they were going to, on a phone on slow 4G (562.5 ms round trips, 1.4 Mbit/s down, 4x CPU
// slowdown, as Chrome's "Slow 4G" preset and Lighthouse's phone). Serves the built app (`npm run
// build` first) with the real server on a fresh embedded database and the console SMS provider,
// registers BENCH_RUNS (3) learners per target page, and prints the median milliseconds from the
// tap to: the server's answer, the new address, the next page's heading; and how many calls
// happened in between.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { answers, freePort, waitFor } from '../server/test/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGETS = (process.env.BENCH_TARGETS ?? '/,/courses,/user-profile').split(',');
const log = (message: string) => console.log(`[bench:sign-in] ${message}`);

async function codeFor(logFile: string, mobile: string, after: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const text = fs.readFileSync(logFile).subarray(after).toString('utf8');
    const code = new RegExp(`${mobile}: (\\d{6})`).exec(text)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code logged for ${mobile}`);
}

interface Sample {
  answer: number;
  address: number;
  heading: number;
  calls: number;
}

let counter = 0;
async function register(browser: Browser, origin: string, logFile: string, target: string): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    baseURL: origin,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.4 * 1024 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await page.waitForSelector('html[data-ready]', { state: 'attached' });
  counter += 1;
  const mobile = `9${String((Date.now() * 10 + counter) % 1_000_000_000).padStart(9, '0')}`;
  await page.getByLabel('Mobile number').fill(mobile);
  const before = fs.statSync(logFile).size;
  await page.getByRole('button', { name: 'Request OTP' }).click();
  await page.getByLabel('Your name').waitFor();
  await page.getByLabel('Digit 1 of 6').fill(await codeFor(logFile, mobile, before));
  await page.getByLabel('Your name').fill('Bench Learner');
  // A learner takes a few seconds to type the code and a name.
  await page.waitForTimeout(3000);
  let calls = 0;
  let answer = 0;
  const start = Date.now();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls += 1;
  });
  page.on('response', (response) => {
    if (response.url().endsWith('/api/user/register')) answer = Date.now() - start;
  });
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  const address = Date.now() - start;
  await page.waitForFunction(() => !document.querySelector('.auth') && document.querySelector('main h1'), null, {
    timeout: 30_000,
    polling: 'raf',
  });
  const heading = Date.now() - start;
  await context.close();
  return { answer, address, heading, calls };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-bench-sign-in-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const out = fs.openSync(logFile, 'a');
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMS_PROVIDER: 'console',
      OTP_PER_ADDRESS_LIMIT: '1000',
    },
    stdio: ['ignore', out, out],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    await waitFor(() => answers(`${origin}/api/health`), 120_000, 'the server');
    log(`slow 4G, 4x CPU, 360 px; median of ${RUNS} registrations per page; milliseconds from the tap on Register`);
    console.log(['page'.padEnd(14), 'answer', 'address', 'heading', 'api calls'].join('\t'));
    for (const target of TARGETS) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await register(browser, origin, logFile, target));
      console.log(
        [
          target.padEnd(14),
          median(samples.map((s) => s.answer)),
          median(samples.map((s) => s.address)),
          median(samples.map((s) => s.heading)),
          median(samples.map((s) => s.calls)),
        ].join('\t'),
      );
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
