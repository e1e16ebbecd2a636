// The sample content's events (sample-content/events/, ADR 40): the Vi CyberShield quiz of October
// 2025 (closed), and outside production a demo event that takes entries whenever the server runs, so
// the journey can be tried at once. Each event file names a pool file of questions. An event is
// imported when no event has its key (running it again changes nothing); the demo's days are moved
// at every start to run from today for DEMO_DAYS days.
import fs from 'node:fs';
import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import YAML from 'yaml';
import {
  DAY_PATTERN,
  EVENT_KEY_PATTERN,
  EVENT_QUESTION_TYPES,
  EVENT_STATES,
  TIME_OF_DAY_PATTERN,
} from '../../../contract/event-rules';
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import type { Db } from '../../db/client';
import * as repo from './repository';
import { istDay, isWindowValid } from './rules';
import { noteAllPublished } from './translations';

/** How long the demo event runs from the day the server starts. */
export const DEMO_DAYS = 30;

/** One of the values (literals, which TypeBox's Value checks; StringEnum is for the routes' Ajv). */
const oneOf = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)));

const byLanguage = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) =>
  Type.Object(Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, Type.Optional(schema)])), {
    additionalProperties: false,
  });

const EventFile = Type.Object(
  {
    key: Type.String({ pattern: EVENT_KEY_PATTERN }),
    seed: oneOf(['sample', 'demo']),
    firstDay: Type.Optional(Type.String({ pattern: DAY_PATTERN })),
    lastDay: Type.Optional(Type.String({ pattern: DAY_PATTERN })),
    opensAt: Type.String({ pattern: TIME_OF_DAY_PATTERN }),
    closesAt: Type.String({ pattern: TIME_OF_DAY_PATTERN }),
    timeLimitSeconds: Type.Integer({ minimum: 1 }),
    questionsPerEntry: Type.Integer({ minimum: 1 }),
    minorsAllowed: Type.Boolean(),
    termsVersion: Type.String({ minLength: 1 }),
    reviewHours: Type.Integer({ minimum: 0 }),
    state: oneOf(EVENT_STATES),
    pool: Type.String({ pattern: '^[a-z0-9-]+\\.pool\\.yaml$' }),
    texts: byLanguage(Type.Object({ name: Type.String({ minLength: 1 }), terms: Type.Optional(Type.String()) })),
  },
  { additionalProperties: false },
);
type EventFile = Static<typeof EventFile>;

const PoolFile = Type.Array(
  Type.Object(
    {
      type: oneOf(EVENT_QUESTION_TYPES),
      correct: Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1 }),
      texts: byLanguage(
        Type.Object({
          content: Type.String({ minLength: 1 }),
          options: Type.Array(Type.String({ minLength: 1 }), { minItems: 2 }),
          explanation: Type.Optional(Type.String()),
        }),
      ),
    },
    { additionalProperties: false },
  ),
  { minItems: 1 },
);
type PoolFile = Static<typeof PoolFile>;

function readChecked<T>(file: string, schema: Parameters<typeof Value.Check>[0]): T {
  const value: unknown = YAML.parse(fs.readFileSync(file, 'utf8'));
  const error = Value.Errors(schema, value).First();
  if (error) throw new Error(`${file}: ${error.path || '/'} ${error.message}`);
  return value as T;
}

/** The pool's questions, each with its option count (the same in every language) and right options in range. */
function poolQuestions(file: string, pool: PoolFile) {
  return pool.map((question, i) => {
    const texts = Object.entries(question.texts).flatMap(([lang, text]) =>
      text ? [{ lang: lang as LanguageCode, ...text }] : [],
    );
    const optionCount = texts[0]?.options.length ?? 0;
    const where = `${file}: question ${i + 1}`;
    if (!question.texts.en) throw new Error(`${where} has no English text`);
    if (texts.some((t) => t.options.length !== optionCount))
      throw new Error(`${where} has a different number of options in some language`);
    if (question.correct.some((c) => c >= optionCount)) throw new Error(`${where} names an option it does not have`);
    if (question.type === 'single' && question.correct.length !== 1)
      throw new Error(`${where} is a single answer with other than one right option`);
    return { type: question.type, optionCount, correct: [...new Set(question.correct)].sort(), texts };
  });
}

/** The days the demo runs: from today (or the day it began, when earlier) for DEMO_DAYS days. */
function demoDays(now: Date, firstDay?: string): { firstDay: string; lastDay: string } {
  const today = istDay(now);
  return {
    firstDay: firstDay && firstDay <= today ? firstDay : today,
    lastDay: istDay(new Date(now.getTime() + DEMO_DAYS * 86_400_000)),
  };
}

/**
 * Imports the events of `contentDir/events` that are not in the database yet (the demo only when
 * `demo`), and moves the demo's days so that it takes entries now. Answers the keys imported.
 */
export async function importSampleEvents(
  db: Db,
  options: { contentDir: string; now: Date; demo: boolean; log: { info(message: string): void } },
): Promise<string[]> {
  const dir = path.join(options.contentDir, 'events');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.yaml') && !name.endsWith('.pool.yaml'))
    .sort();
  const imported: string[] = [];
  for (const name of files) {
    const file = path.join(dir, name);
    const event = readChecked<EventFile>(file, EventFile);
    if (event.seed === 'demo' && !options.demo) continue;
    const poolFile = path.join(dir, event.pool);
    const questions = poolQuestions(poolFile, readChecked<PoolFile>(poolFile, PoolFile));
    const days =
      event.seed === 'demo'
        ? demoDays(options.now)
        : { firstDay: event.firstDay ?? '', lastDay: event.lastDay ?? event.firstDay ?? '' };
    if (!isWindowValid({ ...days, opensAt: event.opensAt, closesAt: event.closesAt }))
      throw new Error(`${file}: the days or hours are not a window (first day, last day, opening before closing)`);
    if (!event.texts.en) throw new Error(`${file}: no English name`);
    const added = await db.transaction(async (tx) => {
      const existing = await repo.findEventByKey(tx, event.key);
      if (existing) {
        if (event.seed === 'demo' && existing.seed === 'demo' && existing.state !== 'results_published') {
          await repo.updateEvent(tx, existing.id, { ...demoDays(options.now, existing.firstDay), state: 'scheduled' });
          // Other instances already running show the demo's new days at once.
          await repo.announceEventChange(tx);
        }
        return false;
      }
      const { pool: _pool, texts: _texts, firstDay: _first, lastDay: _last, ...settings } = event;
      const row = await repo.insertEvent(tx, { ...settings, ...days });
      if (!row) return false;
      for (const [lang, text] of Object.entries(event.texts)) {
        if (text) await repo.upsertText(tx, row.id, lang as LanguageCode, { name: text.name, terms: text.terms ?? '' });
      }
      for (const [position, question] of questions.entries()) {
        const { texts, ...key } = question;
        const saved = await repo.insertQuestion(tx, { eventId: row.id, position, ...key });
        await repo.replaceQuestionTexts(
          tx,
          saved.id,
          texts.map((t) => ({
            lang: t.lang,
            content: t.content,
            options: t.options,
            explanation: t.explanation ?? '',
          })),
        );
      }
      // The files' translations are published, translated from the English beside them.
      await noteAllPublished(tx, row.id);
      return true;
    });
    if (added) {
      imported.push(event.key);
      options.log.info(`sample event imported: ${event.key}`);
    }
  }
  return imported;
}
