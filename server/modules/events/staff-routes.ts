// The staff's events under /api/staff/events (ADR 40): editors and admins create and run events,
// build the pool, disqualify and publish results; analysts read events, live counts and results.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CreateEventBody,
  DisqualifyBody,
  EventText,
  EventCountsAnswer,
  EventTranslationAnswer,
  FlaggedEntriesAnswer,
  QuestionBody,
  QuestionText,
  StaffEventAnswer,
  StaffEventsAnswer,
  StaffQuestionAnswer,
  StaffQuestionsAnswer,
  StaffResultsAnswer,
  UpdateEventBody,
} from '../../../contract/events';
import { MessageResponse, errorResponses } from '../../../contract/message-responses';
import { messageBody } from '../../../contract/messages';
import { Uuid } from '../../../contract/ids';
import { fileAnswer } from '../../../contract/schema-helpers';
import { access, routeAccess } from '../../plugins/access';
import { requireStaff, staffActor } from '../../plugins/staff';
import { LanguageParam, languageOrNotFound } from '../../lib/language';
import * as pool from './pool';
import * as staff from './staff';
import * as translations from './translations';

const tags = ['staff events'];
const readers = { access: access.staff('admin', 'editor', 'analyst') };
/** Translators read the events and the pool they translate, and write texts in their languages. */
const translators = access.staff('admin', 'editor', 'translator');
const IdParams = Type.Object({ id: Uuid });
const QuestionParams = Type.Object({ id: Uuid, questionId: Uuid });
const locked =
  'The days, hours, rules and pool are fixed once the event opens (409 eventLocked); the texts may change at any time.';

/** Events: created, changed, scheduled and closed by editors and admins, read by analysts too. */
async function eventSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/staff/events',
    {
      config: { access: access.staff('admin', 'editor', 'analyst', 'translator') },
      schema: {
        tags,
        summary: 'Every event, with its state on the clock and what is translated',
        response: { 200: StaffEventsAnswer, ...errorResponses(401, 403) },
      },
    },
    async () => ({ events: await staff.listEvents(app.db, new Date()) }),
  );

  app.post(
    '/api/staff/events',
    {
      schema: {
        tags,
        summary:
          'Create an event as a draft: key, days and daily hours in IST, time limit, questions per entry, minors, terms version, review period, texts by language',
        body: CreateEventBody,
        response: { 200: StaffEventAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      event: await staff.createEvent(app.db, await staffActor(request), request.body, new Date()),
    }),
  );

  app.get(
    '/api/staff/events/:id',
    {
      config: { access: access.staff('admin', 'editor', 'analyst', 'translator') },
      schema: {
        tags,
        summary: 'An event',
        params: IdParams,
        response: { 200: StaffEventAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ event: await staff.getEvent(app.db, request.params.id, new Date()) }),
  );

  app.patch(
    '/api/staff/events/:id',
    {
      schema: {
        tags,
        summary: 'Change an event’s settings or texts',
        description: locked,
        params: IdParams,
        body: UpdateEventBody,
        response: { 200: StaffEventAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      event: await staff.updateEvent(app.db, await staffActor(request), request.params.id, request.body, new Date()),
    }),
  );

  app.post(
    '/api/staff/events/:id/schedule',
    {
      schema: {
        tags,
        summary: 'Schedule a draft: it opens on its first day at its opening time (IST)',
        description:
          '409 eventNotReady without the English name and terms, or with fewer questions (each with English text) than an entry gets.',
        params: IdParams,
        response: { 200: StaffEventAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      event: await staff.scheduleEvent(app.db, await staffActor(request), request.params.id, new Date()),
    }),
  );

  app.post(
    '/api/staff/events/:id/close',
    {
      schema: {
        tags,
        summary: 'Close an event early: no more entries, and the entries still running are closed now',
        params: IdParams,
        response: { 200: StaffEventAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      event: await staff.closeEvent(app.db, await staffActor(request), request.params.id, new Date()),
    }),
  );
}

/** The question pool, with its right options: editors and admins only. */
async function poolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/staff/events/:id/questions',
    {
      config: { access: translators },
      schema: {
        tags,
        summary: 'The question pool, with the right options and explanations',
        params: IdParams,
        response: { 200: StaffQuestionsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ questions: await pool.listQuestions(app.db, request.params.id) }),
  );

  app.post(
    '/api/staff/events/:id/questions',
    {
      schema: {
        tags,
        summary: 'Add a question to the pool (single or multi answer, options and explanation by language)',
        description: locked,
        params: IdParams,
        body: QuestionBody,
        response: { 200: StaffQuestionAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      question: await pool.createQuestion(
        app.db,
        await staffActor(request),
        request.params.id,
        request.body,
        new Date(),
      ),
    }),
  );

  app.put(
    '/api/staff/events/:id/questions/:questionId',
    {
      schema: {
        tags,
        summary: 'Replace a question of the pool (its texts in every language given)',
        description: locked,
        params: QuestionParams,
        body: QuestionBody,
        response: { 200: StaffQuestionAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      question: await pool.updateQuestion(
        app.db,
        await staffActor(request),
        request.params.id,
        request.params.questionId,
        request.body,
        new Date(),
      ),
    }),
  );

  app.delete(
    '/api/staff/events/:id/questions/:questionId',
    {
      schema: {
        tags,
        summary: 'Remove a question from the pool',
        description: locked,
        params: QuestionParams,
        response: { 204: { type: 'null', description: 'Removed' }, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await pool.deleteQuestion(
        app.db,
        await staffActor(request),
        request.params.id,
        request.params.questionId,
        new Date(),
      );
      return reply.code(204).send();
    },
  );
}

/** Running the event and its results: counts, flagged entries, disqualification, publishing, results. */
async function runningRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/staff/events/:id/counts',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Live counts of entries: all, awaiting a guardian, in progress, completed, withdrawn, disqualified',
        description:
          'A count of fewer than 10 entries is null, and counts that would let one be worked out are "withheld", as in analytics (ADR 27).',
        params: IdParams,
        response: { 200: EventCountsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => staff.counts(app.db, request.params.id, new Date()),
  );

  app.get(
    '/api/staff/events/:id/flagged',
    {
      schema: {
        tags,
        summary: 'Entries to review: several entries attempted with one number, answers after the deadline',
        params: IdParams,
        response: { 200: FlaggedEntriesAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => staff.flagged(app.db, request.params.id),
  );

  app.post(
    '/api/staff/events/:id/entries/:number/disqualify',
    {
      schema: {
        tags,
        summary: 'Disqualify an entry with a reason (in the audit log; the entrant sees it)',
        description: '409 eventResultsFinal once the review period after publishing is over.',
        params: Type.Object({ id: Uuid, number: Type.Integer({ minimum: 1 }) }),
        body: DisqualifyBody,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await staff.disqualify(
        app.db,
        await staffActor(request),
        request.params.id,
        request.params.number,
        request.body.reason,
        new Date(),
      );
      return messageBody('eventEntryDisqualified');
    },
  );

  app.post(
    '/api/staff/events/:id/results/publish',
    {
      schema: {
        tags,
        summary:
          'Publish the results of a closed event: entrants see score, answers and explanations; the leaderboard opens',
        description:
          '409 eventNotClosed before the event has closed. The leaderboard is provisional for the review period.',
        params: IdParams,
        response: { 200: StaffEventAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      event: await staff.publishResults(app.db, await staffActor(request), request.params.id, new Date()),
    }),
  );

  app.get(
    '/api/staff/events/:id/results',
    {
      config: readers,
      schema: {
        tags,
        summary: 'The ranked results of a closed event: most right answers, then the shortest time the server measured',
        params: IdParams,
        response: { 200: StaffResultsAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => staff.results(app.db, request.params.id, new Date()),
  );

  app.get(
    '/api/staff/events/:id/results.csv',
    {
      config: readers,
      schema: {
        tags,
        summary:
          'The results as a CSV file: rank, first name, district, score, time; never a mobile number. Each download is audited',
        params: IdParams,
        response: {
          200: fileAnswer('text/csv', Type.String(), 'The CSV file, as an attachment'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const file = await staff.resultsCsv(app.db, await staffActor(request), request.params.id, new Date());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="event-results.csv"')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
}

/** Translating an event's texts and its pool, language by language (a translator: in their languages). */
async function translationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, translators);

  app.put(
    '/api/staff/events/:id/texts/:lang',
    {
      schema: {
        tags,
        summary: 'Write an event’s name and terms in one language (a translator: in their languages)',
        description:
          'English, the source, is written by editors and admins and shown at once (403 eventSourceEditorsOnly for a translator). Another language is saved as its draft, shown to entrants once published (`.../translations/{lang}/publish`).',
        params: Type.Object({ id: Uuid, lang: LanguageParam }),
        body: EventText,
        response: { 200: StaffEventAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      event: await staff.translateEvent(
        app.db,
        await requireStaff(request),
        await staffActor(request),
        request.params.id,
        languageOrNotFound(request.params.lang),
        request.body,
        new Date(),
      ),
    }),
  );

  app.put(
    '/api/staff/events/:id/questions/:questionId/texts/:lang',
    {
      schema: {
        tags,
        summary: 'Write a question of the pool in one language: text, its options in order, explanation',
        description: `As many options as the question has (400 eventSettingsInvalid). ${locked} English is written live by editors and admins; another language goes into its draft.`,
        params: Type.Object({ id: Uuid, questionId: Uuid, lang: LanguageParam }),
        body: QuestionText,
        response: { 200: StaffQuestionAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      question: await pool.translateQuestion(
        app.db,
        await requireStaff(request),
        await staffActor(request),
        request.params.id,
        request.params.questionId,
        languageOrNotFound(request.params.lang),
        request.body,
        new Date(),
      ),
    }),
  );
}

/** A language of an event as translated content (ADR 45): read for its view, sent for review. */
async function translationFlowRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, translators);
  const LangParams = Type.Object({ id: Uuid, lang: LanguageParam });

  app.get(
    '/api/staff/events/:id/translations/:lang',
    {
      schema: {
        tags,
        summary:
          'One language of an event: its newest text (a draft or one sent for review, else what entrants see), its status, stale and missing fields',
        params: LangParams,
        response: { 200: EventTranslationAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await staff.eventOr404(app.db, request.params.id);
      return translations.translationOf(app.db, request.params.id, languageOrNotFound(request.params.lang));
    },
  );

  app.post(
    '/api/staff/events/:id/translations/:lang/submit',
    {
      schema: {
        tags,
        summary:
          'Send a language’s draft for review (a translator: in their languages); an editor or admin publishes it',
        description: '409 eventTranslationNotWaiting when nothing in the language is saved since it was published.',
        params: LangParams,
        response: { 200: EventTranslationAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      translations.submitTranslation(
        app.db,
        await requireStaff(request),
        await staffActor(request),
        request.params.id,
        languageOrNotFound(request.params.lang),
        (tx) => staff.eventOr404(tx, request.params.id, true),
      ),
  );
}

/** Publishing a translation: editors and admins, as they publish content. */
async function translationPublishRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/staff/events/:id/translations/:lang/publish',
    {
      schema: {
        tags,
        summary: 'Publish a language’s draft: entrants are shown its name, terms and questions from now on',
        description:
          '409 eventTranslationNotWaiting when nothing is saved since it was published; 409 eventLocked when it changes questions of an event that has opened (the name and terms may change at any time); 400 eventSettingsInvalid when a question’s options no longer match the pool.',
        params: Type.Object({ id: Uuid, lang: LanguageParam }),
        response: { 200: EventTranslationAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const now = new Date();
      return translations.publishTranslation(
        app.db,
        await requireStaff(request),
        await staffActor(request),
        request.params.id,
        languageOrNotFound(request.params.lang),
        {
          lockEvent: (tx) => staff.eventOr404(tx, request.params.id, true),
          poolEditable: (event) => staff.isEditableAt(event, now),
        },
      );
    },
  );
}

export default async function eventStaffRoutes(app: FastifyInstance) {
  routeAccess(app, access.staff('admin', 'editor'));
  await app.register(eventSettingsRoutes);
  await app.register(translationRoutes);
  await app.register(translationFlowRoutes);
  await app.register(translationPublishRoutes);
  await app.register(poolRoutes);
  await app.register(runningRoutes);
}
