// What anyone may read of events: the events taking or about to take entries, one event's page (its
// name and terms in the reader's language, else English, its days and hours, the rules' figures), and
// the leaderboard once results are published (rank, first name, district; never a number or a full name).
import type { LeaderboardAnswer, PublicEventAnswer, PublicEventSummary } from '../../../contract/events';
import { ANSWER_GRACE_SECONDS, type EventState } from '../../../contract/event-rules';
import type { LanguageCode } from '../../../contract/languages';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { resultsFinal, resultsFinalAt, timeText, visibleEvent, windowOf } from './entries';
import * as repo from './repository';
import { inLanguage, storedRanking } from './results';
import { eventPhase, isWithinWindow, nextOpening } from './rules';

function summary(event: repo.EventRow, texts: repo.EventTextRow[], lang: LanguageCode, now: Date) {
  const window = windowOf(event);
  const text = inLanguage(texts, lang);
  return {
    summary: {
      key: event.key,
      name: text?.row.name ?? event.key,
      lang: text?.lang ?? lang,
      state: eventPhase(event.state as EventState, window, now),
      firstDay: event.firstDay,
      lastDay: event.lastDay,
      opensAt: timeText(event.opensAt),
      closesAt: timeText(event.closesAt),
      entriesOpenNow: eventPhase(event.state as EventState, window, now) === 'open' && isWithinWindow(window, now),
      nextOpening: (() => {
        const phase = eventPhase(event.state as EventState, window, now);
        if (phase !== 'open' && phase !== 'scheduled') return null;
        return nextOpening(window, now)?.toISOString() ?? null;
      })(),
    } satisfies PublicEventSummary,
    terms: text?.row.terms ?? '',
  };
}

/** The events that take entries now or will: scheduled or open on the clock. */
export async function publicEvents(db: DbOrTx, lang: LanguageCode, now: Date) {
  const all = await repo.listEvents(db, { publicOnly: true });
  const texts = await repo.textsOf(
    db,
    all.map((e) => e.id),
  );
  const events = all
    .map((event) =>
      summary(
        event,
        texts.filter((t) => t.eventId === event.id),
        lang,
        now,
      ),
    )
    .filter(({ summary: s }) => s.state === 'open' || s.state === 'scheduled')
    .map(({ summary: s }) => s);
  return { events };
}

/** One event's public page. */
export async function publicEvent(db: DbOrTx, lang: LanguageCode, key: string, now: Date): Promise<PublicEventAnswer> {
  const event = await visibleEvent(db, key);
  const { summary: s, terms } = summary(event, await repo.textsOf(db, [event.id]), lang, now);
  return {
    event: {
      ...s,
      terms,
      termsVersion: event.termsVersion,
      timeLimitSeconds: event.timeLimitSeconds,
      questionsPerEntry: event.questionsPerEntry,
      minorsAllowed: event.minorsAllowed,
      graceSeconds: ANSWER_GRACE_SECONDS,
      reviewHours: event.reviewHours,
      resultsPublishedAt: event.resultsPublishedAt?.toISOString() ?? null,
      resultsFinalAt: resultsFinalAt(event)?.toISOString() ?? null,
    },
  };
}

/** The leaderboard, once results are published: provisional during the review period, final after. */
export async function leaderboard(db: DbOrTx, key: string, now: Date): Promise<LeaderboardAnswer> {
  const event = await visibleEvent(db, key);
  const finalAt = resultsFinalAt(event);
  if (event.state !== 'results_published' || !finalAt) throw notFound('eventResultsNotPublished');
  const ranked = await storedRanking(db, event.id);
  return {
    key: event.key,
    final: resultsFinal(event, now),
    resultsFinalAt: finalAt.toISOString(),
    rows: ranked.map((r) => ({ rank: r.rank, firstName: r.firstName, district: r.district })),
  };
}
