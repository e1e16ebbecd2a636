// The sign-in calls of the specification (section 7): send and resend a one-time password, log in,
// register, log out and the session status every page asks for.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  LoginBody,
  OtpSentResponse,
  RegisterBody,
  SendOtpBody,
  SessionStatusResponse,
  SignedInResponse,
} from '../../../contract/auth';
import { ErrorResponse, MessageResponse, errorResponses } from '../../../contract/message-responses';
import { messageBody } from '../../../contract/messages';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, languageFromCode, type LanguageCode } from '../../../contract/languages';
import { access, routeAccess } from '../../plugins/access';
import { endSession, startSession } from '../../plugins/session';
import { login, register, sendCode, type AuthDeps } from './service';

const tags = ['sign-in'];

/** Who is signed in, as the web is told (never the id or the number). */
const sessionUser = ({ role, name, active }: { role: string; name: string; active: boolean }) => ({
  role,
  name,
  active,
});
const errors = errorResponses(400, 403, 503);
/** A send's own 503: no SMS can leave now, with Retry-After when the platform's hourly ceiling is the reason. */
const sendErrors = {
  ...errorResponses(400, 403, 429),
  503: {
    ...ErrorResponse,
    description:
      'smsUnavailable: the SMS provider failed, or the platform has sent as many one-time passwords this hour as it may (OTP_PER_HOUR_LIMIT; Retry-After and retryAfter say when to ask again); serviceUnavailable: the service is briefly unavailable',
  },
};

/** The site's language the visitor signs in with: their language cookie, or the default without one. */
function interfaceLanguage(cookies: Record<string, string | undefined>): LanguageCode {
  const raw = cookies[LANGUAGE_COOKIE];
  return (raw && languageFromCode(raw)) || DEFAULT_LANGUAGE;
}

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Signing in, out and asking who is signed in are for anyone.
  routeAccess(app, access.public);
  const deps: AuthDeps = { db: app.db, config: app.config, sms: app.sms, refusals: app.refusals, log: app.log };

  app.post(
    '/api/user/send-otp',
    {
      schema: {
        tags,
        summary: 'Send a one-time password by SMS',
        description:
          'The number is 12 digits after stripping everything else (country code and 10 digits), an Indian mobile (first digit 6-9). A code is sent to any such number; 200 means the number is registered (log in), 404 that it is new (register with the same code). Both say in `resendAfter` when a new code may be asked for.',
        body: SendOtpBody,
        response: { 200: OtpSentResponse, 404: OtpSentResponse, ...sendErrors },
      },
    },
    async (request, reply) => {
      const { registered, resendAfter } = await sendCode(deps, request.body.mobile, request.ip);
      if (!registered) return reply.code(404).send({ ...messageBody('sentNew'), resendAfter });
      return { ...messageBody('sentRegistered'), resendAfter };
    },
  );

  app.post(
    '/api/user/resend-otp',
    {
      schema: {
        tags,
        summary: 'Send a new one-time password; the previous one stops working',
        body: SendOtpBody,
        response: { 200: OtpSentResponse, ...sendErrors },
      },
    },
    async (request) => {
      const { resendAfter } = await sendCode(deps, request.body.mobile, request.ip);
      return { ...messageBody('resent'), resendAfter };
    },
  );

  app.post(
    '/api/user/login',
    {
      schema: {
        tags,
        summary: 'Sign in a registered number with its one-time password',
        description:
          'Starts a new session (cookie); any session the browser had is revoked. Answers who is signed in, as session-status would.',
        body: LoginBody,
        response: { 200: SignedInResponse, ...errorResponses(404), ...errors },
      },
    },
    async (request, reply) => {
      const account = await login(deps, request.body.mobile, request.body.otp, interfaceLanguage(request.cookies));
      await startSession(request, reply, account.id);
      return { ...messageBody('loggedIn'), user: sessionUser(account) };
    },
  );

  app.post(
    '/api/user/register',
    {
      schema: {
        tags,
        summary: 'Create an account for a new number with its one-time password',
        description:
          'Name required, email optional. Starts a new session (cookie). Answers who is signed in, as session-status would.',
        body: RegisterBody,
        response: { 200: SignedInResponse, ...errorResponses(409), ...errors },
      },
    },
    async (request, reply) => {
      const account = await register(deps, request.body, interfaceLanguage(request.cookies));
      await startSession(request, reply, account.id);
      return { ...messageBody('registered'), user: sessionUser(account) };
    },
  );

  app.post(
    '/api/user/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: the session is revoked on the server and its cookie cleared',
        response: { 200: MessageResponse, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return messageBody('loggedOut');
    },
  );

  app.get(
    '/api/user/session-status',
    {
      schema: {
        tags,
        summary: 'Who is signed in',
        description: 'Always 200: {user: null} when signed out, so an anonymous page load logs no error.',
        response: { 200: SessionStatusResponse },
      },
    },
    async (request) => {
      const user = await request.getUser();
      return { user: user ? sessionUser(user) : null };
    },
  );
}
