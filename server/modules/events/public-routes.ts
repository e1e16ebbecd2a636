// The event quiz's public reads (ADR 40): the events taking entries, an event's page and its
// leaderboard once results are published. Anyone may read them.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EventKey, LeaderboardAnswer, PublicEventAnswer, PublicEventsAnswer } from '../../../contract/events';
import { errorResponses } from '../../../contract/message-responses';
import { LanguageParam, languageOrNotFound } from '../../lib/language';
import { access, routeAccess } from '../../plugins/access';
import * as reads from './public-reads';

const tags = ['events'];

export default async function publicEventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.public);

  app.get(
    '/api/events/public/:lang',
    {
      schema: {
        tags,
        summary: 'The events taking entries now or soon, in the reader’s language (else English)',
        description:
          'Days and hours are IST; `entriesOpenNow` and `nextOpening` are the server’s clock, never the phone’s.',
        params: Type.Object({ lang: LanguageParam }),
        response: { 200: PublicEventsAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request) => reads.publicEvents(app.db, languageOrNotFound(request.params.lang), new Date()),
  );

  app.get(
    '/api/events/public/:lang/:key',
    {
      schema: {
        tags,
        summary: 'An event’s public page: name, terms, days and hours (IST), time limit, questions per entry, grace',
        params: Type.Object({ lang: LanguageParam, key: EventKey }),
        response: { 200: PublicEventAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      reads.publicEvent(app.db, languageOrNotFound(request.params.lang), request.params.key, new Date()),
  );

  app.get(
    '/api/events/public/:lang/:key/leaderboard',
    {
      schema: {
        tags,
        summary: 'The leaderboard once results are published: rank, first name, district; never a number or full name',
        description:
          '404 eventResultsNotPublished before. `final` is false during the review period the terms state (disqualifications may still change it).',
        params: Type.Object({ lang: LanguageParam, key: EventKey }),
        response: { 200: LeaderboardAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      languageOrNotFound(request.params.lang);
      return reads.leaderboard(app.db, request.params.key, new Date());
    },
  );
}
