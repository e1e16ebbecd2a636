// Reads and checks the environment once at start. A wrong setting stops the server with a message
// that names the variable, instead of failing later on a request.
import { isIP } from 'node:net';
import path from 'node:path';
import { ANALYTICS_REFRESH_MINUTES } from '../../contract/analytics-rules';

export type SmsProviderName = 'console' | 'msg91' | 'memory';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * A listening socket handed over by the service manager (systemd socket activation: LISTEN_FDS,
   * the socket at descriptor 3), listened on instead of PORT and HOST. The socket outlives the
   * process, so connections arriving during a restart wait for the next one instead of being
   * refused or reset (ADR 37).
   */
  inheritedSocketFd: number | undefined;
  /** Public address of the site, used in certificate links and share previews. */
  publicUrl: string;
  dataDir: string;
  /** Where stored files (images, documents, videos) live; served under /uploads. */
  uploadsDir: string;
  databaseUrl: string | undefined;
  /**
   * A direct connection to the same PostgreSQL when DATABASE_URL goes through a pooler in
   * transaction mode: the content listener and the migrations need a session of their own.
   */
  databaseDirectUrl: string | undefined;
  redisUrl: string | undefined;
  /** How long a rate-limit count may wait for Redis before it is counted here instead. */
  redisCommandTimeoutMs: number;
  /**
   * Key for hashing one-time passwords and recovery codes and, through HKDF, for encrypting the
   * staff's authenticator secrets: SESSION_SECRET. Outside production without it, a random one here
   * (`secretFromEnvironment` false), which main.ts and the commands replace with the one kept in
   * DATA_DIR (lib/secret-file.ts), so secrets stored with it survive a restart.
   */
  secret: string;
  secretFromEnvironment: boolean;
  /**
   * Which proxies' X-Forwarded-* headers to believe: none (false), the nearest n hops, or the
   * proxies at these addresses or ranges. `true` (believe any) only outside production.
   */
  trustProxy: TrustProxy;
  /** Calls to /api/ routes that need sign-in allowed per signed-in account per minute. */
  apiRateLimitPerMinute: number;
  /**
   * Every other call to /api/ (public reads, signing in) allowed per client address per minute: a
   * ceiling far above what a village behind one carrier-grade NAT address needs.
   */
  apiAddressLimitPerMinute: number;
  /** Shedding load: beyond this mean event-loop delay (ms) requests are answered 503; 0 never sheds. */
  loadShedEventLoopDelayMs: number;
  /** Bearer token that opens /metrics; without it /metrics does not answer. */
  metricsToken: string | undefined;
  logLevel: string;
  /** On SIGTERM, how long requests in flight may take before their connections are closed. */
  shutdownGraceSeconds: number;
  otp: {
    ttlSeconds: number;
    maxAttempts: number;
    resendCooldownSeconds: number;
    /** Sends allowed to one mobile number per window. */
    perNumberLimit: number;
    /** Sends allowed from one client address per window. */
    perAddressLimit: number;
    windowSeconds: number;
    /** Sends allowed per hour from the whole platform: a ceiling on SMS spend. */
    perHourLimit: number;
  };
  session: {
    idleDays: number;
    absoluteDays: number;
  };
  /** The staff side of a session ends sooner: after this long without a staff request, or since sign-in. */
  staffSession: {
    idleMinutes: number;
    absoluteHours: number;
  };
  retention: {
    /** A learner inactive (no sign-in, no use of a session) for longer is erased with all their data. */
    inactiveDays: number;
  };
  analytics: {
    /** The staff's figures are recomputed by one instance once they are this old. */
    refreshMinutes: number;
    /** "Refresh now" recomputes them at most this often. */
    onRequestSeconds: number;
  };
  readAloud: {
    /** Whether this instance voices published courses (ADR 41); off, another instance must. */
    synthesis: boolean;
  };
  sms: {
    provider: SmsProviderName;
    msg91: {
      authKey: string;
      templateId: string;
      consentTemplateId: string;
      /** The template of an event consent code (names the event); empty: such codes are not sent. */
      eventConsentTemplateId: string;
      baseUrl: string;
    };
  };
}

export type TrustProxy = boolean | number | string[];

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new ConfigError(`${name} must be on or off (got "${raw}")`);
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

/** The first socket of sd_listen_fds(3): descriptor 3, when LISTEN_FDS names one meant for this process. */
export const FIRST_INHERITED_FD = 3;

function inheritedSocketFd(env: Env): number | undefined {
  if (!env.LISTEN_FDS) return undefined;
  // Meant for another process (a wrapper that started this one without passing the socket on).
  if (env.LISTEN_PID && Number(env.LISTEN_PID) !== process.pid) return undefined;
  const count = int(env, 'LISTEN_FDS', 0, 0, 64);
  if (count === 0) return undefined;
  if (count > 1) {
    throw new ConfigError(`LISTEN_FDS must name one socket (got ${count}): the server listens on one address`);
  }
  return FIRST_INHERITED_FD;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = int(env, 'PORT', 3000, 0, 65535);
  const provider = (env.SMS_PROVIDER || (nodeEnv === 'test' ? 'memory' : 'console')) as SmsProviderName;
  if (!['console', 'msg91', 'memory'].includes(provider)) {
    throw new ConfigError(`SMS_PROVIDER must be console, msg91 or memory (got "${provider}")`);
  }
  if (nodeEnv === 'production' && provider !== 'msg91') {
    throw new ConfigError(
      `SMS_PROVIDER=${provider} would not deliver one-time passwords in production; set SMS_PROVIDER=msg91 with MSG91_AUTH_KEY, MSG91_TEMPLATE_ID and MSG91_CONSENT_TEMPLATE_ID`,
    );
  }
  const msg91 = {
    authKey: env.MSG91_AUTH_KEY ?? '',
    templateId: env.MSG91_TEMPLATE_ID ?? '',
    // A guardian's consent code has a text of its own (it names what is agreed to), so its own template.
    consentTemplateId: env.MSG91_CONSENT_TEMPLATE_ID ?? '',
    // An event entry's consent code names the event (a template variable, `event`): a third template,
    // needed only where minors enter events; without it those codes answer smsUnavailable.
    eventConsentTemplateId: env.MSG91_EVENT_CONSENT_TEMPLATE_ID ?? '',
    baseUrl: env.MSG91_BASE_URL || 'https://control.msg91.com',
  };
  if (provider === 'msg91' && (!msg91.authKey || !msg91.templateId || !msg91.consentTemplateId)) {
    throw new ConfigError(
      'SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_TEMPLATE_ID and MSG91_CONSENT_TEMPLATE_ID (the DLT template ids of the sign-in and the guardian consent codes)',
    );
  }
  const secret = env.SESSION_SECRET ?? '';
  if (nodeEnv === 'production' && secret.length < 32) {
    throw new ConfigError('SESSION_SECRET must be set to at least 32 characters in production');
  }
  const ttlSeconds = int(env, 'OTP_TTL_SECONDS', 300, 60, 600);
  return {
    env: nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    inheritedSocketFd: inheritedSocketFd(env),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseDirectUrl: databaseDirectUrl(env),
    redisUrl: env.REDIS_URL || undefined,
    // A loaded instance answers its own event loop late too: under 200 connections 200 ms was
    // reached with Redis up. A second still notices a Redis that stopped answering.
    redisCommandTimeoutMs: int(env, 'REDIS_COMMAND_TIMEOUT_MS', 1000, 50, 30_000),
    secret: secret || cryptoRandomSecret(),
    secretFromEnvironment: secret !== '',
    trustProxy: trustProxy(env.TRUST_PROXY, nodeEnv),
    apiRateLimitPerMinute: int(env, 'API_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    apiAddressLimitPerMinute: int(env, 'API_ADDRESS_LIMIT_PER_MINUTE', 30_000, 1, 10_000_000),
    // Off in tests unless asked for: there a lagging event loop is the test machine's load.
    loadShedEventLoopDelayMs: int(env, 'LOAD_SHED_EVENT_LOOP_DELAY_MS', nodeEnv === 'test' ? 0 : 500, 0, 60_000),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    shutdownGraceSeconds: int(env, 'SHUTDOWN_GRACE_SECONDS', 10, 1, 300),
    otp: {
      ttlSeconds,
      maxAttempts: 5,
      resendCooldownSeconds: int(env, 'OTP_RESEND_COOLDOWN_SECONDS', 30, 0, 600),
      perNumberLimit: int(env, 'OTP_PER_NUMBER_LIMIT', 5, 1, 1000),
      // Hundreds of learners of a village may sign in from one carrier-grade NAT address.
      perAddressLimit: int(env, 'OTP_PER_ADDRESS_LIMIT', 1000, 1, 100000),
      windowSeconds: int(env, 'OTP_LIMIT_WINDOW_SECONDS', 3600, 60, 86400),
      perHourLimit: int(env, 'OTP_PER_HOUR_LIMIT', 2000, 1, 1_000_000),
    },
    session: {
      idleDays: int(env, 'SESSION_IDLE_DAYS', 30, 1, 365),
      absoluteDays: int(env, 'SESSION_ABSOLUTE_DAYS', 90, 1, 730),
    },
    staffSession: {
      idleMinutes: int(env, 'STAFF_SESSION_IDLE_MINUTES', 30, 5, 24 * 60),
      absoluteHours: int(env, 'STAFF_SESSION_ABSOLUTE_HOURS', 12, 1, 72),
    },
    // Three years by default: docs/decisions/0017-retention-of-inactive-learners.md.
    retention: { inactiveDays: int(env, 'RETENTION_INACTIVE_DAYS', 1095, 30, 3650) },
    // ADR 27: how old the staff's figures may get, and how often staff may have them recomputed.
    analytics: {
      refreshMinutes: int(env, 'ANALYTICS_REFRESH_MINUTES', ANALYTICS_REFRESH_MINUTES, 1, 24 * 60),
      onRequestSeconds: int(env, 'ANALYTICS_REFRESH_ON_REQUEST_SECONDS', 60, 0, 24 * 3600),
    },
    // ADR 41: each instance voices published courses on a thread of its own unless told not to.
    readAloud: { synthesis: onOff(env, 'READ_ALOUD_SYNTHESIS', true) },
    sms: { provider, msg91 },
  };
}

function databaseDirectUrl(env: Env): string | undefined {
  const direct = env.DATABASE_DIRECT_URL || undefined;
  if (direct && !env.DATABASE_URL)
    throw new ConfigError("DATABASE_DIRECT_URL is the direct address of DATABASE_URL's database: set DATABASE_URL too");
  return direct;
}

/** Names proxy-addr understands for whole families of private addresses. */
const ADDRESS_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (ADDRESS_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * The client's address is the one the nearest trusted proxy saw. Trusting every proxy (`true`)
 * takes the leftmost X-Forwarded-For entry, which the client writes itself: per-address limits
 * would then count whatever address an attacker names.
 */
function trustProxy(raw: string | undefined, nodeEnv: Config['env']): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    if (nodeEnv === 'production') {
      throw new ConfigError(
        'TRUST_PROXY=true lets every client choose its own address through X-Forwarded-For; in production set the number of proxies in front of the server (TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8)',
      );
    }
    return true;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be a number of proxies from 1 to 10 (got "${raw}")`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be false, a number of proxies, or a comma-separated list of proxy addresses or ranges such as 10.0.0.0/8 (cannot read "${wrong}")`,
    );
  }
  return entries;
}

/**
 * The form Fastify takes. Fastify refuses to trust anything for a bare number (a client that reaches
 * the server directly could send as many hops as it likes), so a hop count is spelled out: the
 * nearest `hops` addresses, the connecting peer first, are proxies. That is only right when nothing
 * but the balancer can reach the server, which the README says.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  const hops = trust;
  return (_address, hop) => hop < hops;
}

function metricsToken(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  // Guessable tokens would open the metrics to anyone patient enough.
  if (raw.length < 32) throw new ConfigError('METRICS_TOKEN must be at least 32 characters');
  return raw;
}

function cryptoRandomSecret(): string {
  return globalThis.crypto
    .getRandomValues(new Uint8Array(32))
    .reduce((s, b) => s + b.toString(16).padStart(2, '0'), '');
}
