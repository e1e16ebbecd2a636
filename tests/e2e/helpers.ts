// Shared pieces of the browser journeys: a phone-sized Chromium page that records console errors,
// the one-time password read from the server log, accessibility checks and screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Frame,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { LANGUAGE_CODES, LANGUAGES } from '../../contract/languages';
import { totpCode } from '../../server/modules/staff/totp';

export const baseUrl = () => inject('baseUrl');
const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

/** How the journeys start Chromium (Debian's, headless). */
export const LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    // A microphone that plays a tone, allowed without asking: the console records voices (ADR 41).
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
};

export async function launch(): Promise<Browser> {
  return chromium.launch(LAUNCH_OPTIONS);
}

/** One Chromium for a test file: launched before its tests, closed after them; call it inside them. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched before the tests run');
    return browser;
  };
}

export interface PhonePage {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
  /** What the browser warned about (an unused preload, a deprecated call). */
  consoleWarnings: string[];
}

/**
 * Makes page.goto and page.reload return once the app runs on the new page (`<html data-ready>`,
 * set by the root layout): a public page is painted from the server's HTML before its scripts
 * arrive, and a click before then would be lost.
 */
export function waitForAppOnNavigation(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const ready = () => page.waitForSelector('html[data-ready]', { state: 'attached' });
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
  return page;
}

/**
 * A page in a fresh context, optionally in a stored interface language, that collects console
 * errors; a journey's page may leave out the failed requests it provokes on purpose.
 */
async function watchedPage(
  browser: Browser,
  contextOptions: BrowserContextOptions,
  options: { language?: string; provokesClientErrors: boolean },
): Promise<PhonePage> {
  const context = await browser.newContext({ ...contextOptions, baseURL: baseUrl() });
  if (options.language) {
    await context.addInitScript((lang) => window.localStorage.setItem('jgk_lang', lang), options.language);
  }
  const page = waitForAppOnNavigation(await context.newPage());
  const consoleErrors: string[] = [];
  const consoleWarnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') consoleWarnings.push(message.text());
    // A 4xx the journey provokes on purpose (wrong code, certificate refused) is logged by the
    // browser as a failed resource; those are answers, not errors of the page.
    const provoked =
      options.provokesClientErrors &&
      /Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
    if (message.type() === 'error' && !provoked) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  return { context, page, consoleErrors, consoleWarnings };
}

/**
 * A 360x740 touch page, for journeys (the 4xx answers they provoke are not console errors).
 * `withoutServiceWorker`: for a journey that slows or cuts the page's own requests through the
 * DevTools protocol, which the site's service worker (ADR 43) would otherwise fetch past.
 */
export function phonePage(
  browser: Browser,
  options: { language?: string; withoutServiceWorker?: boolean } = {},
): Promise<PhonePage> {
  return watchedPage(
    browser,
    {
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
      ...(options.withoutServiceWorker ? { serviceWorkers: 'block' as const } : {}),
    },
    { language: options.language, provokesClientErrors: true },
  );
}

/** A 1280x800 desktop page: every console error counts. */
export function desktopPage(browser: Browser, options: { language?: string } = {}): Promise<PhonePage> {
  return watchedPage(browser, { viewport: { width: 1280, height: 800 } }, { ...options, provokesClientErrors: false });
}

/** A 768x1024 touch page, a translator's tablet: every console error counts. */
export function tabletPage(browser: Browser, options: { language?: string } = {}): Promise<PhonePage> {
  return watchedPage(
    browser,
    { viewport: { width: 768, height: 1024 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
    { ...options, provokesClientErrors: false },
  );
}

/** A new 10-digit Indian mobile number, different on every call. */
let counter = 0;
export function newMobile(): string {
  counter += 1;
  const tail = String((Date.now() * 10 + counter) % 1_000_000_000).padStart(9, '0');
  return `9${tail}`;
}

/**
 * The newest one-time password the console SMS provider logged for a number: a sign-in code, with
 * 'guardian-consent' the code a guardian received to agree to a minor's learning, with
 * 'event-consent' the code that names an event a minor entered.
 */
export async function otpFor(
  local: string,
  after = 0,
  purpose: 'sign-in' | 'guardian-consent' | 'event-consent' = 'sign-in',
): Promise<string> {
  const log = inject('serverLog');
  const what =
    purpose === 'event-consent'
      ? // The event's name is quoted, and the log's JSON escapes the quotes.
        'Guardian consent one-time password for the event [^\\n]*?'
      : purpose === 'guardian-consent'
        ? 'Guardian consent one-time password'
        : 'One-time password';
  const pattern = new RegExp(`(?:^|\\W)${what} for \\+?91${local}: (\\d{6})`, 'g');
  for (let i = 0; i < 50; i++) {
    // `after` is a byte offset (the log holds non-ASCII text too).
    const text = fs.readFileSync(log).subarray(after).toString('utf8');
    const matches = [...text.matchAll(pattern)];
    const last = matches.at(-1);
    if (last?.[1]) return last[1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no one-time password logged for ${local}`);
}

export const logSize = () => fs.statSync(inject('serverLog')).size;

/** What the server logged after a byte offset (from logSize()). */
export const logSince = (after: number) => fs.readFileSync(inject('serverLog')).subarray(after).toString('utf8');

/** axe-core on the page (or a frame's document) as it is: no serious or critical violation. */
export async function expectAccessible(page: Page | Frame, name: string) {
  // Evaluated through the debugging protocol: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: unknown,
          ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
  expect(violations, `accessibility of ${name}`).toEqual([]);
}

/** The whole page, or with `{ fullPage: false }` what is on screen (a bar fixed at the top, say). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** Sign in (or register) through the form; the page ends wherever the app sends it. */
export async function signIn(
  page: Page,
  local: string,
  options: { name?: string; email?: string; labels?: Labels } = {},
) {
  const l = options.labels ?? EN;
  await page.getByLabel(l.phone).fill(local);
  const before = logSize();
  await page.getByRole('button', { name: l.requestOtp }).click();
  if (options.name !== undefined) await page.getByLabel(l.name).waitFor();
  else await page.getByRole('button', { name: l.login, exact: true }).waitFor();
  const code = await otpFor(local, before);
  await page.getByLabel(l.digit1).fill(code);
  if (options.name !== undefined) {
    await page.getByLabel(l.name).fill(options.name);
    if (options.email) await page.getByLabel(l.email).fill(options.email);
    await page.getByRole('button', { name: l.register, exact: true }).click();
  } else {
    await page.getByRole('button', { name: l.login, exact: true }).click();
  }
}

export interface Labels {
  phone: string | RegExp;
  requestOtp: string | RegExp;
  login: string;
  register: string;
  name: string | RegExp;
  email: string | RegExp;
  digit1: string | RegExp;
}

export const EN: Labels = {
  phone: 'Mobile number',
  requestOtp: 'Request OTP',
  login: 'Login',
  register: 'Register',
  name: 'Your name',
  email: /^Email/,
  digit1: 'Digit 1 of 6',
};

export const HI: Labels = {
  phone: 'मोबाइल नंबर',
  requestOtp: 'OTP मँगाएँ',
  login: 'लॉगिन करें',
  register: 'रजिस्टर करें',
  name: 'आपका नाम',
  email: /^ईमेल/,
  digit1: '6 में से अंक 1',
};

/** The sign-in form's labels in a language, from its translation file. */
export function labelsOf(lang: string): Labels {
  const file = path.resolve(import.meta.dirname, `../../web/i18n/locales/${lang}/auth.json`);
  const auth = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return {
    phone: auth.phoneLabel!,
    requestOtp: auth.requestOtp!,
    login: auth.login!,
    register: auth.register!,
    name: auth.nameLabel!,
    email: new RegExp(`^${auth.emailLabel!}`),
    digit1: auth.otpDigit!.replace('{{number}}', '1'),
  };
}

const LOCALES = path.resolve(import.meta.dirname, '../../web/i18n/locales');

/**
 * A language whose long text (about, privacy, ...) is not written yet, so the English one is served
 * with a note; none once every language has it. Also its code for `<html lang>` and the note.
 */
export function languageWithoutLongText(namespace: string): { code: string; bcp47: string; note: string } | undefined {
  const code = LANGUAGE_CODES.find((lang) => !fs.existsSync(path.join(LOCALES, lang, `${namespace}.json`)));
  if (!code) return undefined;
  const common = JSON.parse(fs.readFileSync(path.join(LOCALES, code, 'common.json'), 'utf8')) as {
    status: { fallbackNote: string };
  };
  return { code, bcp47: LANGUAGES[code].bcp47, note: common.status.fallbackNote };
}

/** A call made by the page itself (same origin, its session cookie), as the console makes them; the answer's JSON, if any. */
export async function pageCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([m, u, b]) => {
      const response = await fetch(u as string, {
        method: m as string,
        headers: b ? { 'content-type': 'application/json' } : {},
        body: b ? JSON.stringify(b) : undefined,
      });
      return { status: response.status, body: await response.text() };
    },
    [method, url, body] as const,
  );
  if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.body}`);
  return (answer.body ? JSON.parse(answer.body) : undefined) as T;
}

/**
 * A staff member's first sign-in (every role needs a second factor): the authenticator app set up
 * with its key typed by hand, the recovery codes kept, and on into the console. Answers the key, for
 * a later sign-in's code (confirmAuthenticator).
 */
export async function setUpAuthenticator(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Set up your authenticator app' }).waitFor();
  await page.getByText('Cannot scan it?').click();
  const secret = (await page.locator('.staff-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Code from the app').fill(totpCode(secret, new Date()));
  usedPeriod.set(secret, totpPeriod());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('I have kept these codes somewhere safe').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  return secret;
}

/** The authenticator's 30-second period now; a code is taken once (the server refuses it again). */
const totpPeriod = () => Math.floor(Date.now() / 30_000);
const usedPeriod = new Map<string, number>();

/** A later sign-in of a staff member: the code from their authenticator app, of a period not used yet. */
export async function confirmAuthenticator(page: Page, secret: string): Promise<void> {
  await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
  const used = usedPeriod.get(secret);
  if (used !== undefined && totpPeriod() <= used) await page.waitForTimeout((used + 1) * 30_000 - Date.now() + 200);
  usedPeriod.set(secret, totpPeriod());
  await page.getByLabel('Code from the app').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Confirm' }).click();
}
