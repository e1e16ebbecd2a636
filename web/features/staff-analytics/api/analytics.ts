// The staff's figures (/api/staff/analytics/, analysts and admins): each report with the filters
// of the page's address, the CSV file of each, and "refresh now".
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnalyticsQuery,
  AnalyticsRefreshAnswer,
  CertificatesAnswer,
  CourseDetailAnswer,
  CoursesAnswer,
  LearnersAnswer,
} from '../../../../contract/analytics';
import type { AnalyticsReport } from '../../../../contract/analytics-rules';
import { api } from '../../../lib/api-client';
import { staffKeys } from '../../../staff-shared/api/keys';

export type { AnalyticsQuery, CertificatesAnswer, CourseDetailAnswer, CoursesAnswer, LearnersAnswer };

/** The query as URL parameters, without the ones left at their default. */
function params(query: AnalyticsQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<
    string,
    string
  >;
}

function useReport<T>(report: string, path: string, query: AnalyticsQuery, enabled = true) {
  return useQuery({
    queryKey: staffKeys.report(report, query),
    queryFn: ({ signal }) => api.get<T>(path, params(query), signal),
    // Changing a filter keeps the last figures on screen (marked as updating) instead of a blank.
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useLearnerFigures = (query: AnalyticsQuery) =>
  useReport<LearnersAnswer>('learners', '/api/staff/analytics/learners', query);
export const useCourseFigures = (query: AnalyticsQuery) =>
  useReport<CoursesAnswer>('courses', '/api/staff/analytics/courses', query);
export const useCertificateFigures = (query: AnalyticsQuery) =>
  useReport<CertificatesAnswer>('certificates', '/api/staff/analytics/certificates', query);
export const useCourseDetail = (courseId: string, query: AnalyticsQuery) =>
  useReport<CourseDetailAnswer>(
    `course:${courseId}`,
    `/api/staff/analytics/courses/${encodeURIComponent(courseId)}`,
    query,
  );

/** The address of a report's CSV file with these filters (a plain download link; the session cookie goes with it). */
export function exportUrl(report: AnalyticsReport, query: AnalyticsQuery): string {
  const search = new URLSearchParams(params(query)).toString();
  return `/api/staff/analytics/export/${report}${search ? `?${search}` : ''}`;
}

export function useRefreshFigures() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AnalyticsRefreshAnswer>('/api/staff/analytics/refresh'),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.analytics }),
  });
}
