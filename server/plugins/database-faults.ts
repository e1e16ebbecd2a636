// A database that cannot be reached is a passing state, not a bug: requests are answered 503 with
// Retry-After and a plain message, the log gets one line per kind of failure (not a stack per
// request), and a probe notices and logs when the database answers again. Readiness asks here too.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';

/** How long a client is asked to wait while the database cannot be reached (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;
const PROBE_INTERVAL_MS = 1000;
/** A check that has not answered by then counts as a failure. */
const CHECK_TIMEOUT_MS = 2000;

/** Network errors, and PostgreSQL's own: too many connections, shutting down, starting up. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);

/** Failures that carry no code, by their message (pg and PGlite), with a short name for the log. */
const UNAVAILABLE_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated/i, 'connection terminated'],
  [/timeout exceeded when trying to connect/i, 'connect timeout'],
  [/Client has encountered a connection error/i, 'broken connection'],
  [/Cannot use a pool after calling end/i, 'pool closed'],
  [/^PGlite is closed/i, 'embedded database closed'],
  [/^database check timed out/, 'check timed out'],
];

/** The kind of unavailability behind an error (looking through its causes), or null for any other error. */
export function unavailabilityKind(error: unknown): string | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    // SQLSTATE class 08: connection exceptions.
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return code;
    for (const [pattern, kind] of UNAVAILABLE_MESSAGES) if (pattern.test(cause.message)) return kind;
    // Connecting to every address of a name failed.
    if (cause instanceof AggregateError) {
      const inner = cause.errors.map(unavailabilityKind).find((kind) => kind !== null);
      if (inner) return inner;
    }
  }
  return null;
}

export interface DatabaseHealth {
  /** up until a request or a check finds the database unreachable; up again once the probe reaches it. */
  state(): 'up' | 'down';
  /** Asks the database now; true when it answered. */
  check(): Promise<boolean>;
  /** Whether the error means the database cannot be reached (then the state is down, and the kind logged once). */
  unavailable(error: unknown): boolean;
}

/**
 * For the error handler: whether to answer 503 with Retry-After (RETRY_AFTER_SECONDS) for this error;
 * false in an app built without this plugin.
 */
export function databaseUnavailable(app: FastifyInstance, error: unknown): boolean {
  return app.hasDecorator('databaseHealth') && app.databaseHealth.unavailable(error);
}

declare module 'fastify' {
  interface FastifyInstance {
    databaseHealth: DatabaseHealth;
  }
}

export default fp(
  async function databaseFaults(app: FastifyInstance) {
    let down = false;
    let downSince = 0;
    const kindsLogged = new Set<string>();
    let probe: NodeJS.Timeout | undefined;

    const selectOne = async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('database check timed out')), CHECK_TIMEOUT_MS);
      });
      try {
        await Promise.race([app.db.execute(sql`select 1`), timeout]);
      } finally {
        clearTimeout(timer);
      }
    };

    const recovered = () => {
      if (!down) return;
      down = false;
      kindsLogged.clear();
      clearInterval(probe);
      probe = undefined;
      app.log.info({ unavailableForSeconds: Math.round((Date.now() - downSince) / 1000) }, 'Database reachable again');
    };

    const failed = (kind: string) => {
      if (!kindsLogged.has(kind)) {
        kindsLogged.add(kind);
        app.log.error({ kind }, 'Database unreachable: answering 503 until it answers again');
      }
      if (down) return;
      down = true;
      downSince = Date.now();
      let probing = false;
      probe = setInterval(() => {
        // A check still waiting (up to its timeout) is not joined by another.
        if (probing) return;
        probing = true;
        void health.check().finally(() => (probing = false));
      }, PROBE_INTERVAL_MS);
      probe.unref();
    };

    const health: DatabaseHealth = {
      state: () => (down ? 'down' : 'up'),
      async check() {
        try {
          await selectOne();
          recovered();
          return true;
        } catch (error) {
          failed(unavailabilityKind(error) ?? 'check failed');
          return false;
        }
      },
      unavailable(error) {
        const kind = unavailabilityKind(error);
        if (kind === null) return false;
        failed(kind);
        return true;
      },
    };
    app.decorate('databaseHealth', health);
    app.addHook('onClose', async () => clearInterval(probe));
  },
  { name: 'database-faults', dependencies: ['config'] },
);
