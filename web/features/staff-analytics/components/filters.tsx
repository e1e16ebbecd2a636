// The filters every figure is read with, kept in the page's address (so a view can be shared and
// the back button undoes a change): the period, the length of each step of a series, a course
// language and a course. A period that cannot be asked for is said beside the fields.
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_GRAINS,
  ANALYTICS_MAX_DAYS,
  type AnalyticsGrain,
} from '../../../../contract/analytics-rules';
import { LANGUAGE_CODES, LANGUAGES, isLanguageCode } from '../../../../contract/languages';
import { useTranslation } from '../../../i18n/react';
import type { AnalyticsQuery } from '../api/analytics';

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isGrain = (value: string | null): value is AnalyticsGrain =>
  (ANALYTICS_GRAINS as readonly string[]).includes(value ?? '');

/** The filters in the address, as the API takes them (what is absent takes the server's default). */
export function useAnalyticsQuery(): AnalyticsQuery {
  const [search] = useSearchParams();
  const from = search.get('from');
  const to = search.get('to');
  const grain = search.get('grain');
  const lang = search.get('lang');
  const course = search.get('course');
  return {
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
    ...(isGrain(grain) ? { grain } : {}),
    ...(lang && isLanguageCode(lang) ? { lang } : {}),
    ...(course ? { course } : {}),
  };
}

export interface CourseChoice {
  courseId: string;
  title: string;
  lang: string;
}

/** Whole days from one YYYY-MM-DD to another, both counted. */
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

export function AnalyticsFilters({ courses, showCourse = true }: { courses: CourseChoice[]; showCourse?: boolean }) {
  const { t } = useTranslation('staff');
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const query = useAnalyticsQuery();
  const [draft, setDraft] = useState({
    from: query.from ?? '',
    to: query.to ?? '',
    grain: query.grain ?? 'week',
    lang: query.lang ?? '',
    course: query.course ?? '',
  });
  const [problem, setProblem] = useState('');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to) {
      const days = daysBetween(draft.from, draft.to);
      if (days < 1 || days > ANALYTICS_MAX_DAYS) {
        setProblem(t('analytics.periodProblem', { max: ANALYTICS_MAX_DAYS }));
        return;
      }
    }
    setProblem('');
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(draft)) {
      if (value && !(key === 'grain' && value === 'week')) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next);
  };
  const courseChoices = courses.filter((course) => !draft.lang || course.lang === draft.lang);
  return (
    <form
      className="staff-filters analytics-filters"
      onSubmit={apply}
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <label>
        {t('analytics.from')}
        <input
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </label>
      <label>
        {t('analytics.to')}
        <input
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </label>
      <label>
        {t('analytics.grain')}
        <select
          value={draft.grain}
          onChange={(event) => setDraft({ ...draft, grain: event.target.value as AnalyticsGrain })}
        >
          {ANALYTICS_GRAINS.map((grain) => (
            <option key={grain} value={grain}>
              {t(`analytics.grains.${grain}`)}
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
      {problem && (
        <p className="staff-error" role="alert" id={`${id}-problem`}>
          {problem}
        </p>
      )}
      <p className="staff-muted analytics-default">{t('analytics.defaultPeriod', { days: ANALYTICS_DEFAULT_DAYS })}</p>
    </form>
  );
}
