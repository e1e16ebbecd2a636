// An event's languages as translated content (ADR 45), through HTTP: a translation is saved as a
// draft that entrants do not see, sent for review by its translator, published by an editor or admin
// (never by the translator); where each language stands (missing, draft, in review, published, live)
// and its stale fields once the English changes; the English written by editors and admins only; a
// translation of the pool's questions published only while the pool may change.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { events } from '../../db/schema/events';
import { signInAsStaff, type SignedInStaff } from '../../test/sign-in';
import { testAppPerFile } from '../../test/test-app';
import { createTestEvent, enterTestEvent } from './event-test-helpers';
import { istDay } from './rules';

const t = testAppPerFile({ API_RATE_LIMIT_PER_MINUTE: '100000' });

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (who: SignedInStaff, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const ok = async (who: SignedInStaff, method: Method, url: string, payload?: object) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

const editor = () => signInAsStaff(t.app, ['editor']);
const tamilTranslator = () => signInAsStaff(t.app, ['translator'], { languages: ['tm'] });
const publicName = async (key: string, lang: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/events/public/${lang}/${key}` })).json().event.name as string;
const staffEvent = async (who: SignedInStaff, id: string) => (await ok(who, 'GET', `/api/staff/events/${id}`)).event;
const translation = (who: SignedInStaff, id: string, lang: string) =>
  ok(who, 'GET', `/api/staff/events/${id}/translations/${lang}`);
const audited = (action: string, id: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, id)));

describe('a translation of an event', () => {
  it('is a draft entrants do not see, sent for review by its translator and shown once an editor publishes it', async () => {
    const event = await createTestEvent(t.app.db);
    const [translator, boss] = [await tamilTranslator(), await editor()];
    expect((await staffEvent(boss, event.id)).translation.tm).toMatchObject({ status: 'missing', live: false });

    const saved = await ok(translator, 'PUT', `/api/staff/events/${event.id}/texts/tm`, {
      name: 'சைபர் பாதுகாப்பு வினாடி வினா',
      terms: 'ஒருவருக்கு ஒரு பங்கேற்பு.',
    });
    expect(saved.event.translation.tm).toMatchObject({ status: 'draft', live: false, name: true, terms: true });
    // What entrants read has not changed: Tamil readers see the English.
    expect(await publicName(event.key, 'tm')).toBe(event.name);
    expect(saved.event.texts.tm).toBeUndefined();
    const view = await translation(translator, event.id, 'tm');
    expect(view.text.name).toBe('சைபர் பாதுகாப்பு வினாடி வினா');
    expect(view.state.status).toBe('draft');
    expect(await audited('event.translation.save', event.id)).toHaveLength(1);

    // The translator may not publish; they send it for review.
    const refused = await call(translator, 'POST', `/api/staff/events/${event.id}/translations/tm/publish`);
    expect(refused.statusCode).toBe(403);
    const submitted = await ok(translator, 'POST', `/api/staff/events/${event.id}/translations/tm/submit`);
    expect(submitted.state.status).toBe('in_review');
    expect(await publicName(event.key, 'tm')).toBe(event.name);
    expect(await audited('event.translation.submit', event.id)).toHaveLength(1);

    // The editor publishes: entrants reading Tamil see it, and nothing is left waiting.
    const published = await ok(boss, 'POST', `/api/staff/events/${event.id}/translations/tm/publish`);
    expect(published.state).toMatchObject({ status: 'published', live: true, stale: 0 });
    expect(await publicName(event.key, 'tm')).toBe('சைபர் பாதுகாப்பு வினாடி வினா');
    expect(await audited('event.translation.publish', event.id)).toHaveLength(1);
    const again = await call(boss, 'POST', `/api/staff/events/${event.id}/translations/tm/publish`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'eventTranslationNotWaiting']);
    const nothing = await call(translator, 'POST', `/api/staff/events/${event.id}/translations/tm/submit`);
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 'eventTranslationNotWaiting']);

    // Another draft keeps the published text live until it too is published.
    await ok(translator, 'PUT', `/api/staff/events/${event.id}/texts/tm`, {
      name: 'சைபர் பாதுகாப்பு வாரம்',
      terms: 'ஒருவருக்கு ஒரு பங்கேற்பு.',
    });
    expect((await staffEvent(boss, event.id)).translation.tm).toMatchObject({ status: 'draft', live: true });
    expect(await publicName(event.key, 'tm')).toBe('சைபர் பாதுகாப்பு வினாடி வினா');
  });

  it('is marked stale field by field when the English changes, until it is translated again', async () => {
    const event = await createTestEvent(t.app.db);
    const [translator, boss] = [await tamilTranslator(), await editor()];
    await ok(translator, 'PUT', `/api/staff/events/${event.id}/texts/tm`, { name: 'வினாடி வினா', terms: 'விதிகள்.' });
    await ok(boss, 'POST', `/api/staff/events/${event.id}/translations/tm/publish`);
    expect((await staffEvent(boss, event.id)).translation.tm.stale).toBe(0);

    await ok(boss, 'PATCH', `/api/staff/events/${event.id}`, {
      texts: { en: { name: event.name, terms: 'One entry per person. Answers after the deadline do not count.' } },
    });
    const listed = (await ok(boss, 'GET', '/api/staff/events')).events.find((e: { id: string }) => e.id === event.id);
    expect(listed.translation.tm).toMatchObject({ status: 'published', live: true, stale: 1 });
    expect((await translation(translator, event.id, 'tm')).staleFields).toEqual(['terms']);
    // The Hindi written without a record of its English (before translations were tracked) is not
    // called stale; a language nobody wrote is missing, not stale.
    expect(listed.translation.hi).toMatchObject({ status: 'published', live: true, stale: 0 });
    expect(listed.translation.bn).toMatchObject({ status: 'missing', stale: 0 });

    await ok(translator, 'PUT', `/api/staff/events/${event.id}/texts/tm`, {
      name: 'வினாடி வினா',
      terms: 'ஒருவருக்கு ஒரு பங்கேற்பு. காலக்கெடுவுக்குப் பின் வந்த பதில்கள் கணக்கில் இல்லை.',
    });
    expect((await staffEvent(boss, event.id)).translation.tm).toMatchObject({ status: 'draft', stale: 0 });
  });

  it('of the pool waits for publishing, which the event’s opening stops; the name and terms publish at any time', async () => {
    const boss = await editor();
    const translator = await tamilTranslator();
    const today = istDay(new Date());
    // Scheduled to open tomorrow: the pool may still change.
    const event = await createTestEvent(t.app.db, { firstDay: istDay(new Date(Date.now() + 86_400_000)) });
    const question = event.questions[0]!;
    const tamil = {
      content: 'கேள்வி 0?',
      options: ['விடை A', 'விடை B', 'விடை C', 'விடை D'],
      explanation: 'ஏனெனில்.',
    };
    await ok(translator, 'PUT', `/api/staff/events/${event.id}/questions/${question.id}/texts/tm`, tamil);
    const view = await translation(translator, event.id, 'tm');
    expect(view.text.questions[question.id]).toEqual(tamil);
    expect(view.state.questions).toBe(1);
    const pool = (await ok(boss, 'GET', `/api/staff/events/${event.id}/questions`)).questions;
    expect(pool[0].texts.tm).toBeUndefined();
    await ok(translator, 'PUT', `/api/staff/events/${event.id}/texts/tm`, { name: 'வினாடி வினா', terms: '' });

    // The event opens (its first day is today) before the editor publishes: the questions cannot
    // change under entrants any more, so publishing is refused and entrants keep the English.
    await t.app.db.update(events).set({ firstDay: today }).where(eq(events.id, event.id));
    const { entry } = await enterTestEvent(t.app, event.key);
    const locked = await call(boss, 'POST', `/api/staff/events/${event.id}/translations/tm/publish`);
    expect([locked.statusCode, locked.json().code]).toEqual([409, 'eventLocked']);
    expect(entry.questions.every((q) => !q.content.startsWith('கேள்வி'))).toBe(true);
    expect(await publicName(event.key, 'tm')).toBe(event.name);
  });

  it('publishes a question’s translation before the event opens; entrants in the language then read it', async () => {
    const boss = await editor();
    const translator = await tamilTranslator();
    const event = await createTestEvent(t.app.db, {
      firstDay: istDay(new Date(Date.now() + 86_400_000)),
      poolSize: 5,
    });
    for (const [i, question] of event.questions.entries()) {
      await ok(translator, 'PUT', `/api/staff/events/${event.id}/questions/${question.id}/texts/tm`, {
        content: `கேள்வி ${i}?`,
        options: question.options.map((_, j) => `விடை ${j}`),
        explanation: 'ஏனெனில்.',
      });
    }
    await ok(boss, 'POST', `/api/staff/events/${event.id}/translations/tm/publish`);
    const pool = (await ok(boss, 'GET', `/api/staff/events/${event.id}/questions`)).questions;
    expect(pool.map((q: { texts: Record<string, { content: string }> }) => q.texts.tm?.content)).toEqual(
      event.questions.map((_, i) => `கேள்வி ${i}?`),
    );
    // The name was never translated: entrants see the English name, and the language is live.
    expect((await staffEvent(boss, event.id)).translation.tm).toMatchObject({ status: 'published', live: true });
  });

  it('leaves the English to editors and admins, and a language to its translators', async () => {
    const event = await createTestEvent(t.app.db);
    const englishTranslator = await signInAsStaff(t.app, ['translator'], { languages: ['en', 'tm'] });
    const english = await call(englishTranslator, 'PUT', `/api/staff/events/${event.id}/texts/en`, {
      name: 'Renamed',
      terms: '',
    });
    expect([english.statusCode, english.json().code]).toEqual([403, 'eventSourceEditorsOnly']);
    const hindi = await call(await tamilTranslator(), 'PUT', `/api/staff/events/${event.id}/texts/hi`, {
      name: 'नाम',
      terms: '',
    });
    expect([hindi.statusCode, hindi.json().code]).toEqual([403, 'languageNotAssigned']);
    const submitHindi = await call(
      await tamilTranslator(),
      'POST',
      `/api/staff/events/${event.id}/translations/hi/submit`,
    );
    expect(submitHindi.statusCode).toBe(403);
    // The editor's English is the source, shown at once.
    const boss = await editor();
    await ok(boss, 'PUT', `/api/staff/events/${event.id}/texts/en`, { name: 'Cyber safety fair', terms: 'Rules.' });
    expect(await publicName(event.key, 'en')).toBe('Cyber safety fair');
    expect((await translation(boss, event.id, 'en')).state).toMatchObject({ status: 'published', live: true });
  });
});
