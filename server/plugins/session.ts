// Server-side sessions: a 256-bit random token in an HttpOnly cookie, stored only as its SHA-256,
// with an idle and an absolute lifetime. Every sign-in makes a new session; sign-out deletes it.
// What the lookup finds is held in memory for a moment while this instance hears every change of
// sessions and users (session-cache.ts, ADR 39).
// The SQL is in session-repository.ts; who may call a route is declared and enforced with
// plugins/access.ts.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import * as repo from './session-repository';
import type { Db, Listen } from '../db/client';
import { createSessionCache, SESSION_CHANNEL, SESSION_KEEP_MS, type SessionCache } from './session-cache';
import type { Config } from './config';

/** The signed-in user as the server knows it (the wire shape is contract/auth.ts SessionUser). */
export interface SignedInUser {
  id: string;
  role: string;
  name: string;
  active: boolean;
  mobile: string;
  /** Until when the learner is a minor (ADR 18), and how a guardian's consent was verified, if it was. */
  minorUntil: Date | null;
  guardianConsentMethod: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sessions this instance holds (session-cache.ts). */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** The signed-in user, or null; resolved once per request on first use. */
    getUser(): Promise<SignedInUser | null>;
    sessionId: string | null;
    userPromise: Promise<SignedInUser | null> | null;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function sessionCookieName(app: FastifyInstance): string {
  // The __Host- prefix pins the cookie to this exact host over HTTPS; browsers reject it on http.
  return app.config.env === 'production' ? '__Host-sid' : 'sid';
}

/** What is stored of a session token: its SHA-256, never the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a new session for the user and sets its cookie. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const app = request.server;
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + app.config.session.absoluteDays * DAY_MS);
  // A session cookie left over from before sign-in is revoked, so no two sessions share a browser.
  await endSession(request, reply);
  request.sessionId = await repo.insertSession(app.db, {
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 300) || null,
  });
  setSessionCookie(request, reply, token, expiresAt);
}

/**
 * Gives the current session a new token (the old one stops working) and sets its cookie: done when
 * a session gains privileges (a staff member's second factor), so a token seen before cannot ride
 * on them.
 */
export async function renewSessionToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const app = request.server;
  if (!request.sessionId) throw new Error('renewSessionToken needs a signed-in request');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = await repo.replaceTokenHash(app.db, request.sessionId, hashToken(token));
  const old = request.cookies[sessionCookieName(app)];
  if (old) app.sessionCache.forgetSession(hashToken(old));
  if (!expiresAt) return;
  setSessionCookie(request, reply, token, expiresAt);
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  const app = request.server;
  reply.setCookie(sessionCookieName(app), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.env === 'production',
    expires: expiresAt,
  });
}

/** Revokes the current session (if any) and clears its cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const app = request.server;
  const name = sessionCookieName(app);
  const token = request.cookies[name];
  if (token) {
    const tokenHash = hashToken(token);
    await repo.deleteSessionByTokenHash(app.db, tokenHash);
    // Refused here at once; other instances hear of it from the database.
    app.sessionCache.forgetSession(tokenHash);
    reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.env === 'production' });
  }
  request.sessionId = null;
}

async function loadUser(request: FastifyRequest, lookup: repo.SessionLookup): Promise<SignedInUser | null> {
  const app = request.server;
  const token = request.cookies[sessionCookieName(app)];
  if (!token || token.length > 100) return null;
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - app.config.session.idleDays * DAY_MS);
  const tokenHash = hashToken(token);
  let session = app.sessionCache.get(tokenHash, now.getTime());
  // Held, but past a lifetime by its own dates: the database decides (another instance may have seen it since).
  if (session && (session.expiresAt <= now || session.lastSeenAt <= idleCutoff)) session = undefined;
  if (!session) {
    const stamp = app.sessionCache.stamp();
    const [row] = await lookup.execute({ tokenHash, now, idleCutoff });
    if (!row) return null;
    const { sessionId, lastSeenAt, expiresAt, ...user } = row;
    session = { user, sessionId, lastSeenAt, expiresAt };
    app.sessionCache.set(tokenHash, session, stamp, now.getTime());
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    // The touch is announced, so every instance reads the session afresh.
    await repo.touchSession(app.db, session.sessionId, session.user.id, now);
  }
  request.sessionId = session.sessionId;
  return session.user;
}

/** Deletes expired and idle sessions and returns how many; the retention job calls it periodically. */
export async function pruneSessions(deps: { db: Db; config: Config }, now = new Date()): Promise<number> {
  const idleCutoff = new Date(now.getTime() - deps.config.session.idleDays * DAY_MS);
  return repo.deleteEndedSessions(deps.db, now, idleCutoff);
}

/**
 * A learner's own change of what their session says (their profile, a guardian's consent, erasure,
 * signing out) is seen by their next call to this instance, not a moment later: the user routes'
 * changes forget the user's sessions here as they answer. Everything else hears it from the database.
 */
const CHANGES_OWN_SESSION = /^\/api\/user\//;

export default fp(
  async function session(app: FastifyInstance, opts: { listen?: Listen | null }) {
    await app.register(cookie);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('userPromise', null);
    // Tests change users and sessions from outside between calls, as the public caches' tests do:
    // nothing is held there unless a test asks for it with another environment.
    const listen = app.config.env === 'test' ? null : (opts.listen ?? null);
    const cache = createSessionCache(listen ? SESSION_KEEP_MS : 0);
    app.decorate('sessionCache', cache);
    if (listen) await listenForSessionChanges(app, listen, cache);
    const lookup = repo.prepareSessionLookup(app.db);
    app.decorateRequest('getUser', function (this: FastifyRequest) {
      this.userPromise ??= loadUser(this, lookup);
      return this.userPromise;
    });
    app.addHook('onSend', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD' || !request.userPromise) return;
      if (!CHANGES_OWN_SESSION.test(request.url)) return;
      const user = await request.userPromise.catch(() => null);
      if (user) cache.forgetUser(user.id);
    });
  },
  { name: 'session', dependencies: ['config'] },
);

/**
 * Holds sessions only while listening: from the loss of the listening connection until it is back,
 * nothing is held; once back, what was held before is forgotten.
 */
async function listenForSessionChanges(app: FastifyInstance, listen: Listen, cache: SessionCache): Promise<void> {
  const stop = await listen(SESSION_CHANNEL, {
    notification: (payload) => cache.changed(payload),
    lost(error) {
      cache.suspend();
      app.log.warn({ reason: error.message }, 'not listening for session changes: every session is read afresh');
    },
    reconnected() {
      cache.resume();
      app.log.info('listening for session changes again');
    },
  });
  app.addHook('onClose', async () => {
    await stop();
  });
}
