// The analytics' CSV files: one table per report, each row saying what it counts, for which group
// and period, and when it was computed, so a file read on its own later still says all that.
// UTF-8 with a byte-order mark (lib/csv.ts).
import {
  type AnalyticsFrame,
  type CertificatesAnswer,
  type CourseDetailAnswer,
  type CoursesAnswer,
  type LearnersAnswer,
  type SafeCount,
} from '../../../contract/analytics';
import { WITHHELD, type FunnelStep } from '../../../contract/analytics-rules';
import { csvFile } from '../../lib/csv';

const HEADER = ['figure', 'group', 'count', 'from', 'to', 'language', 'course', 'computed_at'];

/** A count as a reader of the file should take it. */
export function countText(count: SafeCount | number, minGroup: number): string | number {
  if (count === null) return `fewer than ${minGroup}`;
  if (count === WITHHELD) return 'withheld';
  return count;
}

type Row = [figure: string, group: string, count: SafeCount | number | string];

function table(frame: AnalyticsFrame, rows: readonly Row[]): string {
  const context = [
    frame.from,
    frame.to,
    frame.lang ?? 'all',
    frame.course ?? 'all',
    frame.computedAt ?? 'not computed yet',
  ];
  const lines = [
    HEADER,
    ...rows.map(([figure, group, count]) => [
      figure,
      group,
      typeof count === 'string' && count !== WITHHELD ? count : countText(count as SafeCount, frame.minGroup),
      ...context,
    ]),
  ];
  return csvFile(lines);
}

export function learnersCsv(answer: LearnersAnswer): string {
  const rows: Row[] = [
    ['registrations', 'total', answer.registrations.total],
    ...answer.registrations.series.map((point): Row => [
      `registrations per ${answer.frame.grain}`,
      point.period,
      point.count,
    ]),
    ...answer.active.series.map((point): Row => [
      `active learners per ${answer.frame.grain}`,
      point.period,
      point.count,
    ]),
    ...Object.entries(answer.breakdowns).flatMap(([breakdown, cells]) =>
      cells.map((cell): Row => [`registrations by ${breakdown}`, cell.key, cell.count]),
    ),
  ];
  return table(answer.frame, rows);
}

/** Each step of a course's funnel as the file names it: a phrase a reader of the file understands. */
const FUNNEL_STEP_NAMES: Record<FunnelStep, string> = {
  enrolled: 'learners enrolled',
  started: 'learners who started',
  halfDone: 'learners half way through',
  completed: 'learners who completed',
  certificate: 'learners with a certificate',
};
const MEDIAN_STEP_NAMES: Record<Exclude<FunnelStep, 'enrolled'>, string> = {
  started: 'median days to start',
  halfDone: 'median days to half way',
  completed: 'median days to complete',
  certificate: 'median days to the certificate',
};

function courseRows(course: CoursesAnswer['courses'][number]): Row[] {
  const name = `${course.title} (${course.lang})`;
  return [
    ...Object.entries(course.funnel).map(([step, count]): Row => [FUNNEL_STEP_NAMES[step as FunnelStep], name, count]),
    ...Object.entries(course.medianDays).map(([step, days]): Row => [
      MEDIAN_STEP_NAMES[step as keyof typeof MEDIAN_STEP_NAMES],
      name,
      days === null ? 'not shown' : String(days),
    ]),
    ['ratings', name, course.rating.count],
    ['average rating', name, course.rating.average === null ? 'not shown' : String(course.rating.average)],
  ];
}

export function coursesCsv(answer: CoursesAnswer): string {
  return table(answer.frame, answer.courses.flatMap(courseRows));
}

export function courseDetailCsv(answer: CourseDetailAnswer): string {
  const rows: Row[] = [
    ...courseRows(answer.course),
    ['stopped after (total)', '', answer.stops.total],
    ...answer.stops.items.map((item): Row => [`stopped after ${item.kind}`, item.title, item.learners]),
    ...answer.quizzes.flatMap((quiz): Row[] => [
      ['quiz learners', quiz.title, quiz.learners],
      ['quiz attempts', quiz.title, quiz.attempts],
      ...quiz.attemptsToPass.map((bucket, i, all): Row => [
        `passed at attempt ${bucket.attempts}${i === all.length - 1 ? ' or later' : ''}`,
        quiz.title,
        bucket.learners,
      ]),
      ...quiz.questions.flatMap((question): Row[] => [
        ['question: learners', question.text, question.learners],
        ['question: answered right', question.text, question.answeredRight],
        ...question.options.map((option): Row => [
          `option chosen${option.correct ? ' (correct)' : ''}`,
          `${question.text} / ${option.text}`,
          option.chosen,
        ]),
      ]),
    ]),
  ];
  return table(answer.frame, rows);
}

export function certificatesCsv(answer: CertificatesAnswer): string {
  const rows: Row[] = [
    ['certificates issued', 'total', answer.certificates.total],
    ...answer.certificates.series.map((point): Row => [
      `certificates per ${answer.frame.grain}`,
      point.period,
      point.count,
    ]),
    ['journal entries', 'total', answer.journalEntries.total],
    ...answer.journalEntries.series.map((point): Row => [
      `journal entries per ${answer.frame.grain}`,
      point.period,
      point.count,
    ]),
  ];
  return table(answer.frame, rows);
}
