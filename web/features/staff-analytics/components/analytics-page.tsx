// The programme's figures at a glance, for analysts and admins: learners registered and active,
// who they are, each course's funnel, certificates and journal entries, all for the filters in the
// address, each with its table and CSV file.
import { Link, useSearchParams } from 'react-router';
import { LEARNER_BREAKDOWNS } from '../../../../contract/analytics-rules';
import type { AnalyticsFrame, CoursesAnswer, LearnersAnswer } from '../../../../contract/analytics';
import { useTranslation } from '../../../i18n/react';
import { QueryState } from '../../../components/query-state';
import { exportUrl, useCertificateFigures, useCourseFigures, useLearnerFigures } from '../api/analytics';
import { StaffTable } from '../../../staff-shared/components/staff-table';
import { StackedBar, Swatch } from './charts';
import { AnalyticsFilters, useAnalyticsQuery } from './filters';
import { Figure } from './figure';
import { FrameNote } from './frame-note';
import { daysText, keyText, share, shown } from './format';
import { countText } from '../../../staff-shared/components/safe-count';
import { Series } from './series';

function Breakdowns({ answer }: { answer: LearnersAnswer }) {
  const { t } = useTranslation('staff');
  const { frame, registrations } = answer;
  const total = shown(registrations.total) ? registrations.total : 0;
  return (
    <div className="analytics-breakdowns">
      {LEARNER_BREAKDOWNS.map((breakdown) => {
        const cells = answer.breakdowns[breakdown].map((cell) => ({ ...cell, label: keyText(breakdown, cell.key, t) }));
        const title = t(`analytics.breakdowns.${breakdown}`);
        return (
          <div key={breakdown} className="analytics-breakdown">
            <h3>{title}</h3>
            <StackedBar cells={cells} total={total} />
            <StaffTable label={title} columns={[title, t('analytics.learners'), t('analytics.share')]}>
              {cells.map((cell, i) => (
                <tr key={cell.key}>
                  <td>
                    <Swatch index={i} /> {cell.label}
                  </td>
                  <td className="analytics-number">{countText(cell.count, frame.minGroup, t)}</td>
                  <td className="analytics-number">{share(cell.count, registrations.total)}</td>
                </tr>
              ))}
            </StaffTable>
          </div>
        );
      })}
    </div>
  );
}

function CourseTable({ answer, detailPath }: { answer: CoursesAnswer; detailPath: (courseId: string) => string }) {
  const { t } = useTranslation('staff');
  const [search] = useSearchParams();
  const { frame } = answer;
  const count = (value: Parameters<typeof countText>[0]) => countText(value, frame.minGroup, t);
  if (answer.courses.length === 0) return <p role="status">{t('analytics.noCourses')}</p>;
  return (
    <StaffTable
      label={t('analytics.coursesTitle')}
      columns={[
        t('analytics.course'),
        t('analytics.steps.enrolled'),
        t('analytics.steps.started'),
        t('analytics.steps.halfDone'),
        t('analytics.steps.completed'),
        t('analytics.steps.certificate'),
        t('analytics.medianToComplete'),
        t('analytics.rating'),
      ]}
    >
      {answer.courses.map((course) => (
        <tr key={course.courseId}>
          <td>
            <Link to={`${detailPath(course.courseId)}?${search.toString()}`}>{course.title}</Link>{' '}
            <span className="staff-muted">({course.lang})</span>
          </td>
          <td className="analytics-number">{count(course.funnel.enrolled)}</td>
          <td className="analytics-number">{count(course.funnel.started)}</td>
          <td className="analytics-number">{count(course.funnel.halfDone)}</td>
          <td className="analytics-number">{count(course.funnel.completed)}</td>
          <td className="analytics-number">{count(course.funnel.certificate)}</td>
          <td className="analytics-number">{daysText(course.medianDays.completed, t)}</td>
          <td className="analytics-number">
            {course.rating.average === null ? '—' : `${course.rating.average} / 5`}{' '}
            <span className="staff-muted">({count(course.rating.count)})</span>
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

export function AnalyticsPage({ detailPath }: { detailPath: (courseId: string) => string }) {
  const { t } = useTranslation('staff');
  const [search] = useSearchParams();
  const query = useAnalyticsQuery();
  const learners = useLearnerFigures(query);
  const courses = useCourseFigures(query);
  const certificates = useCertificateFigures(query);
  // The course filter lists the courses of the period without a course chosen (one chosen would list only itself).
  const { course: _course, ...withoutCourse } = query;
  const choices = useCourseFigures(withoutCourse);
  const frame: AnalyticsFrame | undefined = learners.data?.frame;
  const empty = learners.data && learners.data.registrations.total === 0 && courses.data?.courses.length === 0;
  return (
    <section aria-labelledby="analytics-title" className="analytics">
      <h1 id="analytics-title">{t('analytics.title')}</h1>
      <AnalyticsFilters key={search.toString()} courses={choices.data?.courses ?? []} />
      <QueryState isPending={learners.isPending} isError={learners.isError} refetch={() => void learners.refetch()} />
      {frame && (
        <FrameNote
          frame={frame}
          updating={learners.isPlaceholderData || courses.isPlaceholderData || certificates.isPlaceholderData}
        />
      )}
      {empty && <p role="status">{t('analytics.empty')}</p>}
      {learners.data && (
        <>
          <Figure title={t('analytics.registrations')} csv={exportUrl('learners', query)}>
            <Series
              frame={learners.data.frame}
              points={learners.data.registrations.series}
              label={t('analytics.registrations')}
              total={learners.data.registrations.total}
            />
          </Figure>
          <Figure title={t('analytics.active')}>
            <p className="staff-muted">{t('analytics.activeExplain')}</p>
            <Series frame={learners.data.frame} points={learners.data.active.series} label={t('analytics.active')} />
          </Figure>
          <Figure title={t('analytics.whoRegistered')}>
            <Breakdowns answer={learners.data} />
          </Figure>
        </>
      )}
      <Figure title={t('analytics.coursesTitle')} csv={exportUrl('courses', query)}>
        <QueryState
          isPending={courses.isPending}
          isError={courses.isError}
          refetch={() => void courses.refetch()}
          minHeight={80}
        />
        {courses.data && <CourseTable answer={courses.data} detailPath={detailPath} />}
      </Figure>
      <Figure title={t('analytics.certificates')} csv={exportUrl('certificates', query)}>
        <QueryState
          isPending={certificates.isPending}
          isError={certificates.isError}
          refetch={() => void certificates.refetch()}
          minHeight={80}
        />
        {certificates.data && (
          <>
            <Series
              frame={certificates.data.frame}
              points={certificates.data.certificates.series}
              label={t('analytics.certificates')}
              total={certificates.data.certificates.total}
            />
            <h3>{t('analytics.journal')}</h3>
            <Series
              frame={certificates.data.frame}
              points={certificates.data.journalEntries.series}
              label={t('analytics.journal')}
              total={certificates.data.journalEntries.total}
            />
          </>
        )}
      </Figure>
    </section>
  );
}
