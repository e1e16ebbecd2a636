// What an answer about a one-time password says about waiting: when a new code may be asked for
// (sign-in's codes and a guardian's consent codes alike).
import type { OtpSentResponse } from '../../contract/auth';
import type { ErrorResponse } from '../../contract/message-responses';
import { ApiError } from './api-client';

/** Seconds until a new code may be asked for, from a code-sent answer (the 404 of a new number too). */
export function resendAfterSeconds(answerOrError: unknown): number {
  const body = answerOrError instanceof ApiError ? answerOrError.details : answerOrError;
  const seconds = (body as Partial<OtpSentResponse> | undefined)?.resendAfter;
  return typeof seconds === 'number' && seconds > 0 ? seconds : 0;
}

/** Seconds to wait from a 429 answer: the body's retryAfter (the server's cooldown), else none. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const details = error.details as Partial<ErrorResponse> | undefined;
  return typeof details?.retryAfter === 'number' && details.retryAfter > 0 ? Math.ceil(details.retryAfter) : 60;
}
