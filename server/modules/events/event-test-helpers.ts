// Events for tests, written straight into the tables: an event with its texts and a pool whose right
// options the test knows. Its window is open all day from yesterday to tomorrow (IST) unless a test
// gives its own.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EntryView } from '../../../contract/events';
import type { EventState } from '../../../contract/event-rules';
import type { DbOrTx } from '../../db/client';
import { eventQuestionTexts, eventQuestions, eventTexts, events } from '../../db/schema/events';
import { signInAs, type SignedIn } from '../../test/sign-in';
import type { EventLanguageText } from '../../../contract/events';
import type { LanguageCode } from '../../../contract/languages';
import { saveTranslation } from './repository';
import { istDay } from './rules';

const DAY_MS = 86_400_000;

export interface TestEvent {
  id: string;
  key: string;
  name: string;
  questions: { id: string; type: 'single' | 'multi'; correct: number[]; options: string[]; explanation: string }[];
}

export const EXPLANATION_MARK = 'Because-';

export async function createTestEvent(
  db: DbOrTx,
  options: {
    firstDay?: string;
    lastDay?: string;
    opensAt?: string;
    closesAt?: string;
    timeLimitSeconds?: number;
    questionsPerEntry?: number;
    poolSize?: number;
    minorsAllowed?: boolean;
    state?: EventState;
    reviewHours?: number;
  } = {},
): Promise<TestEvent> {
  const now = Date.now();
  const key = `test-${randomBytes(4).toString('hex')}`;
  const name = `Test event ${key}`;
  const [event] = await db
    .insert(events)
    .values({
      key,
      firstDay: options.firstDay ?? istDay(new Date(now - DAY_MS)),
      lastDay: options.lastDay ?? istDay(new Date(now + DAY_MS)),
      opensAt: options.opensAt ?? '00:00',
      closesAt: options.closesAt ?? '24:00',
      timeLimitSeconds: options.timeLimitSeconds ?? 600,
      questionsPerEntry: options.questionsPerEntry ?? 5,
      minorsAllowed: options.minorsAllowed ?? true,
      state: options.state ?? 'scheduled',
      termsVersion: '2025-10-07',
      reviewHours: options.reviewHours ?? 48,
    })
    .returning({ id: events.id });
  await db.insert(eventTexts).values([
    { eventId: event!.id, lang: 'en', name, terms: 'One entry per person.' },
    { eventId: event!.id, lang: 'hi', name: `परीक्षण ${key}`, terms: 'प्रति व्यक्ति एक प्रविष्टि।' },
  ]);
  const questions: TestEvent['questions'] = [];
  for (let i = 0; i < (options.poolSize ?? 20); i++) {
    const type = i % 3 === 2 ? 'multi' : 'single';
    const correct = type === 'multi' ? [0, 2] : [i % 4];
    const optionTexts = ['A', 'B', 'C', 'D'].map((letter) => `Q${i} option ${letter}`);
    const [row] = await db
      .insert(eventQuestions)
      .values({ eventId: event!.id, position: i, type, optionCount: 4, correct })
      .returning({ id: eventQuestions.id });
    const explanation = `${EXPLANATION_MARK}${i}`;
    await db.insert(eventQuestionTexts).values([
      { questionId: row!.id, lang: 'en', content: `Question ${i}?`, options: optionTexts, explanation },
      {
        questionId: row!.id,
        lang: 'hi',
        content: `प्रश्न ${i}?`,
        options: optionTexts.map((t) => `हि ${t}`),
        explanation: `${explanation} हि`,
      },
    ]);
    questions.push({ id: row!.id, type, correct, options: optionTexts, explanation });
  }
  return { id: event!.id, key, name, questions };
}

/** Signs a new learner in and starts their entry through the API; answers them and the entry. */
export async function enterTestEvent(
  app: FastifyInstance,
  key: string,
  options: { name?: string; age?: number } = {},
): Promise<{ who: SignedIn; entry: EntryView }> {
  const who = await signInAs(app, { name: options.name ?? 'Asha Devi' });
  const res = await app.inject({
    method: 'POST',
    url: `/api/events/${key}/entry`,
    headers: who.headers,
    payload: { lang: 'en', age: options.age ?? 30 },
  });
  if (res.statusCode !== 200) throw new Error(`start answered ${res.statusCode} ${res.body}`);
  return { who, entry: res.json().entry as EntryView };
}

/** A translation's draft waiting for review, written straight into its table. */
export async function saveTestDraft(db: DbOrTx, eventId: string, lang: LanguageCode, draft: EventLanguageText) {
  await saveTranslation(db, eventId, lang, { status: 'draft', draft });
}
