// The staff's analytics, for analysts and admins: aggregates only (ADR 27), as JSON for the
// console's charts and as CSV files, each download written to the audit log.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AnalyticsExportParams,
  AnalyticsQuery,
  AnalyticsRefreshAnswer,
  CertificatesAnswer,
  CourseDetailAnswer,
  CoursesAnswer,
  LearnersAnswer,
  type AnalyticsQuery as Query,
} from '../../../contract/analytics';
import { type AnalyticsReport } from '../../../contract/analytics-rules';
import { errorResponses } from '../../../contract/message-responses';
import { fileAnswer } from '../../../contract/schema-helpers';
import { Uuid } from '../../../contract/ids';
import { access, routeAccess } from '../../plugins/access';
import { FieldsError } from '../../plugins/errors';
import { staffActor } from '../../plugins/staff';
import { recordAudit } from '../audit/service';
import * as csv from './csv';
import { resolvePeriod } from './periods';
import { refreshAnalytics } from './refresh';
import * as repo from './repository';
import * as service from './service';

const tags = ['staff analytics'];
const filtered =
  'Only whole weeks that have ended are answered (from a Monday to a Sunday before the current week, India’s time; anything else is 400 analyticsPeriodInvalid), each week protected on its own and a longer period the sum of its weeks (ADR 35). Counts of fewer than 10 learners are null ("fewer than 10"); counts that would let one be worked out from a total are "withheld". The frame says the period, the filters and when the figures were computed (at most a few minutes ago).';

export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.staff('admin', 'analyst'));

  app.get(
    '/api/staff/analytics/learners',
    {
      schema: {
        tags,
        summary:
          'Learners registered and active per period, and those registered by language, gender, age band, qualification and consent',
        description: filtered,
        querystring: AnalyticsQuery,
        response: { 200: LearnersAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.learners(app.db, request.query, new Date()),
  );

  app.get(
    '/api/staff/analytics/courses',
    {
      schema: {
        tags,
        summary:
          'Each course’s funnel (enrolled, started, half done, completed, certificate) for the learners who enrolled in the period, with median days between steps and ratings',
        description: filtered,
        querystring: AnalyticsQuery,
        response: { 200: CoursesAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.courses(app.db, request.query, new Date()),
  );

  app.get(
    '/api/staff/analytics/courses/:courseId',
    {
      schema: {
        tags,
        summary:
          'One course: its funnel, where learners stop, and each quiz question’s answers (from first attempts) and the attempts needed to pass',
        description: filtered,
        params: Type.Object({ courseId: Uuid }),
        querystring: AnalyticsQuery,
        response: { 200: CourseDetailAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.courseDetail(app.db, request.params.courseId, request.query, new Date()),
  );

  app.get(
    '/api/staff/analytics/certificates',
    {
      schema: {
        tags,
        summary: 'Certificates issued and journal entries written (a count, never their text) per period',
        description: filtered,
        querystring: AnalyticsQuery,
        response: { 200: CertificatesAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.certificates(app.db, request.query, new Date()),
  );

  const reports: Record<AnalyticsReport, (query: Query) => Promise<string>> = {
    learners: async (query) => csv.learnersCsv(await service.learners(app.db, query, new Date())),
    courses: async (query) => csv.coursesCsv(await service.courses(app.db, query, new Date())),
    course: async (query) => {
      if (!query.course)
        throw new FieldsError(400, 'validation', [{ field: 'course', message: 'is needed for the course report' }]);
      return csv.courseDetailCsv(await service.courseDetail(app.db, query.course, query, new Date()));
    },
    certificates: async (query) => csv.certificatesCsv(await service.certificates(app.db, query, new Date())),
  };

  app.get(
    '/api/staff/analytics/export/:report',
    {
      schema: {
        tags,
        summary:
          'A report as a CSV file (UTF-8 with a byte-order mark, for Excel), with the same filters; every download is in the audit log',
        description: `${filtered} The report \`course\` needs \`course\`.`,
        params: AnalyticsExportParams,
        querystring: AnalyticsQuery,
        response: {
          200: fileAnswer('text/csv', Type.String(), 'The CSV file, as an attachment'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { report } = request.params;
      const query = request.query;
      const file = await reports[report](query);
      await recordAudit(app.db, await staffActor(request), {
        action: 'analytics.export',
        entityKind: 'analytics',
        entityId: report,
        lang: query.lang ?? null,
        after: {
          from: query.from ?? null,
          to: query.to ?? null,
          course: query.course ?? null,
          grain: query.grain ?? null,
        },
      });
      // Named by the days it covers, as the file says inside (from, to), whatever the query left out.
      const period = resolvePeriod(query, new Date());
      const name = `analytics-${report}-${period.from}-to-${period.to}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  app.post(
    '/api/staff/analytics/refresh',
    {
      schema: {
        tags,
        summary:
          'Recomputes the figures now, unless they were computed in the last minute (ANALYTICS_REFRESH_ON_REQUEST_SECONDS) or are being computed: then answers when they last were',
        response: { 200: AnalyticsRefreshAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const last = await repo.lastRefresh(app.db);
      // Recomputed at most this often on request (ANALYTICS_REFRESH_ON_REQUEST_SECONDS); the schedule refreshes them anyway.
      const fresh = last && Date.now() - last.computedAt.getTime() < app.config.analytics.onRequestSeconds * 1000;
      const refreshed = fresh ? undefined : await refreshAnalytics(app.db);
      if (refreshed) {
        await recordAudit(app.db, await staffActor(request), {
          action: 'analytics.refresh',
          entityKind: 'analytics',
          entityId: 'figures',
          after: { tookMs: refreshed.tookMs },
        });
      }
      const current = refreshed ?? (await repo.lastRefresh(app.db));
      return {
        refreshed: Boolean(refreshed),
        computedAt: current?.computedAt.toISOString() ?? null,
        tookMs: current?.tookMs ?? null,
      };
    },
  );
}
