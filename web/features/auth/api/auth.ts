// Sign-in calls (specification section 7). Plain functions: the login form drives its own states
// (phone entry, code sent, register), so TanStack Query's cache has nothing to add here.
import type { LoginBody, OtpSentResponse, RegisterBody, SendOtpBody, SignedInResponse } from '../../../../contract/auth';
import type { ErrorResponse } from '../../../../contract/message-responses';
import { api, ApiError } from '../../../lib/api-client';

export const sendOtp = (body: SendOtpBody) => api.post<OtpSentResponse>('/api/user/send-otp', body);
export const resendOtp = (body: SendOtpBody) => api.post<OtpSentResponse>('/api/user/resend-otp', body);
export const login = (body: LoginBody) => api.post<SignedInResponse>('/api/user/login', body);
export const register = (body: RegisterBody) => api.post<SignedInResponse>('/api/user/register', body);

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
