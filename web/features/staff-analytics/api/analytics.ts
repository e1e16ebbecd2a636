// The staff's figures (/api/staff/analytics/, analysts and admins): each report with the filters
// of the page's address, the CSV file of each, and "refresh now".
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnalyticsQuery,
  CertificatesAnswer,
  CourseDetailAnswer,
  CoursesAnswer,
  LearnersAnswer,
} from '../../../../contract/analytics';
import type { AnalyticsReport } from '../../../../contract/analytics-rules';
import { api, apiAddress } from '../../../lib/api-client';
import { staffKeys } from '../../../staff-shared/api/keys';

export type { AnalyticsQuery, CertificatesAnswer, CourseDetailAnswer, CoursesAnswer, LearnersAnswer };

/** The query without the filters left empty (an address's `?lang=`), so the server applies its defaults. */
function params(query: AnalyticsQuery): AnalyticsQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
}

/** A report with the filters; each hook gives the call, checked against the API's document. */
function useReport<T>(
  report: string,
  query: AnalyticsQuery,
  read: (query: AnalyticsQuery, signal: AbortSignal) => Promise<T>,
) {
  return useQuery({
    queryKey: staffKeys.report(report, query),
    queryFn: ({ signal }) => read(params(query), signal),
    // Changing a filter keeps the last figures on screen (marked as updating) instead of a blank.
    placeholderData: keepPreviousData,
  });
}

export const useLearnerFigures = (query: AnalyticsQuery) =>
  useReport('learners', query, (filters, signal): Promise<LearnersAnswer> =>
    api.get('/api/staff/analytics/learners', { query: filters, signal }),
  );
export const useCourseFigures = (query: AnalyticsQuery) =>
  useReport('courses', query, (filters, signal): Promise<CoursesAnswer> =>
    api.get('/api/staff/analytics/courses', { query: filters, signal }),
  );
export const useCertificateFigures = (query: AnalyticsQuery) =>
  useReport('certificates', query, (filters, signal): Promise<CertificatesAnswer> =>
    api.get('/api/staff/analytics/certificates', { query: filters, signal }),
  );
export const useCourseDetail = (courseId: string, query: AnalyticsQuery) =>
  useReport(`course:${courseId}`, query, (filters, signal): Promise<CourseDetailAnswer> =>
    api.get('/api/staff/analytics/courses/{courseId}', { path: { courseId }, query: filters, signal }),
  );

/** The address of a report's CSV file with these filters (a plain download link; the session cookie goes with it). */
export function exportUrl(report: AnalyticsReport, query: AnalyticsQuery): string {
  return apiAddress('/api/staff/analytics/export/{report}', { path: { report }, query: params(query) });
}

export function useRefreshFigures() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/staff/analytics/refresh'),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.analytics }),
  });
}
