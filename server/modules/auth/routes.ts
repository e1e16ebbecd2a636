// The sign-in calls of the specification (section 7): send and resend a one-time password, log in,
// register, log out and the session status every page asks for.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BadRequestResponse,
  LoginBody,
  MessageResponse,
  RegisterBody,
  RetryLaterResponse,
  SendOtpBody,
  SessionStatusResponse,
} from '../../../contract/auth';
import { endSession, startSession } from '../../plugins/session';
import { AuthService, MESSAGES, RetryLaterError } from './service';

const tags = ['sign-in'];
const errorResponses = { 400: BadRequestResponse, 403: MessageResponse, 503: MessageResponse };

/** Answers a RetryLaterError with retryAfter in the body as well as the Retry-After header. */
async function answeringRetryLater<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RetryLaterError) {
      return reply.code(429).headers(error.headers).send({ message: error.message, retryAfter: error.retryAfter });
    }
    throw error;
  }
}

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service = AuthService.fromApp(app);

  app.post(
    '/api/user/send-otp',
    {
      schema: {
        tags,
        summary: 'Send a one-time password by SMS',
        description:
          'The number is 12 digits after stripping everything else (country code and 10 digits). A code is sent to any valid number; 200 means the number is registered (log in), 404 that it is new (register with the same code).',
        body: SendOtpBody,
        response: { 200: MessageResponse, 404: MessageResponse, 429: RetryLaterResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      answeringRetryLater(reply, async () => {
        const { registered } = await service.sendCode(request.body.mobile, request.ip);
        if (!registered) return reply.code(404).send({ message: MESSAGES.sentNew });
        return { message: MESSAGES.sentRegistered };
      }),
  );

  app.post(
    '/api/user/resend-otp',
    {
      schema: {
        tags,
        summary: 'Send a new one-time password; the previous one stops working',
        body: SendOtpBody,
        response: { 200: MessageResponse, 429: RetryLaterResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      answeringRetryLater(reply, async () => {
        await service.sendCode(request.body.mobile, request.ip);
        return { message: MESSAGES.resent };
      }),
  );

  app.post(
    '/api/user/login',
    {
      schema: {
        tags,
        summary: 'Sign in a registered number with its one-time password',
        description: 'Starts a new session (cookie); any session the browser had is revoked.',
        body: LoginBody,
        response: { 200: MessageResponse, 404: MessageResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = await service.login(request.body.mobile, request.body.otp);
      await startSession(request, reply, userId);
      return { message: MESSAGES.loggedIn };
    },
  );

  app.post(
    '/api/user/register',
    {
      schema: {
        tags,
        summary: 'Create an account for a new number with its one-time password',
        description: 'Name required, email optional. Starts a new session (cookie).',
        body: RegisterBody,
        response: { 200: MessageResponse, 409: MessageResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = await service.register(request.body);
      await startSession(request, reply, userId);
      return { message: MESSAGES.registered };
    },
  );

  app.post(
    '/api/user/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: the session is revoked on the server and its cookie cleared',
        response: { 200: MessageResponse, 403: MessageResponse },
      },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return { message: MESSAGES.loggedOut };
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
      return { user: user ? { role: user.role, name: user.name, active: user.active } : null };
    },
  );
}
