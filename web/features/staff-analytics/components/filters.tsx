// The filters every figure is read with, kept in the page's address (so a view can be shared and
// the back button undoes a change): the period, a course language and a course. The period is whole
// weeks that have ended (ADR 35), so the pickers offer only those: from a week's Monday to a week's
// Sunday, the last week offered last week. An address with another period (a link from before, say)
// is said beside the fields, and the figures show the default weeks meanwhile.
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ANALYTICS_DEFAULT_WEEKS, ANALYTICS_MAX_WEEKS, addDays, weekStart } from '../../../../contract/analytics-rules';
import { STAFF_TIME_ZONE } from '../../../../contract/content-kinds';
import { LANGUAGE_CODES, LANGUAGES, isLanguageCode } from '../../../../contract/languages';
import { useTranslation } from '../../../i18n/react';
import type { AnalyticsQuery } from '../api/analytics';
import { periodText } from './format';

const indiaDay = new Intl.DateTimeFormat('en-CA', { timeZone: STAFF_TIME_ZONE });

/** The Mondays of the weeks that can be asked for, newest first: last week and the ones before it. */
export function closedWeeks(now = new Date()): string[] {
  const lastWeek = addDays(weekStart(indiaDay.format(now)), -7);
  return Array.from({ length: ANALYTICS_MAX_WEEKS }, (_, i) => addDays(lastWeek, -7 * i));
}

/** The default period: the last ANALYTICS_DEFAULT_WEEKS weeks that have ended. */
function defaultPeriod(weeks: readonly string[]): { from: string; to: string } {
  return { from: weeks[ANALYTICS_DEFAULT_WEEKS - 1]!, to: addDays(weeks[0]!, 6) };
}

/** Whether the address's period is one the server answers: whole weeks that have ended, in order. */
function wholeWeeks(from: string, to: string, weeks: readonly string[]): boolean {
  return weeks.includes(from) && weeks.includes(addDays(to, -6)) && from <= to;
}

/** The filters in the address, as the API takes them; a period the server would refuse is left out. */
export function useAnalyticsQuery(): AnalyticsQuery {
  const [search] = useSearchParams();
  const from = search.get('from');
  const to = search.get('to');
  const lang = search.get('lang');
  const course = search.get('course');
  const period = from && to && wholeWeeks(from, to, closedWeeks()) ? { from, to } : {};
  return {
    ...period,
    ...(lang && isLanguageCode(lang) ? { lang } : {}),
    ...(course ? { course } : {}),
  };
}

export interface CourseChoice {
  courseId: string;
  title: string;
  lang: string;
}

export function AnalyticsFilters({ courses, showCourse = true }: { courses: CourseChoice[]; showCourse?: boolean }) {
  const { t } = useTranslation('staff');
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const query = useAnalyticsQuery();
  const weeks = closedWeeks();
  const period = query.from && query.to ? { from: query.from, to: query.to } : defaultPeriod(weeks);
  const [draft, setDraft] = useState({
    ...period,
    lang: query.lang ?? '',
    course: query.course ?? '',
  });
  // A period in the address that is not whole weeks that have ended: said, not silently replaced.
  const refused = (search.has('from') || search.has('to')) && !query.from;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(search);
    next.delete('grain');
    for (const [key, value] of Object.entries(draft)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next);
  };
  const courseChoices = courses.filter((course) => !draft.lang || course.lang === draft.lang);
  return (
    <form
      className="staff-filters analytics-filters"
      onSubmit={apply}
      aria-describedby={refused ? `${id}-problem` : `${id}-rule`}
    >
      <label>
        {t('analytics.from')}
        <select
          value={draft.from}
          onChange={(event) => {
            const from = event.target.value;
            setDraft({ ...draft, from, to: draft.to < from ? addDays(from, 6) : draft.to });
          }}
        >
          {weeks.map((monday) => (
            <option key={monday} value={monday}>
              {periodText(monday, 'week', t)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('analytics.to')}
        <select value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })}>
          {weeks
            .filter((monday) => monday >= draft.from)
            .map((monday) => (
              <option key={monday} value={addDays(monday, 6)}>
                {periodText(monday, 'week', t)}
              </option>
            ))}
        </select>
      </label>
      <label>
        {t('analytics.language')}
        <select value={draft.lang} onChange={(event) => setDraft({ ...draft, lang: event.target.value, course: '' })}>
          <option value="">{t('analytics.allLanguages')}</option>
          {LANGUAGE_CODES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGES[code].name}
            </option>
          ))}
        </select>
      </label>
      {showCourse && (
        <label>
          {t('analytics.course')}
          <select value={draft.course} onChange={(event) => setDraft({ ...draft, course: event.target.value })}>
            <option value="">{t('analytics.allCourses')}</option>
            {courseChoices.map((course) => (
              <option key={course.courseId} value={course.courseId}>
                {course.title} ({course.lang})
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="submit" className="btn">
        {t('analytics.apply')}
      </button>
      {refused && (
        <p className="staff-error" role="alert" id={`${id}-problem`}>
          {t('analytics.periodProblem', { max: ANALYTICS_MAX_WEEKS })}
        </p>
      )}
      <p className="staff-muted analytics-default" id={`${id}-rule`}>
        {t('analytics.defaultPeriod', { weeks: ANALYTICS_DEFAULT_WEEKS })}
      </p>
    </form>
  );
}
