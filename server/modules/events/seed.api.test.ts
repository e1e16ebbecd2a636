// The sample content's events (ADR 40): the Vi CyberShield quiz of 8 to 11 October 2025, 9:00 to
// 19:00 IST, imported closed; the demo event, open from the day the server starts (outside
// production only); importing again changes nothing but the demo's days. Both are written in every
// language of the platform: name, terms and the pool's questions, options and explanations.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../contract/languages';
import { eventQuestionTexts, eventQuestions, eventTexts, events } from '../../db/schema/events';
import { projectRoot } from '../../lib/project-root';
import { signInAs } from '../../test/sign-in';
import { testAppPerFile } from '../../test/test-app';
import { DEMO_DAYS, importSampleEvents } from './seed';

const t = testAppPerFile();
const contentDir = path.join(projectRoot(import.meta.filename), 'sample-content');
const log = { info: () => {} };
const eventRow = async (key: string) => (await t.app.db.select().from(events).where(eq(events.key, key)))[0];

describe('the sample events', () => {
  it('leave out the demo in production, and import the October 2025 event closed, with the specification’s days and hours', async () => {
    expect(await importSampleEvents(t.app.db, { contentDir, now: new Date(), demo: false, log })).toEqual([
      'vi-cybershield-2025',
    ]);
    expect(await eventRow('demo')).toBeUndefined();
    const sample = (await eventRow('vi-cybershield-2025'))!;
    expect(sample).toMatchObject({
      firstDay: '2025-10-08',
      lastDay: '2025-10-11',
      opensAt: '09:00:00',
      closesAt: '19:00:00',
      state: 'closed',
      seed: 'sample',
    });
    const pool = await t.app.db.select().from(eventQuestions).where(eq(eventQuestions.eventId, sample.id));
    expect(pool.length).toBeGreaterThanOrEqual(sample.questionsPerEntry);
    const page = (await t.app.inject({ method: 'GET', url: '/api/events/public/hi/vi-cybershield-2025' })).json().event;
    expect(page).toMatchObject({
      lang: 'hi',
      state: 'closed',
      entriesOpenNow: false,
      opensAt: '09:00',
      closesAt: '19:00',
    });
    expect(page.terms).toContain('5 सेकंड');
  });

  it('import the demo outside production, open now in Hindi too; again, only its days move', async () => {
    const now = new Date();
    expect(await importSampleEvents(t.app.db, { contentDir, now, demo: true, log })).toEqual(['demo']);
    const list = (await t.app.inject({ method: 'GET', url: '/api/events/public/hi' })).json().events;
    expect(list.find((e: { key: string }) => e.key === 'demo')).toMatchObject({ entriesOpenNow: true, lang: 'hi' });
    const who = await signInAs(t.app);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/events/demo/entry',
      headers: who.headers,
      payload: { lang: 'hi', age: 30 },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().entry.questions).toHaveLength(5);

    const later = new Date(now.getTime() + 40 * 86_400_000);
    expect(await importSampleEvents(t.app.db, { contentDir, now: later, demo: true, log })).toEqual([]);
    const demo = (await eventRow('demo'))!;
    const day = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    expect(demo.firstDay).toBe(day(now));
    expect(demo.lastDay).toBe(day(new Date(later.getTime() + DEMO_DAYS * 86_400_000)));
    const pool = await t.app.db.select().from(eventQuestions).where(eq(eventQuestions.eventId, demo.id));
    expect(pool).toHaveLength(10);
  });

  it('are written in every language, each its own text, not the English copied', async () => {
    for (const key of ['demo', 'vi-cybershield-2025']) {
      const event = (await eventRow(key))!;
      const texts = await t.app.db.select().from(eventTexts).where(eq(eventTexts.eventId, event.id));
      expect(texts.map((row) => row.lang).sort(), key).toEqual([...LANGUAGE_CODES].sort());
      const english = texts.find((row) => row.lang === 'en')!;
      for (const row of texts) {
        expect(row.name.trim(), `${key} ${row.lang}`).not.toBe('');
        expect(row.terms.trim(), `${key} ${row.lang}`).not.toBe('');
        if (row.lang !== 'en') expect(row.terms, `${key} ${row.lang}`).not.toBe(english.terms);
      }
      // The terms say the same figures in every language.
      for (const row of texts) expect(row.terms, `${key} ${row.lang}`).toContain('18');
      const pool = await t.app.db.select().from(eventQuestions).where(eq(eventQuestions.eventId, event.id));
      const questionTexts = await t.app.db.select().from(eventQuestionTexts);
      for (const question of pool) {
        const own = questionTexts.filter((row) => row.questionId === question.id);
        expect(own.map((row) => row.lang).sort()).toEqual([...LANGUAGE_CODES].sort());
        const en = own.find((row) => row.lang === 'en')!;
        for (const row of own.filter((r) => r.lang !== 'en')) {
          expect(row.options, `${question.id} ${row.lang}`).toHaveLength(question.optionCount);
          expect(row.content).not.toBe(en.content);
          expect(row.explanation.trim()).not.toBe('');
          expect(row.options.some((option, i) => option === en.options[i] && !/^[\d₹.,: a-z]+$/.test(option))).toBe(
            false,
          );
        }
      }
    }
  });
});
