// One course's figures: its funnel with the days between steps, where learners stop, and for each
// quiz how many needed how many attempts and what each question drew on the first attempt (which
// wrong option attracts learners).
import { Link, useSearchParams } from 'react-router';
import { FUNNEL_STEPS } from '../../../../contract/analytics-rules';
import type { CourseDetailAnswer, QuizFigures, SafeCount } from '../../../../contract/analytics';
import { useTranslation } from '../../../i18n/react';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { exportUrl, useCourseDetail } from '../api/analytics';
import { StaffTable } from '../../../staff-shared/components/staff-table';
import { Bars } from './charts';
import { AnalyticsFilters, useAnalyticsQuery } from './filters';
import { Figure } from './figure';
import { FrameNote } from './frame-note';
import { daysText, share, shown } from './format';
import { countText } from '../../../staff-shared/components/safe-count';

function Funnel({ answer }: { answer: CourseDetailAnswer }) {
  const { t } = useTranslation('staff');
  const { funnel, medianDays } = answer.course;
  const min = answer.frame.minGroup;
  const steps = FUNNEL_STEPS.map((step, i) => {
    const count = funnel[step];
    // The share is of the last step before it that is shown.
    const before =
      FUNNEL_STEPS.slice(0, i)
        .map((earlier) => funnel[earlier])
        .filter(shown)
        .at(-1) ?? null;
    const ofBefore = step === 'enrolled' ? '' : share(count, before);
    const median = step === 'enrolled' ? null : medianDays[step];
    return { step, count, ofBefore, median };
  });
  return (
    <>
      <Bars
        bars={steps.map((s) => ({
          label: t(`analytics.steps.${s.step}`),
          count: s.count,
          text: `${countText(s.count, min, t)}${s.ofBefore ? ` (${s.ofBefore})` : ''}`,
        }))}
      />
      <StaffTable
        label={t('analytics.funnel')}
        columns={[t('analytics.step'), t('analytics.learners'), t('analytics.ofStepBefore'), t('analytics.medianDays')]}
      >
        {steps.map((s) => (
          <tr key={s.step}>
            <td>{t(`analytics.steps.${s.step}`)}</td>
            <td className="analytics-number">{countText(s.count, min, t)}</td>
            <td className="analytics-number">{s.ofBefore || '—'}</td>
            <td className="analytics-number">{s.step === 'enrolled' ? '—' : daysText(s.median, t)}</td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

function Stops({ answer }: { answer: CourseDetailAnswer }) {
  const { t } = useTranslation('staff');
  const min = answer.frame.minGroup;
  const { stops } = answer;
  if (stops.total === 0) return <p role="status">{t('analytics.noStops')}</p>;
  return (
    <>
      <p className="analytics-total">
        {t('analytics.stoppedTotal')} <strong>{countText(stops.total, min, t)}</strong>
      </p>
      <Bars
        bars={stops.items.map((item) => ({
          label: item.title,
          count: item.learners,
          text: countText(item.learners, min, t),
        }))}
      />
      <StaffTable
        label={t('analytics.stops')}
        columns={[t('analytics.item'), t('analytics.kind'), t('analytics.stoppedAfter')]}
      >
        {stops.items.map((item) => (
          <tr key={item.itemId}>
            <td>{item.title}</td>
            <td>{t(`analytics.itemKinds.${item.kind}`)}</td>
            <td className="analytics-number">{countText(item.learners, min, t)}</td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

function Quiz({ quiz, minGroup }: { quiz: QuizFigures; minGroup: number }) {
  const { t } = useTranslation('staff');
  const count = (value: SafeCount) => countText(value, minGroup, t);
  return (
    <div className="analytics-quiz">
      <h3>{quiz.title}</h3>
      <p>
        {t('analytics.quizLearners')} <strong>{count(quiz.learners)}</strong> · {t('analytics.quizAttempts')}{' '}
        <strong>{count(quiz.attempts)}</strong>
      </p>
      <StaffTable
        label={t('analytics.attemptsToPass', { quiz: quiz.title })}
        columns={[t('analytics.attemptsNeeded'), t('analytics.learners')]}
      >
        {quiz.attemptsToPass.map((bucket, i) => (
          <tr key={bucket.attempts}>
            <td>
              {i === quiz.attemptsToPass.length - 1
                ? t('analytics.attemptsOrMore', { count: bucket.attempts })
                : bucket.attempts}
            </td>
            <td className="analytics-number">{count(bucket.learners)}</td>
          </tr>
        ))}
      </StaffTable>
      {quiz.questions.map((question) => (
        <div key={question.questionId} className="analytics-question">
          <h4>{question.text}</h4>
          <p className="staff-muted">
            {t('analytics.answeredRight', { right: count(question.answeredRight), learners: count(question.learners) })}
            {share(question.answeredRight, question.learners) &&
              ` (${share(question.answeredRight, question.learners)})`}
          </p>
          <Bars
            bars={question.options.map((option) => ({
              label: option.correct ? `✓ ${option.text}` : option.text,
              count: option.chosen,
              text: `${count(option.chosen)}${share(option.chosen, question.learners) ? ` (${share(option.chosen, question.learners)})` : ''}`,
              ...(option.correct ? { tone: 'correct' as const } : {}),
            }))}
          />
          <StaffTable
            label={question.text}
            columns={[t('analytics.option'), t('analytics.correct'), t('analytics.chosenBy'), t('analytics.share')]}
          >
            {question.options.map((option) => (
              <tr key={option.optionId}>
                <td>{option.text}</td>
                <td>{option.correct ? t('analytics.yes') : t('analytics.no')}</td>
                <td className="analytics-number">{count(option.chosen)}</td>
                <td className="analytics-number">{share(option.chosen, question.learners)}</td>
              </tr>
            ))}
          </StaffTable>
        </div>
      ))}
    </div>
  );
}

export function CourseAnalyticsPage({ courseId, overviewPath }: { courseId: string; overviewPath: string }) {
  const { t } = useTranslation('staff');
  const [search] = useSearchParams();
  const query = useAnalyticsQuery();
  const detail = useCourseDetail(courseId, query);
  const answer = detail.data;
  const { course: _course, ...filters } = query;
  return (
    <section aria-labelledby="course-analytics-title" className="analytics">
      <p>
        <Link to={`${overviewPath}?${search.toString()}`}>{t('analytics.back')}</Link>
      </p>
      <h1 id="course-analytics-title">
        {answer ? `${answer.course.title} (${answer.course.lang})` : t('analytics.courseTitle')}
      </h1>
      <AnalyticsFilters key={search.toString()} courses={[]} showCourse={false} />
      {/* An address of no course (a mistyped or old link): said so, not offered a retry that cannot help. */}
      {detail.error instanceof ApiError && detail.error.status === 404 ? (
        <p className="staff-card" role="alert">
          {t('analytics.courseNotFound')} <Link to={`${overviewPath}?${search.toString()}`}>{t('analytics.back')}</Link>
        </p>
      ) : (
        <QueryState isPending={detail.isPending} isError={detail.isError} refetch={() => void detail.refetch()} />
      )}
      {answer && (
        <>
          <FrameNote frame={answer.frame} updating={detail.isPlaceholderData} />
          <Figure title={t('analytics.funnel')} csv={exportUrl('course', { ...filters, course: courseId })}>
            <p className="staff-muted">{t('analytics.funnelExplain')}</p>
            <Funnel answer={answer} />
            <p>
              {t('analytics.rating')}:{' '}
              {answer.course.rating.average === null ? '—' : `${answer.course.rating.average} / 5`}{' '}
              <span className="staff-muted">({countText(answer.course.rating.count, answer.frame.minGroup, t)})</span>
            </p>
          </Figure>
          <Figure title={t('analytics.stops')}>
            <p className="staff-muted">{t('analytics.stopsExplain')}</p>
            <Stops answer={answer} />
          </Figure>
          <Figure title={t('analytics.quizzes')}>
            <p className="staff-muted">{t('analytics.quizzesExplain')}</p>
            {answer.quizzes.length === 0 ? (
              <p role="status">{t('analytics.noQuizzes')}</p>
            ) : (
              answer.quizzes.map((quiz) => <Quiz key={quiz.quizId} quiz={quiz} minGroup={answer.frame.minGroup} />)
            )}
          </Figure>
        </>
      )}
    </section>
  );
}
