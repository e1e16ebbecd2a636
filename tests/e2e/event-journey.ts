// What the event quiz's journeys share (event-quiz.e2e.ts, staff-event-quiz.e2e.ts): the page's words
// in a language, a call of the page's own that answers refusals too, and the time the timer shows.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const LOCALES = path.resolve(import.meta.dirname, '../../web/i18n/locales');

type Words = Record<string, unknown>;

/** A namespace's words in a language, with `{{name}}`s filled in as the page fills them. */
export function wordsOf(lang: string, namespace: string) {
  const words = JSON.parse(fs.readFileSync(path.join(LOCALES, lang, `${namespace}.json`), 'utf8')) as Words;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Words | undefined)?.[part], words);
    if (typeof text !== 'string') throw new Error(`${lang}/${namespace}: no ${key}`);
    return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name]));
  };
}

/** A call of the page's own (its session), answering the status and the JSON, refusals included. */
export function pageAnswer<T>(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ([m, u, b]) => {
      const response = await fetch(u as string, {
        method: m as string,
        headers: b ? { 'content-type': 'application/json' } : {},
        body: b ? JSON.stringify(b) : undefined,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    [method, url, body] as const,
  ) as Promise<{ status: number; body: T }>;
}

/** The seconds the entry's timer shows ("4:05" is 245). */
export async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('event-timer').innerText()).trim();
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}
