// An entry that no longer runs: sent by the entrant, closed by the server at its deadline, or
// disqualified by the organisers, with the results once they are published (score, rank, time and
// every answer with its explanation), or what comes next while they are not.
import { Link } from 'react-router';
import type { EntryView } from '../../../../contract/events';
import { QuizReviewList } from '../../../components/quiz-player/quiz-player';
import { useTranslation } from '../../../i18n/react';
import type { PublicEvent } from './event-page';
import { useEventTimes } from './event-times';
import { quizQuestions } from './event-quiz';

function Results({
  entry,
  results,
  event,
  leaderboardHref,
}: {
  entry: EntryView;
  results: NonNullable<EntryView['results']>;
  event: PublicEvent;
  leaderboardHref: string;
}) {
  const { t } = useTranslation('events');
  const { t: tq } = useTranslation('quiz');
  const times = useEventTimes();
  const answers = Object.fromEntries(entry.questions.map((q) => [q.id, (q.selected ?? []).map(String)]));
  const review = results.review.map((item) => ({
    questionId: item.questionId,
    correct: item.right,
    correctOptions: item.correctOptions.map(String),
    explanation: item.explanation,
  }));
  return (
    <>
      <h3 className="event-card__subtitle">{t('results.title')}</h3>
      <p className="event-score" data-testid="event-score">
        {tq('score', { score: results.correct, total: results.total })}
      </p>
      <ul className="event-facts">
        <li data-testid="event-rank">
          {results.rank !== null ? t('results.rank', { rank: results.rank }) : t('results.unranked')}
        </li>
        {results.timeSeconds !== null && <li>{t('results.time', { time: times.duration(results.timeSeconds) })}</li>}
        <li>
          {results.final || !event.resultsFinalAt
            ? t('results.final')
            : t('results.provisional', { when: times.moment(event.resultsFinalAt) })}
        </li>
      </ul>
      <p>
        <Link to={leaderboardHref}>{t('leaderboard.link')}</Link>
      </p>
      <QuizReviewList questions={quizQuestions(entry)} answers={answers} review={review} Heading="h4" />
    </>
  );
}

export function EntryOutcome({
  entry,
  event,
  leaderboardHref,
}: {
  entry: EntryView;
  event: PublicEvent;
  leaderboardHref: string;
}) {
  const { t } = useTranslation('events');
  const total = entry.questions.length;
  const answered = entry.questions.filter((q) => q.selected).length;
  const late = entry.questions.filter((q) => q.lateAnswer).length;
  const numbers = { number: entry.number, answered, total };
  const heading =
    entry.state === 'disqualified'
      ? t('disqualified.title')
      : entry.state === 'closed_by_server'
        ? t('closedByServer.title')
        : t('submitted.title');
  return (
    <section className="event-card" aria-labelledby="event-outcome-title" data-testid="event-outcome">
      <h2 id="event-outcome-title" className="event-card__title" tabIndex={-1}>
        {heading}
      </h2>
      {entry.state === 'disqualified' ? (
        <p>
          {entry.stateReason
            ? t('disqualified.text', { number: entry.number, reason: entry.stateReason })
            : t('disqualified.noReason', { number: entry.number })}
        </p>
      ) : (
        <p>{entry.state === 'closed_by_server' ? t('closedByServer.text', numbers) : t('submitted.text', numbers)}</p>
      )}
      {late > 0 && <p>{t('lateNote', { count: late })}</p>}
      {entry.results ? (
        <Results entry={entry} results={entry.results} event={event} leaderboardHref={leaderboardHref} />
      ) : (
        entry.state !== 'disqualified' && <p>{t('pending')}</p>
      )}
    </section>
  );
}
