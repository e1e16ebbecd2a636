// An entrant's side of the event quiz (ADR 40), through HTTP on the real clock and through the
// service on a clock the test holds (the window's edges in IST, the deadline, lateness, the server's
// closing): one entry per number under fifty simultaneous starts, the same quiz after a reload,
// nothing about right options before results, a minor's guardian consent, withdrawal.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageBody } from '../../../contract/messages';
import { eventAnswers, eventConsents, eventEntries, events } from '../../db/schema/events';
import { signInAs, type SignedIn } from '../../test/sign-in';
import { testAppPerFile } from '../../test/test-app';
import { lastCode, memorySms, nextMobile, post } from '../auth/auth-test-helpers';
import * as entries from './entries';
import { EXPLANATION_MARK, createTestEvent } from './event-test-helpers';
import { closeDueEntries } from './scheduler';

const t = testAppPerFile({ API_RATE_LIMIT_PER_MINUTE: '100000' });

const start = (who: SignedIn | undefined, key: string, body: unknown = { lang: 'en', age: 30 }) =>
  post(t.app, `/api/events/${key}/entry`, body, who?.headers ?? {});
const getEntry = (who: SignedIn, key: string) =>
  t.app.inject({ method: 'GET', url: `/api/events/${key}/entry`, headers: who.headers });
const answerOf = (who: SignedIn, key: string, body: unknown) =>
  post(t.app, `/api/events/${key}/entry/answers`, body, who.headers);

/** The service's dependencies on a clock the test sets. */
function clockDeps() {
  let now = new Date();
  return {
    deps: { db: t.app.db, config: t.app.config, sms: t.app.sms, now: () => now } satisfies entries.EventDeps,
    set(at: Date) {
      now = at;
    },
  };
}
const ist = (text: string) => new Date(`${text}+05:30`);
/** The specification's event: 8 to 11 October 2025, 9:00 to 19:00 IST, ten minutes an entry. */
const specEvent = () =>
  createTestEvent(t.app.db, { firstDay: '2025-10-08', lastDay: '2025-10-11', opensAt: '09:00', closesAt: '19:00' });
const entrantOf = (who: SignedIn) => ({ id: who.userId, mobile: who.mobile });

describe('the window, on the server’s clock in IST', () => {
  it('takes entries from 9:00:00 to 18:59:59 on the event’s days, and refuses 8:59:59, 19:00:00 and a day outside', async () => {
    const event = await specEvent();
    const clock = clockDeps();
    const attempt = async (at: Date) => {
      clock.set(at);
      const who = await signInAs(t.app);
      return entries.startEntry(clock.deps, entrantOf(who), event.key, { lang: 'en', age: 30 }).then(
        (entry) => entry,
        (error: { statusCode: number; code: string }) => ({ statusCode: error.statusCode, code: error.code }),
      );
    };
    const refused = { statusCode: 409, code: 'eventNotOpen' };
    expect(await attempt(ist('2025-10-09T08:59:59'))).toEqual(refused);
    expect(await attempt(ist('2025-10-09T09:00:00'))).toMatchObject({ state: 'open' });
    expect(await attempt(ist('2025-10-09T18:59:59'))).toMatchObject({ state: 'open' });
    expect(await attempt(ist('2025-10-09T19:00:00'))).toEqual(refused);
    expect(await attempt(ist('2025-10-12T12:00:00'))).toEqual(refused);
    expect(await attempt(ist('2025-10-07T12:00:00'))).toEqual(refused);
  });

  it('sets the deadline to the start plus the limit, or the day’s closing when that comes first', async () => {
    const event = await specEvent();
    const clock = clockDeps();
    clock.set(ist('2025-10-10T10:00:00'));
    const early = await entries.startEntry(clock.deps, entrantOf(await signInAs(t.app)), event.key, {
      lang: 'en',
      age: 30,
    });
    expect(early.deadline).toBe(ist('2025-10-10T10:10:00').toISOString());
    expect(early.remainingSeconds).toBe(600);
    clock.set(ist('2025-10-10T18:55:00'));
    const late = await entries.startEntry(clock.deps, entrantOf(await signInAs(t.app)), event.key, {
      lang: 'en',
      age: 30,
    });
    expect(late.deadline).toBe(ist('2025-10-10T19:00:00').toISOString());
    expect(late.remainingSeconds).toBe(300);
  });
});

describe('answers after the deadline', () => {
  it('are kept and marked late, and never replace the answer that counts', async () => {
    const event = await specEvent();
    const clock = clockDeps();
    const who = await signInAs(t.app);
    clock.set(ist('2025-10-10T10:00:00'));
    const entry = await entries.startEntry(clock.deps, entrantOf(who), event.key, { lang: 'en', age: 30 });
    const [first, second] = entry.questions;
    const answerAt = (at: string, questionId: string, selected: number[]) => {
      clock.set(ist(at));
      return entries.answer(clock.deps, entrantOf(who), event.key, { questionId, selected });
    };
    // Deadline 10:10:00; the grace runs to 10:10:05 included.
    expect(await answerAt('2025-10-10T10:09:59', first!.id, [first!.options[0]!.id])).toMatchObject({
      late: false,
      remainingSeconds: 1,
    });
    expect(await answerAt('2025-10-10T10:10:05', second!.id, [second!.options[0]!.id])).toMatchObject({
      late: false,
    });
    expect(await answerAt('2025-10-10T10:10:05.001', first!.id, [first!.options[1]!.id])).toMatchObject({
      late: true,
      remainingSeconds: 0,
    });

    const stored = await t.app.db.select().from(eventAnswers).where(eq(eventAnswers.questionId, first!.id));
    expect(stored.map((a) => [a.late, a.selected]).sort()).toEqual(
      [
        [false, [first!.options[0]!.id]],
        [true, [first!.options[1]!.id]],
      ].sort(),
    );
    // Reading it closed the entry: its time and grace are over.
    const seen = await entries.myEntry(clock.deps, entrantOf(who), event.key);
    expect(seen.state).toBe('closed_by_server');
    const q = seen.questions.find((x) => x.id === first!.id)!;
    expect(q.selected).toEqual([first!.options[0]!.id]);
    expect(q.lateAnswer).toBe(true);
    // Submitting after the server closed it is refused; a late answer is still kept.
    await expect(entries.submit(clock.deps, entrantOf(who), event.key)).rejects.toMatchObject({
      code: 'eventEntryClosed',
    });
    expect(
      await answerAt('2025-10-10T11:00:00', entry.questions[2]!.id, [entry.questions[2]!.options[0]!.id]),
    ).toMatchObject({ late: true });
  });
});

describe('the server closes an entry at its deadline', () => {
  it('in its round, without the entrant coming back, and not a moment before the grace ends', async () => {
    const event = await specEvent();
    const clock = clockDeps();
    clock.set(ist('2025-10-11T18:55:00'));
    const who = await signInAs(t.app);
    await entries.startEntry(clock.deps, entrantOf(who), event.key, { lang: 'en', age: 30 });
    const state = async () =>
      (
        await t.app.db
          .select({ state: eventEntries.state, closedAt: eventEntries.closedAt })
          .from(eventEntries)
          .where(eq(eventEntries.eventId, event.id))
      )[0]!;
    await closeDueEntries(t.app.db, ist('2025-10-11T19:00:05'));
    expect((await state()).state).toBe('open');
    await closeDueEntries(t.app.db, ist('2025-10-11T19:00:05.500'));
    expect(await state()).toEqual({ state: 'closed_by_server', closedAt: ist('2025-10-11T19:00:05.500') });
    // And the clock's passing is written down: the event has closed.
    const [row] = await t.app.db.select({ state: events.state }).from(events).where(eq(events.id, event.id));
    expect(row!.state).toBe('closed');
  });
});

describe('one entry per number', () => {
  it('makes exactly one entry of fifty simultaneous starts, and refuses the others naming it', async () => {
    const event = await createTestEvent(t.app.db);
    const who = await signInAs(t.app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => start(who, event.key)));
    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok).toHaveLength(1);
    const number = ok[0]!.json().entry.number as number;
    const refused = answers.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(49);
    for (const res of refused) expect(res.json()).toEqual(messageBody('eventAlreadyEntered', { number }));
    const rows = await t.app.db.select().from(eventEntries).where(eq(eventEntries.eventId, event.id));
    expect(rows).toHaveLength(1);
    // The table holds no number, and counts the refused starts for the staff.
    expect(JSON.stringify(rows[0])).not.toContain(who.mobile.slice(2));
    expect(rows[0]!.refusedStarts).toBe(49);
  });

  it('holds for a second session of the same account', async () => {
    const event = await createTestEvent(t.app.db);
    const who = await signInAs(t.app);
    const first = await start(who, event.key);
    expect(first.statusCode).toBe(200);
    const again = await start(who, event.key, { lang: 'hi', age: 30 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('eventAlreadyEntered');
    expect(again.json().params).toEqual({ number: first.json().entry.number });
  });
});

describe('an entry as its entrant reads it', () => {
  it('shows the same questions and options in the same order after a reload, in the entry’s language', async () => {
    const event = await createTestEvent(t.app.db, { questionsPerEntry: 6 });
    const who = await signInAs(t.app);
    const started = (await start(who, event.key, { lang: 'hi', age: 30 })).json().entry;
    expect(started.questions).toHaveLength(6);
    expect(started.questions[0].content).toMatch(/^प्रश्न /);
    const again = (await getEntry(who, event.key)).json().entry;
    const again2 = (await getEntry(who, event.key)).json().entry;
    expect(again.questions).toEqual(started.questions);
    expect(again2.questions).toEqual(started.questions);
    // Each question's options are a permutation of its own, dealt for this entry.
    for (const q of started.questions) {
      expect(q.options.map((o: { id: number }) => o.id).sort()).toEqual([0, 1, 2, 3]);
    }
    // Another entrant gets another draw (20 questions, 6 drawn, in order: the same draw is about 1 in 27 million).
    const other = (await start(await signInAs(t.app), event.key)).json().entry;
    expect(other.questions.map((q: { id: string }) => q.id)).not.toEqual(
      started.questions.map((q: { id: string }) => q.id),
    );
  });

  it('gives the time left from the server’s deadline', async () => {
    const event = await createTestEvent(t.app.db, { timeLimitSeconds: 300 });
    const who = await signInAs(t.app);
    await start(who, event.key);
    const entry = (await getEntry(who, event.key)).json().entry;
    expect(entry.remainingSeconds).toBeGreaterThan(295);
    expect(entry.remainingSeconds).toBeLessThanOrEqual(300);
    expect(Date.parse(entry.deadline) - Date.parse(entry.startedAt)).toBe(300_000);
    expect(entry.graceSeconds).toBe(5);
  });

  it('never says which option is right, nor why, in any answer before results are published', async () => {
    const event = await createTestEvent(t.app.db);
    const who = await signInAs(t.app);
    const bodies: string[] = [];
    const started = await start(who, event.key);
    bodies.push(started.body);
    const entry = started.json().entry;
    for (const q of entry.questions) {
      const res = await answerOf(who, event.key, { questionId: q.id, selected: [q.options[0].id] });
      expect(res.statusCode).toBe(200);
      bodies.push(res.body);
    }
    bodies.push((await getEntry(who, event.key)).body);
    const submitted = await post(t.app, `/api/events/${event.key}/entry/submit`, undefined, who.headers);
    expect(submitted.statusCode).toBe(200);
    bodies.push(submitted.body);
    bodies.push((await getEntry(who, event.key)).body);
    bodies.push((await t.app.inject({ method: 'GET', url: `/api/events/public/en/${event.key}` })).body);
    for (const body of bodies) {
      expect(body).not.toMatch(/correct/i);
      expect(body).not.toMatch(/explanation/i);
      expect(body).not.toContain(EXPLANATION_MARK);
      expect(body).not.toMatch(/"right"/);
    }
    expect(JSON.parse(bodies.at(-2)!).entry.results).toBeNull();
  });
});

describe('answering and submitting', () => {
  it('refuses a question not dealt to the entry, an option it does not have, and two options for a single answer', async () => {
    const event = await createTestEvent(t.app.db, { questionsPerEntry: 3 });
    const who = await signInAs(t.app);
    const entry = (await start(who, event.key)).json().entry;
    const dealt = new Set(entry.questions.map((q: { id: string }) => q.id));
    const notDealt = event.questions.find((q) => !dealt.has(q.id))!;
    expect((await answerOf(who, event.key, { questionId: notDealt.id, selected: [0] })).json().code).toBe(
      'answerUnknownQuestion',
    );
    const single = entry.questions.find((q: { type: string }) => q.type === 'single') ?? entry.questions[0];
    const multiOk = single.type === 'single' ? [0, 1] : [0];
    const res = await answerOf(who, event.key, { questionId: single.id, selected: multiOk });
    if (single.type === 'single') expect(res.json().code).toBe('eventSingleAnswer');
    expect((await answerOf(who, event.key, { questionId: single.id, selected: [7] })).json().code).toBe(
      'answerUnknownOption',
    );
    expect((await answerOf(who, event.key, { questionId: single.id, selected: [] })).statusCode).toBe(400);
  });

  it('changes an answer before the deadline, submits once, and takes no answer after submitting', async () => {
    const event = await createTestEvent(t.app.db);
    const who = await signInAs(t.app);
    const q = (await start(who, event.key)).json().entry.questions[0];
    await answerOf(who, event.key, { questionId: q.id, selected: [q.options[0].id] });
    await answerOf(who, event.key, { questionId: q.id, selected: [q.options[1].id] });
    const read = (await getEntry(who, event.key)).json().entry;
    expect(read.questions[0].selected).toEqual([q.options[1].id]);
    const submit = () => post(t.app, `/api/events/${event.key}/entry/submit`, undefined, who.headers);
    const first = await submit();
    expect(first.json().entry.state).toBe('submitted');
    expect((await submit()).json().entry.state).toBe('submitted');
    const after = await answerOf(who, event.key, { questionId: q.id, selected: [q.options[2].id] });
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('eventEntryNotOpen');
  });
});

describe('who may enter', () => {
  it('needs a signed-in, active account', async () => {
    const event = await createTestEvent(t.app.db);
    expect((await start(undefined, event.key)).statusCode).toBe(401);
    expect((await start(await signInAs(t.app, { active: false }), event.key)).statusCode).toBe(403);
  });

  it('refuses a minor where the event takes none, and a draft or unknown event', async () => {
    const adultsOnly = await createTestEvent(t.app.db, { minorsAllowed: false });
    const res = await start(await signInAs(t.app), adultsOnly.key, { lang: 'en', age: 16 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(messageBody('eventMinorsNotAllowed', { age: 18 }));
    const draft = await createTestEvent(t.app.db, { state: 'draft' });
    expect((await start(await signInAs(t.app), draft.key)).json().code).toBe('eventNotFound');
    expect((await start(await signInAs(t.app), 'no-such-event')).statusCode).toBe(404);
    expect((await start(await signInAs(t.app), 'Bad_Key')).statusCode).toBe(400);
  });
});

describe('a minor’s entry', () => {
  const guardian = (mobile = nextMobile()) => ({
    guardianName: 'Sunita Rao',
    relationship: 'Mother',
    guardianMobile: mobile,
  });
  const askCode = (who: SignedIn, key: string, body: unknown) =>
    post(t.app, `/api/events/${key}/entry/guardian-consent/code`, body, who.headers);
  const consent = (who: SignedIn, key: string, body: unknown) =>
    post(t.app, `/api/events/${key}/entry/guardian-consent`, body, who.headers);

  it('waits for the guardian, is opened by the code sent to the guardian’s number naming the event, and records the consent', async () => {
    const event = await createTestEvent(t.app.db);
    const minor = await signInAs(t.app, { age: null });
    const started = await start(minor, event.key, { lang: 'hi', age: 15 });
    expect(started.statusCode).toBe(200);
    expect(started.json().entry).toMatchObject({
      state: 'awaiting_guardian',
      minor: true,
      startedAt: null,
      questions: [],
    });
    const q = event.questions[0]!;
    expect((await answerOf(minor, event.key, { questionId: q.id, selected: [0] })).json().code).toBe(
      'eventEntryNotOpen',
    );

    const details = guardian();
    const sent = await askCode(minor, event.key, details);
    expect(sent.statusCode).toBe(200);
    const sms = memorySms(t.app).sent.at(-1)!;
    expect(sms).toMatchObject({ mobile: details.guardianMobile, purpose: 'event-consent' });
    // In the entry's language: the event's Hindi name.
    expect(sms.eventName).toMatch(/^परीक्षण /);

    const before = Date.now();
    const opened = await consent(minor, event.key, { ...details, otp: sms.code, agree: true });
    expect(opened.statusCode).toBe(200);
    const entry = opened.json().entry;
    expect(entry.state).toBe('open');
    expect(entry.questions).toHaveLength(5);
    expect(Date.parse(entry.startedAt)).toBeGreaterThanOrEqual(before - 1000);

    const [row] = await t.app.db
      .select()
      .from(eventConsents)
      .innerJoin(eventEntries, eq(eventEntries.id, eventConsents.entryId))
      .where(eq(eventEntries.eventId, event.id));
    expect(row!.event_consents).toMatchObject({
      method: 'guardian-otp',
      noticeVersion: '2025-10-07',
      noticeLang: 'hi',
      guardianName: 'Sunita Rao',
      guardianRelationship: 'Mother',
      guardianMobile: details.guardianMobile,
    });
    // The code works once.
    expect((await consent(minor, event.key, { ...details, otp: sms.code, agree: true })).json().code).toBe(
      'eventConsentNotNeeded',
    );
    // The entrant's data download holds the entry, its consent, its answers and the code asked for.
    const q0 = entry.questions[0];
    await answerOf(minor, event.key, { questionId: q0.id, selected: [q0.options[0].id] });
    const copy = (await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: minor.headers })).json();
    expect(copy.eventEntries).toEqual([
      expect.objectContaining({
        event: event.key,
        number: entry.number,
        state: 'open',
        guardianConsent: expect.objectContaining({ method: 'guardian-otp', guardianMobile: details.guardianMobile }),
        answers: [expect.objectContaining({ questionId: q0.id, selected: [q0.options[0].id], late: false })],
      }),
    ]);
    expect(copy.guardianConsentCodes).toEqual([expect.objectContaining({ guardianMobile: details.guardianMobile })]);
  });

  it('refuses the minor’s own number as the guardian’s, and the minor’s own code', async () => {
    const event = await createTestEvent(t.app.db);
    const minor = await signInAs(t.app, { age: null });
    await start(minor, event.key, { lang: 'en', age: 14 });
    const own = await askCode(minor, event.key, guardian(minor.mobile));
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('guardianMobileOwn');

    const details = guardian();
    expect((await askCode(minor, event.key, details)).statusCode).toBe(200);
    // The minor asks a sign-in code of their own number and types it for the guardian's.
    expect((await post(t.app, '/api/user/send-otp', { mobile: minor.mobile })).statusCode).toBe(200);
    const ownCode = lastCode(t.app, minor.mobile);
    const guardianCode = memorySms(t.app)
      .sent.filter((m) => m.mobile === details.guardianMobile)
      .at(-1)!.code;
    const wrong = ownCode === guardianCode ? String((Number(ownCode) + 1) % 1_000_000).padStart(6, '0') : ownCode;
    const refused = await consent(minor, event.key, { ...details, otp: wrong, agree: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('wrongCode');
    // With the minor's own number as the guardian's and their own code: refused before any code is checked.
    const self = await consent(minor, event.key, { ...guardian(minor.mobile), otp: ownCode, agree: true });
    expect(self.json().code).toBe('guardianMobileOwn');
    expect((await getEntry(minor, event.key)).json().entry.state).toBe('awaiting_guardian');
  });

  it('takes the profile’s minority over a declared adult age, and a code for another entry is refused', async () => {
    const first = await createTestEvent(t.app.db);
    const second = await createTestEvent(t.app.db);
    const minor = await signInAs(t.app, { age: 15 });
    const entry = (await start(minor, first.key, { lang: 'en', age: 30 })).json().entry;
    expect(entry).toMatchObject({ state: 'awaiting_guardian', minor: true });
    await start(minor, second.key, { lang: 'en', age: 30 });
    const details = guardian();
    expect((await askCode(minor, first.key, details)).statusCode).toBe(200);
    const code = memorySms(t.app).sent.at(-1)!.code;
    const other = await consent(minor, second.key, { ...details, otp: code, agree: true });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('noCode');
    expect((await consent(minor, first.key, { ...details, otp: code, agree: true })).json().entry.state).toBe('open');
  });

  it('answers consentNotNeeded for an adult’s entry', async () => {
    const event = await createTestEvent(t.app.db);
    const adult = await signInAs(t.app);
    await start(adult, event.key);
    expect((await askCode(adult, event.key, guardian())).json().code).toBe('eventConsentNotNeeded');
  });
});

describe('withdrawal', () => {
  it('erases the entry’s answers and consent, keeps no link to the person, and the number cannot enter again', async () => {
    const event = await createTestEvent(t.app.db);
    const who = await signInAs(t.app, { age: null });
    await start(who, event.key, { lang: 'en', age: 16 });
    const details = { guardianName: 'Ravi Kumar', relationship: 'Father', guardianMobile: nextMobile() };
    await post(t.app, `/api/events/${event.key}/entry/guardian-consent/code`, details, who.headers);
    const code = memorySms(t.app).sent.at(-1)!.code;
    const entry = (
      await post(
        t.app,
        `/api/events/${event.key}/entry/guardian-consent`,
        { ...details, otp: code, agree: true },
        who.headers,
      )
    ).json().entry;
    for (const q of entry.questions) await answerOf(who, event.key, { questionId: q.id, selected: [q.options[0].id] });

    const res = await t.app.inject({ method: 'DELETE', url: `/api/events/${event.key}/entry`, headers: who.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(messageBody('eventEntryErased'));

    const [row] = await t.app.db.select().from(eventEntries).where(eq(eventEntries.eventId, event.id));
    expect(row).toMatchObject({
      state: 'withdrawn',
      userId: null,
      questionIds: null,
      optionOrders: null,
      startedAt: null,
      deadline: null,
      minor: false,
    });
    expect(await t.app.db.select().from(eventAnswers).where(eq(eventAnswers.entryId, row!.id))).toEqual([]);
    expect(await t.app.db.select().from(eventConsents).where(eq(eventConsents.entryId, row!.id))).toEqual([]);
    const read = (await getEntry(who, event.key)).json().entry;
    expect(read).toMatchObject({ state: 'withdrawn', questions: [] });
    const again = await start(who, event.key);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(messageBody('eventEntryWithdrawn', { number: entry.number }));
  });

  it('answers 404 eventNoEntry to someone who has not entered', async () => {
    const event = await createTestEvent(t.app.db);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.key}/entry`,
      headers: (await signInAs(t.app)).headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('eventNoEntry');
  });
});

describe('the public pages', () => {
  it('list the open event with the server’s window, and give its page in the reader’s language', async () => {
    const event = await createTestEvent(t.app.db);
    const draft = await createTestEvent(t.app.db, { state: 'draft' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/events/public/hi' })).json();
    const keys = list.events.map((e: { key: string }) => e.key);
    expect(keys).toContain(event.key);
    expect(keys).not.toContain(draft.key);
    const mine = list.events.find((e: { key: string }) => e.key === event.key);
    expect(mine).toMatchObject({
      lang: 'hi',
      state: 'open',
      entriesOpenNow: true,
      opensAt: '00:00',
      closesAt: '24:00',
    });

    const page = await t.app.inject({ method: 'GET', url: `/api/events/public/tm/${event.key}` });
    expect(page.statusCode).toBe(200);
    // No Tamil text yet: English.
    expect(page.json().event).toMatchObject({
      name: event.name,
      lang: 'en',
      terms: 'One entry per person.',
      timeLimitSeconds: 600,
      questionsPerEntry: 5,
      graceSeconds: 5,
      reviewHours: 48,
      resultsPublishedAt: null,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/events/public/en/${draft.key}` })).statusCode).toBe(404);
    const board = await t.app.inject({ method: 'GET', url: `/api/events/public/en/${event.key}/leaderboard` });
    expect(board.statusCode).toBe(404);
    expect(board.json().code).toBe('eventResultsNotPublished');
  });

  it('say a closed day’s next opening', async () => {
    const event = await specEvent();
    const page = (await t.app.inject({ method: 'GET', url: `/api/events/public/en/${event.key}` })).json().event;
    expect(page).toMatchObject({ state: 'closed', entriesOpenNow: false, nextOpening: null, opensAt: '09:00' });
    const rows = await t.app.db
      .select()
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, event.id)));
    expect(rows).toEqual([]);
  });
});
