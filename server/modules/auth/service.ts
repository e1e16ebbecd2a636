// Sign-in with a one-time password: sending codes within the cooldown and the send limits, and
// checking a typed code (expiry, single use, bound to the number, a bounded number of tries).
//
// The module's surface for other modules: its routes call sendCode, login and register with the
// app's AuthDeps; the retention job (modules/retention) calls pruneOtpChallenges hourly; the users
// module's erasure calls forgetCodesSentTo; the users module asks a guardian to confirm a minor's consent with checkMobile, sendConsentCode and
// useConsentCode (ADR 18), through the same codes, limits and tries as signing in; the events module
// does the same for a minor's entry, the code then bound to the entry and its message naming the event (ADR 40).
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { Config } from '../../plugins/config';
import { OTP_LENGTH, isIndianMobile } from '../../../contract/auth-rules';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/languages';
import {
  HttpError,
  badRequest,
  conflict,
  notFound,
  serviceUnavailable,
  tooManyRequests,
  unavailableFor,
} from '../../plugins/errors';
import type { Refusals, RefusingLimit } from '../../lib/refusals';
import { checkEmail, checkName, normaliseMobile } from '../../lib/profile-fields';
import type { SmsDetails, SmsProvider } from './sms/sms-provider';
import { codeMatches, generateCode, hashCode, isCodeShaped } from './otp';
import * as repo from './repository';

/** A long wait in whole minutes, as the send-limit messages say it. */
const inMinutes = (seconds: number) => ({ count: Math.ceil(seconds / 60) });

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** What sign-in needs; routes pass the app's, tests may pass a fake SMS provider and a clock of their own. */
export interface AuthDeps {
  db: Db;
  config: Config;
  sms: SmsProvider;
  /** The clock; tests may move it. */
  now?: () => Date;
  /** Where refused sends are counted (the metrics), and the log that hears of the hourly ceiling. */
  refusals?: Refusals;
  log?: FastifyBaseLogger;
}

/** The window of the platform's ceiling on sends (OTP_PER_HOUR_LIMIT). */
const HOUR_SECONDS = 3600;

const timeOf = (deps: AuthDeps): Date => (deps.now ? deps.now() : new Date());

/**
 * Sends a new code (the previous one stops working). Answers whether the number is registered and
 * in how many seconds the next code may be asked for.
 */
export async function sendCode(
  deps: AuthDeps,
  rawMobile: string | number | undefined,
  clientIp: string,
): Promise<{ registered: boolean; resendAfter: number }> {
  const mobile = checkMobile(rawMobile);
  const { registered } = await sendChallenge(deps, { mobile, purpose: 'sign-in', userId: null }, clientIp);
  return { registered, resendAfter: deps.config.otp.resendCooldownSeconds };
}

/**
 * Whom a guardian's consent code is for: the guardian's number and the learner who asked; for an
 * event entry, the entry (the code confirms it alone) and the event's name (the message says it).
 */
export interface ConsentTarget {
  mobile: string;
  userId: string;
  event?: { entryId: string; name: string };
}

const consentCodeTarget = (target: ConsentTarget): repo.CodeTarget => ({
  mobile: target.mobile,
  userId: target.userId,
  purpose: target.event ? 'event-consent' : 'guardian-consent',
  subjectId: target.event?.entryId ?? null,
});

/**
 * Sends a guardian a code that confirms their consent for the learner (the number already checked
 * with checkMobile); answers in how many seconds the next may be asked for. The cooldown, the
 * limits per number and per address and the code's lifetime are those of signing in.
 */
export async function sendConsentCode(
  deps: AuthDeps,
  target: ConsentTarget,
  clientIp: string,
): Promise<{ resendAfter: number }> {
  await sendChallenge(deps, consentCodeTarget(target), clientIp, target.event && { eventName: target.event.name });
  return { resendAfter: deps.config.otp.resendCooldownSeconds };
}

/**
 * Checks the code the guardian received for the learner and, in one transaction, marks it used and
 * runs `record` (the consent is recorded only with a code that works, and a code records once).
 */
export async function useConsentCode<T>(
  deps: AuthDeps,
  target: ConsentTarget,
  rawCode: string | undefined,
  record: (tx: DbOrTx, at: Date) => Promise<T>,
): Promise<T> {
  const code = checkCode(rawCode);
  const challengeId = await verify(deps, consentCodeTarget(target), code);
  return deps.db.transaction(async (tx) => {
    const at = timeOf(deps);
    if (!(await repo.consumeChallenge(tx, challengeId, at))) throw badRequest('used');
    return record(tx, at);
  });
}

/**
 * Sends a code to the target within its cooldown and the limits, which count every SMS to the
 * number whatever it was for; answers whether the number has an account (read with the limits).
 */
async function sendChallenge(
  deps: AuthDeps,
  target: repo.CodeTarget,
  clientIp: string,
  details?: SmsDetails,
): Promise<{ registered: boolean }> {
  const { db, config, sms } = deps;
  const { otp } = config;
  const { mobile } = target;
  const ip = clientIp.slice(0, 64);
  const now = timeOf(deps);
  const code = generateCode();

  const refused = (limit: RefusingLimit, error: HttpError): HttpError => {
    deps.refusals?.add(limit);
    return error;
  };

  const { challengeId, registered } = await db.transaction(async (tx) => {
    await repo.lockSendKeys(tx, mobile, ip);
    const untilOut = (sentAt: Date, windowSeconds: number) =>
      (sentAt.getTime() + windowSeconds * 1000 - now.getTime()) / 1000;
    const history = await repo.sendHistory(
      tx,
      { target, clientIp: ip },
      new Date(now.getTime() - otp.windowSeconds * 1000),
      new Date(now.getTime() - HOUR_SECONDS * 1000),
      { perNumber: otp.perNumberLimit, perAddress: otp.perAddressLimit, perHour: otp.perHourLimit },
    );
    if (history.latestAt && otp.resendCooldownSeconds > 0) {
      const wait = untilOut(history.latestAt, otp.resendCooldownSeconds);
      if (wait > 0) {
        throw refused(
          'otp-cooldown',
          tooManyRequests('wait', wait, (seconds) => ({ count: seconds })),
        );
      }
    }
    if (history.numberFullAt) {
      throw refused(
        'otp-number',
        tooManyRequests('numberLimit', untilOut(history.numberFullAt, otp.windowSeconds), inMinutes),
      );
    }
    if (history.addressFullAt) {
      throw refused(
        'otp-address',
        tooManyRequests('addressLimit', untilOut(history.addressFullAt, otp.windowSeconds), inMinutes),
      );
    }
    // The ceiling on SMS spend: no learner's fault, so 503 (the message the learner reads when no SMS
    // can be sent), with when to try again. Sends made at the same moment by other requests are not
    // waited for, so the ceiling may be passed by the few in flight.
    if (history.platformFullAt) {
      const retryAfter = untilOut(history.platformFullAt, HOUR_SECONDS);
      if (deps.refusals?.add('otp-hour') ?? true) {
        deps.log?.warn(
          { limit: otp.perHourLimit, retryAfterSeconds: Math.ceil(retryAfter) },
          'One-time password ceiling reached (OTP_PER_HOUR_LIMIT): no SMS is sent until the oldest send of the hour leaves it',
        );
      }
      throw unavailableFor('smsUnavailable', retryAfter);
    }
    await repo.expireOpenChallenges(tx, target, now);
    const id = await repo.insertChallenge(tx, {
      ...target,
      codeHash: hashCode(config.secret, mobile, code),
      clientIp: ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + otp.ttlSeconds * 1000),
    });
    return { challengeId: id, registered: history.registered };
  });

  try {
    await sms.send(mobile, code, target.purpose, details);
  } catch (error) {
    // A code that never left does not count against the cooldown or limits.
    await repo.deleteChallenge(db, challengeId);
    throw error instanceof HttpError ? error : serviceUnavailable('smsUnavailable');
  }
  return { registered };
}

/** Who has just signed in: the id for the session, the rest as session-status tells it. */
export interface Account {
  id: string;
  role: string;
  name: string;
  active: boolean;
}

/** Checks the code for a registered number and answers the account. */
export async function login(
  deps: AuthDeps,
  rawMobile: string | number | undefined,
  rawCode: string | undefined,
  interfaceLang: LanguageCode = DEFAULT_LANGUAGE,
): Promise<Account> {
  const { mobile, code } = checkShape(rawMobile, rawCode);
  const user = await repo.findUserByMobile(deps.db, mobile);
  if (!user) throw notFound('notRegistered');
  const challengeId = await verify(deps, { mobile, purpose: 'sign-in', userId: null }, code);
  if (!(await repo.consumeChallenge(deps.db, challengeId, timeOf(deps)))) throw badRequest('used');
  await repo.setInterfaceLanguage(deps.db, user.id, interfaceLang);
  return user;
}

/** Checks the code for a new number and creates the account; answers it. */
export async function register(
  deps: AuthDeps,
  body: { mobile?: string | number; otp?: string; name?: string; email?: string },
  interfaceLang: LanguageCode = DEFAULT_LANGUAGE,
): Promise<Account> {
  const { mobile, code } = checkShape(body.mobile, body.otp);
  const name = checkName(body.name);
  const email = checkEmail(body.email);
  const { db } = deps;
  if (await repo.findUserByMobile(db, mobile)) throw conflict('alreadyRegistered');
  const challengeId = await verify(deps, { mobile, purpose: 'sign-in', userId: null }, code);
  try {
    // Using the code and creating the account succeed or fail together.
    return await db.transaction(async (tx) => {
      if (!(await repo.consumeChallenge(tx, challengeId, timeOf(deps)))) throw badRequest('used');
      return repo.insertUser(tx, { mobile, name, email, interfaceLang });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('alreadyRegistered');
    throw error;
  }
}

/**
 * The number as 12 digits; refused when it has the wrong number of digits, or is not a mobile
 * (no SMS can reach it, so none is paid for).
 */
export function checkMobile(rawMobile: string | number | undefined): string {
  const mobile = normaliseMobile(rawMobile);
  if (!mobile) throw badRequest('invalidMobile');
  if (!isIndianMobile(mobile)) throw badRequest('notAMobile');
  return mobile;
}

function checkCode(rawCode: string | undefined): string {
  if (!isCodeShaped(rawCode)) throw badRequest('codeShape', { length: OTP_LENGTH });
  return rawCode.trim();
}

function checkShape(rawMobile: string | number | undefined, rawCode: string | undefined) {
  const mobile = checkMobile(rawMobile);
  return { mobile, code: checkCode(rawCode) };
}

/** Answers the id of the target's current challenge when the code matches it; throws otherwise. */
async function verify(deps: AuthDeps, target: repo.CodeTarget, code: string): Promise<string> {
  const { db, config } = deps;
  const { mobile } = target;
  const now = timeOf(deps);
  const challenge = await repo.latestChallenge(db, target);
  if (!challenge) throw badRequest('noCode');
  const attempts = await repo.reserveAttempt(db, challenge.id, config.otp.maxAttempts, now);
  if (attempts === undefined) {
    if (challenge.consumedAt) throw badRequest('used');
    if (challenge.attempts >= config.otp.maxAttempts) throw badRequest('tooManyTries');
    if (challenge.expiresAt.getTime() <= now.getTime()) throw badRequest('expired');
    // Changed between the read and the update: another request used it or took the last try.
    throw badRequest('tooManyTries');
  }
  if (!codeMatches(config.secret, mobile, code, challenge.codeHash)) {
    const left = config.otp.maxAttempts - attempts;
    throw left > 0 ? badRequest('wrongCode', { count: left }) : badRequest('tooManyTries');
  }
  return challenge.id;
}

/**
 * Deletes challenges that no limit, cooldown or sign-in can need any more (older than the limit
 * window, the code lifetime and the hour of the platform's ceiling): they hold a number and an
 * address, so they are not kept. The retention job runs it hourly beside pruneSessions.
 */
/** Deletes every one-time-password record sent to a number (a learner's erasure, in its transaction). */
export async function forgetCodesSentTo(db: DbOrTx, mobile: string): Promise<void> {
  await repo.deleteChallengesTo(db, mobile);
}

export async function pruneOtpChallenges(deps: Pick<AuthDeps, 'db' | 'config'>, now = new Date()): Promise<number> {
  const keepSeconds = Math.max(deps.config.otp.windowSeconds, deps.config.otp.ttlSeconds, HOUR_SECONDS);
  return repo.deleteChallengesBefore(deps.db, new Date(now.getTime() - keepSeconds * 1000));
}
