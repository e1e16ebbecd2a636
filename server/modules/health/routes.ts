// Health for a load balancer and for people. /health/live: the process answers (restart it when
// not). /health/ready: it can serve (send it traffic when so): the database answers and has every
// migration this build knows; Redis is reported but does not decide, since the limits fall back to
// each instance's own counters without it. /api/health stays for existing monitors.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../../db/client';
import { ErrorResponse } from '../../../contract/message-responses';
import { access, routeAccess } from '../../plugins/access';
import { RETRY_AFTER_SECONDS } from '../../plugins/database-faults';

const tags = ['system'];
const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  migrations: Type.Union([Type.Literal('applied'), Type.Literal('pending'), Type.Literal('unknown')]),
  redis: Type.Union([Type.Literal('off'), Type.Literal('up'), Type.Literal('down')], {
    description: 'off without REDIS_URL; down means each instance counts rate limits on its own',
  }),
});

export default async function healthRoutes(app: FastifyInstance) {
  routeAccess(app, access.public);
  const latestMigration = Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis),
  );
  // Applied migrations are never taken back, so once seen they need no more asking.
  let migrationsApplied = false;
  const checkMigrations = async (): Promise<'applied' | 'pending'> => {
    if (!migrationsApplied) {
      // Both drivers answer { rows }; the migrator's own table is not in the schema.
      const result = (await app.db.execute(
        sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { latest: string | number | null }[];
      };
      migrationsApplied = Number(result.rows[0]?.latest ?? 0) >= latestMigration;
    }
    return migrationsApplied ? 'applied' : 'pending';
  };

  app.get(
    '/api/health',
    {
      schema: {
        tags,
        summary: 'Whether the server and its database are up',
        response: { 200: Type.Object({ status: Type.Literal('ok') }), 503: ErrorResponse },
      },
      config: { rateLimit: false },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags,
        summary: 'Liveness: the process answers',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags,
        summary: 'Readiness: the database answers and its migrations are applied',
        description: '503 (with Retry-After) while the database is unreachable or behind this build.',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      const database = (await app.databaseHealth.check()) ? 'up' : 'down';
      const migrations = database === 'up' ? await checkMigrations().catch(() => 'unknown' as const) : 'unknown';
      const ready = database === 'up' && migrations === 'applied';
      if (!ready) reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      return { status: ready ? 'ready' : 'unavailable', database, migrations, redis: app.redisState() } as const;
    },
  );
}
