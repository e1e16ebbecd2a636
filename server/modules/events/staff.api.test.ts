// The staff's side of events (ADR 40) through HTTP: creating and scheduling an event, its pool, the
// lock once it opens, live counts with small groups withheld, flagged entries, disqualification
// (audited), publishing results, the entrant's results, the leaderboard and the results file.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { signInAsStaff, type SignedInStaff } from '../../test/sign-in';
import { testAppPerFile } from '../../test/test-app';
import type { EntryView } from '../../../contract/events';
import * as entries from './entries';
import { EXPLANATION_MARK, createTestEvent, enterTestEvent, type TestEvent } from './event-test-helpers';

const t = testAppPerFile({ API_RATE_LIMIT_PER_MINUTE: '100000' });

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (who: SignedInStaff | { headers: { cookie: string } }, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const editor = () => signInAsStaff(t.app, ['editor']);
const newEvent = (key = `ev-${Math.random().toString(36).slice(2, 10)}`) => ({
  key,
  firstDay: '2031-03-01',
  lastDay: '2031-03-04',
  opensAt: '09:00',
  closesAt: '19:00',
  timeLimitSeconds: 600,
  questionsPerEntry: 2,
  minorsAllowed: true,
  termsVersion: '2031-02-01',
  reviewHours: 48,
  texts: {
    en: { name: 'Cyber safety week', terms: 'One entry per person.' },
    hi: { name: 'साइबर सुरक्षा सप्ताह', terms: '' },
  },
});
const question = (correct = [1], type = 'single') => ({
  type,
  optionCount: 3,
  correct,
  texts: {
    en: {
      content: 'Should you share a one-time password?',
      options: ['Yes', 'No', 'Only with the bank'],
      explanation: 'Never share it.',
    },
  },
});
const auditOf = (action: string, entityId: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

describe('creating and scheduling an event', () => {
  it('creates a draft with its texts, audited, and refuses a key taken, a reserved key and hours in the wrong order', async () => {
    const who = await editor();
    const body = newEvent();
    const res = await call(who, 'POST', '/api/staff/events', body);
    expect(res.statusCode).toBe(200);
    const event = res.json().event;
    expect(event).toMatchObject({ key: body.key, state: 'draft', opensAt: '09:00', closesAt: '19:00', poolSize: 0 });
    expect(event.texts.hi.name).toBe('साइबर सुरक्षा सप्ताह');
    expect(event.translation.en).toMatchObject({ name: true, terms: true, questions: 0, status: 'published' });
    // An editor's own form writes the Hindi live: it is published, not waiting for review.
    expect(event.translation.hi).toMatchObject({ name: true, terms: false, questions: 0, status: 'published' });
    expect(event.translation.hi).toMatchObject({ live: true, stale: 0, missing: 1 });
    expect(await auditOf('event.create', event.id)).toHaveLength(1);

    expect((await call(who, 'POST', '/api/staff/events', body)).json().code).toBe('eventKeyTaken');
    expect((await call(who, 'POST', '/api/staff/events', newEvent('public'))).json().code).toBe('eventKeyTaken');
    const backwards = await call(who, 'POST', '/api/staff/events', {
      ...newEvent(),
      opensAt: '19:00',
      closesAt: '09:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('eventSettingsInvalid');
    expect(backwards.json().details[0].field).toBe('closesAt');
    expect((await call(who, 'POST', '/api/staff/events', { ...newEvent(), opensAt: '9am' })).statusCode).toBe(400);
    const noSuchDay = await call(who, 'POST', '/api/staff/events', { ...newEvent(), firstDay: '2031-02-30' });
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.json().details[0].field).toBe('firstDay');
    // A name of spaces only would be kept empty where the event's pages need words.
    const blank = newEvent();
    const spaces = await call(who, 'POST', '/api/staff/events', {
      ...blank,
      texts: { ...blank.texts, gj: { name: ' \u00a0 ', terms: '' } },
    });
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json()).toMatchObject({ code: 'eventSettingsInvalid', details: [{ field: 'texts.gj.name' }] });
    expect(
      (await call(who, 'GET', '/api/staff/events')).json().events.map((e: { key: string }) => e.key),
    ).not.toContain(blank.key);
  });

  it('builds the pool, checks each question, and schedules only a draft with English texts and enough questions', async () => {
    const who = await editor();
    const event = (await call(who, 'POST', '/api/staff/events', newEvent())).json().event;
    const base = `/api/staff/events/${event.id}`;
    expect((await call(who, 'POST', `${base}/schedule`)).json().code).toBe('eventNotReady');

    const first = await call(who, 'POST', `${base}/questions`, question());
    expect(first.statusCode).toBe(200);
    expect(first.json().question).toMatchObject({ type: 'single', correct: [1], position: 0 });
    const bad = [
      question([3]),
      question([0, 1]),
      { ...question(), texts: { en: { ...question().texts.en, options: ['Yes', 'No'] } } },
      { ...question(), texts: { en: { ...question().texts.en, content: '   ' } } },
      { ...question(), texts: { en: { ...question().texts.en, options: ['Yes', ' ', 'Maybe'] } } },
    ];
    for (const body of bad) {
      const res = await call(who, 'POST', `${base}/questions`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('eventSettingsInvalid');
    }
    expect((await call(who, 'POST', `${base}/schedule`)).json().code).toBe('eventNotReady');
    const second = (await call(who, 'POST', `${base}/questions`, question([0, 2], 'multi'))).json().question;
    const changed = await call(who, 'PUT', `${base}/questions/${second.id}`, question([0, 1], 'multi'));
    expect(changed.json().question.correct).toEqual([0, 1]);
    const pool = (await call(who, 'GET', `${base}/questions`)).json().questions;
    expect(pool.map((q: { correct: number[] }) => q.correct)).toEqual([[1], [0, 1]]);

    const scheduled = await call(who, 'POST', `${base}/schedule`);
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().event.state).toBe('scheduled');
    expect(await auditOf('event.schedule', event.id)).toHaveLength(1);
    expect((await call(who, 'POST', `${base}/schedule`)).json().code).toBe('eventLocked');
    // Before it opens, the settings and pool may still change.
    expect((await call(who, 'PATCH', base, { timeLimitSeconds: 900 })).json().event.timeLimitSeconds).toBe(900);
    expect((await call(who, 'DELETE', `${base}/questions/${second.id}`)).statusCode).toBe(204);
    expect((await call(who, 'DELETE', `${base}/questions/${second.id}`)).json().code).toBe('eventQuestionNotFound');
  });

  it('fixes the settings and pool once the event opens, while texts may still change', async () => {
    const who = await editor();
    const event = await createTestEvent(t.app.db);
    const base = `/api/staff/events/${event.id}`;
    const locked = await call(who, 'PATCH', base, { timeLimitSeconds: 60 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('eventLocked');
    expect((await call(who, 'POST', `${base}/questions`, question())).json().code).toBe('eventLocked');
    expect((await call(who, 'DELETE', `${base}/questions/${event.questions[0]!.id}`)).json().code).toBe('eventLocked');
    const texts = await call(who, 'PATCH', base, {
      texts: { tm: { name: 'சைபர் பாதுகாப்பு', terms: 'ஒருவருக்கு ஒரு பங்கேற்பு.' } },
    });
    expect(texts.statusCode).toBe(200);
    expect(texts.json().event.translation.tm).toMatchObject({ name: true, terms: true });
  });

  it('lets a translator write the texts and the pool in their languages only, before the event opens for the pool', async () => {
    const translator = await signInAsStaff(t.app, ['translator'], { languages: ['hi'] });
    const draft = await createTestEvent(t.app.db, { state: 'draft', poolSize: 1 });
    const base = `/api/staff/events/${draft.id}`;
    const text = { name: 'साइबर सुरक्षा सप्ताह', terms: 'प्रति व्यक्ति एक प्रविष्टि।' };
    const written = await call(translator, 'PUT', `${base}/texts/hi`, text);
    expect(written.statusCode).toBe(200);
    // A translation waits for review (translations.api.test.ts): the staff's event says so.
    expect(written.json().event.translation.hi).toMatchObject({ status: 'draft', name: true, terms: true });
    const elsewhere = await call(translator, 'PUT', `${base}/texts/tm`, text);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('languageNotAssigned');
    expect((await call(translator, 'PATCH', base, { timeLimitSeconds: 60 })).statusCode).toBe(403);

    const q = draft.questions[0]!;
    const qText = { content: 'क्या OTP साझा करें?', options: ['हाँ', 'नहीं', 'कभी-कभी', 'बैंक से'], explanation: 'कभी नहीं।' };
    const saved = await call(translator, 'PUT', `${base}/questions/${q.id}/texts/hi`, qText);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().question.correct).toEqual(q.correct);
    const waiting = (await call(translator, 'GET', `${base}/translations/hi`)).json();
    expect(waiting.text.questions[q.id]).toEqual(qText);
    const short = await call(translator, 'PUT', `${base}/questions/${q.id}/texts/hi`, {
      ...qText,
      options: ['हाँ', 'नहीं'],
    });
    expect(short.json().code).toBe('eventSettingsInvalid');
    const open = await createTestEvent(t.app.db, { poolSize: 1 });
    const lockedPool = await call(
      translator,
      'PUT',
      `/api/staff/events/${open.id}/questions/${open.questions[0]!.id}/texts/hi`,
      qText,
    );
    expect(lockedPool.json().code).toBe('eventLocked');
    expect((await call(translator, 'PUT', `/api/staff/events/${open.id}/texts/hi`, text)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown event and 400 for a malformed id', async () => {
    const who = await editor();
    expect((await call(who, 'GET', '/api/staff/events/00000000-0000-4000-8000-000000000000')).json().code).toBe(
      'eventNotFound',
    );
    expect((await call(who, 'GET', '/api/staff/events/nope')).statusCode).toBe(400);
  });
});

describe('running an event', () => {
  it('counts entries by state with small groups withheld', async () => {
    const who = await signInAsStaff(t.app, ['analyst']);
    const event = await createTestEvent(t.app.db);
    for (let i = 0; i < 3; i++) await enterTestEvent(t.app, event.key);
    const few = (await call(who, 'GET', `/api/staff/events/${event.id}/counts`)).json();
    expect(few).toMatchObject({ entries: null, inProgress: 'withheld', completed: 'withheld', minGroup: 10 });
    for (let i = 0; i < 9; i++) await enterTestEvent(t.app, event.key);
    const more = (await call(who, 'GET', `/api/staff/events/${event.id}/counts`)).json();
    expect(more).toMatchObject({ state: 'open', entries: 12, inProgress: 12, completed: 0, awaitingGuardian: 0 });
  });

  it('flags several entries attempted and answers after the deadline, without a number', async () => {
    const event = await createTestEvent(t.app.db, { timeLimitSeconds: 60 });
    const repeat = await enterTestEvent(t.app, event.key, { name: 'Meena Kumari' });
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.key}/entry`,
      headers: repeat.who.headers,
      payload: { lang: 'en', age: 30 },
    });
    const slow = await enterTestEvent(t.app, event.key, { name: 'Ravi Shankar' });
    const q = slow.entry.questions[0]!;
    const later = new Date(Date.parse(slow.entry.deadline!) + 6_000);
    const deps = { db: t.app.db, config: t.app.config, sms: t.app.sms, now: () => later };
    expect(
      await entries.answer(deps, { id: slow.who.userId, mobile: slow.who.mobile }, event.key, {
        questionId: q.id,
        selected: [q.options[0]!.id],
      }),
    ).toMatchObject({ late: true });
    await enterTestEvent(t.app, event.key);

    const res = await call(await editor(), 'GET', `/api/staff/events/${event.id}/flagged`);
    expect(res.statusCode).toBe(200);
    expect(res.json().entries).toEqual([
      expect.objectContaining({ number: repeat.entry.number, firstName: 'Meena', refusedStarts: 1, lateAnswers: 0 }),
      expect.objectContaining({ number: slow.entry.number, firstName: 'Ravi', refusedStarts: 0, lateAnswers: 1 }),
    ]);
    expect(res.body).not.toContain(repeat.who.mobile.slice(2));
  });

  it('disqualifies an entry with a reason, in the audit log, and the entrant is told why', async () => {
    const who = await editor();
    const event = await createTestEvent(t.app.db);
    const { who: entrant, entry } = await enterTestEvent(t.app, event.key);
    const url = `/api/staff/events/${event.id}/entries/${entry.number}/disqualify`;
    expect((await call(who, 'POST', url, { reason: '' })).statusCode).toBe(400);
    const res = await call(who, 'POST', url, { reason: '  Entered twice with a second phone  ' });
    expect(res.statusCode).toBe(200);
    const [audit] = await auditOf('event.disqualify', event.id);
    expect(audit!.after).toEqual({
      number: entry.number,
      state: 'disqualified',
      reason: 'Entered twice with a second phone',
    });
    expect(audit!.actorId).toBe(who.userId);
    const seen = (await call(entrant, 'GET', `/api/events/${event.key}/entry`)).json().entry;
    expect(seen).toMatchObject({ state: 'disqualified', stateReason: 'Entered twice with a second phone' });
    const unknown = await call(who, 'POST', `/api/staff/events/${event.id}/entries/999999999/disqualify`, {
      reason: 'x',
    });
    expect(unknown.json().code).toBe('eventEntryNotFound');
  });
});

describe('results', () => {
  /** Answers every question of an entry: right when `right`, else the first wrong option. */
  async function answerAll(event: TestEvent, who: { headers: { cookie: string } }, entry: EntryView, right: boolean) {
    for (const q of entry.questions) {
      const key = event.questions.find((x) => x.id === q.id)!;
      const selected = right ? key.correct : [[0, 1, 2, 3].find((i) => !key.correct.includes(i))!];
      await call(who, 'POST', `/api/events/${event.key}/entry/answers`, { questionId: q.id, selected });
    }
    await call(who, 'POST', `/api/events/${event.key}/entry/submit`);
  }

  it('are published once the event is closed: the entrant’s score and review, the leaderboard, the file', async () => {
    const who = await editor();
    const event = await createTestEvent(t.app.db, { questionsPerEntry: 4 });
    const base = `/api/staff/events/${event.id}`;
    const slowRight = await enterTestEvent(t.app, event.key, { name: 'Asha Devi' });
    const fastRight = await enterTestEvent(t.app, event.key, { name: 'Kiran Rao' });
    const wrong = await enterTestEvent(t.app, event.key, { name: 'Lata Mehta' });
    const cheat = await enterTestEvent(t.app, event.key, { name: 'Dev Anand' });
    // Districts from the entrants' profiles (optional: Lata gives none), read when the results are.
    for (const [entrant, district] of [
      [fastRight, 'North 24 Parganas'],
      [slowRight, 'திருநெல்வேலி'],
    ] as const)
      expect((await call(entrant.who, 'PATCH', '/api/user/me', { district })).statusCode).toBe(200);
    await answerAll(event, fastRight.who, fastRight.entry, true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await answerAll(event, slowRight.who, slowRight.entry, true);
    await answerAll(event, wrong.who, wrong.entry, false);
    await answerAll(event, cheat.who, cheat.entry, true);
    await call(who, 'POST', `${base}/entries/${cheat.entry.number}/disqualify`, { reason: 'Two phones' });

    expect((await call(who, 'POST', `${base}/results/publish`)).json().code).toBe('eventNotClosed');
    expect((await call(who, 'GET', `${base}/results`)).json().code).toBe('eventNotClosed');
    expect((await call(who, 'POST', `${base}/close`)).json().event.state).toBe('closed');
    const published = await call(who, 'POST', `${base}/results/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().event.state).toBe('results_published');

    const ranking = (await call(await signInAsStaff(t.app, ['analyst']), 'GET', `${base}/results`)).json().rows;
    expect(
      ranking.map((r: { firstName: string; rank: number; correct: number; district: string | null }) => [
        r.rank,
        r.firstName,
        r.district,
        r.correct,
      ]),
    ).toEqual([
      [1, 'Kiran', 'North 24 Parganas', 4],
      [2, 'Asha', 'திருநெல்வேலி', 4],
      [3, 'Lata', null, 0],
    ]);

    const mine = (await call(slowRight.who, 'GET', `/api/events/${event.key}/entry`)).json().entry;
    expect(mine.results).toMatchObject({ correct: 4, total: 4, rank: 2, final: false });
    for (const review of mine.results.review) {
      const key = event.questions.find((q) => q.id === review.questionId)!;
      expect(review).toMatchObject({ correctOptions: key.correct, right: true, explanation: key.explanation });
      expect(review.explanation).toContain(EXPLANATION_MARK);
    }
    const cheatView = (await call(cheat.who, 'GET', `/api/events/${event.key}/entry`)).json().entry;
    expect(cheatView).toMatchObject({ state: 'disqualified', results: { rank: null } });

    const board = await t.app.inject({ method: 'GET', url: `/api/events/public/hi/${event.key}/leaderboard` });
    expect(board.statusCode).toBe(200);
    expect(board.json()).toMatchObject({
      final: false,
      rows: [
        { rank: 1, firstName: 'Kiran', district: 'North 24 Parganas' },
        { rank: 2, firstName: 'Asha', district: 'திருநெல்வேலி' },
        { rank: 3, firstName: 'Lata', district: null },
      ],
    });
    for (const entrant of [slowRight, fastRight, wrong, cheat]) {
      expect(board.body).not.toContain(entrant.who.mobile.slice(2));
    }
    expect(board.body).not.toMatch(/Devi|Rao|Mehta|Dev /);

    const file = await call(await signInAsStaff(t.app, ['analyst']), 'GET', `${base}/results.csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('rank,first_name,district,score,time_seconds');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      '1,Kiran,North 24 Parganas,4',
      '2,Asha,திருநெல்வேலி,4',
      '3,Lata,,0',
    ]);
    for (const entrant of [slowRight, fastRight, wrong, cheat])
      expect(file.body).not.toContain(entrant.who.mobile.slice(2));
    expect(await auditOf('event.results.export', event.id)).toHaveLength(1);
    expect(await auditOf('event.results.publish', event.id)).toHaveLength(1);

    // During the review period, a disqualification and a withdrawal close up the ranking.
    await call(who, 'POST', `${base}/entries/${fastRight.entry.number}/disqualify`, { reason: 'Two phones' });
    expect((await call(slowRight.who, 'GET', `/api/events/${event.key}/entry`)).json().entry.results.rank).toBe(1);
    await call(wrong.who, 'DELETE', `/api/events/${event.key}/entry`);
    const after = (await t.app.inject({ method: 'GET', url: `/api/events/public/en/${event.key}/leaderboard` })).json();
    expect(after.rows).toEqual([{ rank: 1, firstName: 'Asha', district: 'திருநெல்வேலி' }]);
    // A district cleared on the profile leaves the leaderboard at once.
    await call(slowRight.who, 'PATCH', '/api/user/me', { district: '' });
    const cleared = (
      await t.app.inject({ method: 'GET', url: `/api/events/public/en/${event.key}/leaderboard` })
    ).json();
    expect(cleared.rows).toEqual([{ rank: 1, firstName: 'Asha', district: null }]);
  });

  it('are final after the review period: no disqualification then', async () => {
    const who = await editor();
    const event = await createTestEvent(t.app.db, { reviewHours: 0 });
    const { entry } = await enterTestEvent(t.app, event.key);
    await call(who, 'POST', `/api/staff/events/${event.id}/close`);
    await call(who, 'POST', `/api/staff/events/${event.id}/results/publish`);
    const board = (await t.app.inject({ method: 'GET', url: `/api/events/public/en/${event.key}/leaderboard` })).json();
    expect(board.final).toBe(true);
    const res = await call(who, 'POST', `/api/staff/events/${event.id}/entries/${entry.number}/disqualify`, {
      reason: 'Late',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('eventResultsFinal');
  });
});
