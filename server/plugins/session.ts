// Server-side sessions: a 256-bit random token in an HttpOnly cookie, stored only as its SHA-256,
// with an idle and an absolute lifetime. Every sign-in makes a new session; sign-out deletes it.
// The SQL is in session-repository.ts; who may call a route is declared and enforced with
// plugins/access.ts.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import * as repo from './session-repository';
import type { Db } from '../db/client';
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
    await repo.deleteSessionByTokenHash(app.db, hashToken(token));
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
  const [row] = await lookup.execute({ tokenHash: hashToken(token), now, idleCutoff });
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await repo.touchSession(app.db, row.sessionId, row.id, now);
  }
  request.sessionId = row.sessionId;
  const { sessionId: _sessionId, lastSeenAt: _lastSeenAt, ...user } = row;
  return user;
}

/** Deletes expired and idle sessions and returns how many; the retention job calls it periodically. */
export async function pruneSessions(deps: { db: Db; config: Config }, now = new Date()): Promise<number> {
  const idleCutoff = new Date(now.getTime() - deps.config.session.idleDays * DAY_MS);
  return repo.deleteEndedSessions(deps.db, now, idleCutoff);
}

export default fp(
  async function session(app: FastifyInstance) {
    await app.register(cookie);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('userPromise', null);
    const lookup = repo.prepareSessionLookup(app.db);
    app.decorateRequest('getUser', function (this: FastifyRequest) {
      this.userPromise ??= loadUser(this, lookup);
      return this.userPromise;
    });
  },
  { name: 'session', dependencies: ['config'] },
);
