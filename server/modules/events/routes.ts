// The event quiz for an entrant (ADR 40): the signed-in entrant's one entry (the public pages are in
// public-routes.ts). Entering needs a signed-in, active account (its verified mobile number is the
// entry's key); not the learner rule, since a minor enters before any guardian has agreed to learning.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AnswerBody, AnswerReceipt, EntryAnswer, EventKey, StartEntryBody } from '../../../contract/events';
import { OtpSentResponse } from '../../../contract/auth';
import { ANSWER_GRACE_SECONDS } from '../../../contract/event-rules';
import { MessageResponse, errorResponses } from '../../../contract/message-responses';
import { messageBody } from '../../../contract/messages';
import { GuardianConsentBody, GuardianConsentCodeBody } from '../../../contract/users';
import { access, routeAccess } from '../../plugins/access';
import * as entries from './entries';

const tags = ['events'];
const KeyParams = Type.Object({ key: EventKey });

export default async function eventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.activeUser);
  const deps: entries.EventDeps = { db: app.db, config: app.config, sms: app.sms };
  const entrant = async (request: { getUser(): Promise<{ id: string; mobile: string } | null> }) => {
    const user = (await request.getUser())!;
    return { id: user.id, mobile: user.mobile };
  };

  app.post(
    '/api/events/:key/entry',
    {
      schema: {
        tags,
        summary: 'Start one’s one entry (the questions are drawn and shuffled now, and kept with it)',
        description:
          'One entry per verified mobile number per event, by a unique constraint: a second start is 409 eventAlreadyEntered naming the first entry’s number (eventEntryWithdrawn after a withdrawal), and counted for the staff. 409 eventNotOpen outside the event’s days and hours (IST, server clock). An age under 18, or a profile that says so, makes the entry wait for a guardian’s consent (`awaiting_guardian`); 403 eventMinorsNotAllowed where the event takes no minors. The deadline is the earlier of the start plus the time limit and the day’s closing.',
        params: KeyParams,
        body: StartEntryBody,
        response: { 200: EntryAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      entry: await entries.startEntry(deps, await entrant(request), request.params.key, request.body),
    }),
  );

  app.get(
    '/api/events/:key/entry',
    {
      schema: {
        tags,
        summary: 'One’s entry: the same questions and options in the same order after every reload, and the time left',
        description:
          '`remainingSeconds` is computed from the server’s deadline. Nothing says which options are right until results are published; then `results` has the score, rank and each question’s right options and explanation. An entry past its deadline and grace is closed here by the server.',
        params: KeyParams,
        response: { 200: EntryAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ entry: await entries.myEntry(deps, await entrant(request), request.params.key) }),
  );

  app.post(
    '/api/events/:key/entry/answers',
    {
      schema: {
        tags,
        summary: 'Answer a question of one’s entry (again, to change it before the deadline)',
        description: `Kept with the time the server received it. After the deadline and its ${ANSWER_GRACE_SECONDS} s grace, or once the entry is closed, the answer is kept as late and never counts (\`late: true\`). 409 eventEntryNotOpen before a guardian’s consent or after submitting.`,
        params: KeyParams,
        body: AnswerBody,
        response: { 200: AnswerReceipt, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => entries.answer(deps, await entrant(request), request.params.key, request.body),
  );

  app.post(
    '/api/events/:key/entry/submit',
    {
      schema: {
        tags,
        summary: 'Submit one’s entry; the time measured ends here (at the deadline when later)',
        description: '409 eventEntryClosed when the server has already closed it at its deadline.',
        params: KeyParams,
        response: { 200: EntryAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ entry: await entries.submit(deps, await entrant(request), request.params.key) }),
  );

  app.delete(
    '/api/events/:key/entry',
    {
      schema: {
        tags,
        summary: 'Withdraw one’s entry: its answers and any guardian consent are erased',
        description:
          'One action, at any time. Only the event and a keyed hash of the number stay, marked withdrawn, so the same number cannot enter again.',
        params: KeyParams,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await entries.withdraw(deps, await entrant(request), request.params.key);
      return messageBody('eventEntryErased');
    },
  );

  app.post(
    '/api/events/:key/entry/guardian-consent/code',
    {
      schema: {
        tags,
        summary: 'Send the guardian’s own number a one-time password that names the event',
        description:
          'For an entry awaiting a guardian (else 400 eventConsentNotNeeded), while entries are open (409 eventNotOpen). The guardian, relationship and number as for learning’s consent (ADR 18: not the entrant’s own number, 400 guardianMobileOwn); sign-in’s cooldown and limits (429).',
        params: KeyParams,
        body: GuardianConsentCodeBody,
        response: { 200: OtpSentResponse, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const { resendAfter } = await entries.sendEntryConsentCode(
        deps,
        await entrant(request),
        request.params.key,
        request.body,
        request.ip,
      );
      return { ...messageBody('consentCodeSent'), resendAfter };
    },
  );

  app.post(
    '/api/events/:key/entry/guardian-consent',
    {
      schema: {
        tags,
        summary:
          'Record the guardian’s consent with the code sent to their number; the entry opens and its time starts',
        description:
          'The code works once, for this entry only (a sign-in code or a code for another entry is refused). The record keeps the method, the terms’ version and language, the time and the guardian’s name, relationship and number.',
        params: KeyParams,
        body: GuardianConsentBody,
        response: { 200: EntryAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      entry: await entries.recordEntryConsent(deps, await entrant(request), request.params.key, request.body),
    }),
  );
}
