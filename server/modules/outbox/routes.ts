// POST /api/outbox: the changes a learner made without a network, sent in a batch when it returns
// (ADR 42). Signed-in learners only (a guardian's consent under 18, as every progress call): a phone
// signed out meanwhile gets 401 for the whole batch and keeps its outbox until the learner signs in.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../contract/message-responses';
import { OUTBOX_BATCH_MAX, OUTBOX_BATCH_MAX_BYTES, OutboxAnswer, OutboxBatch } from '../../../contract/outbox';
import { access, routeAccess } from '../../plugins/access';
import { courseStructures } from '../progress/service';
import * as service from './service';

export default async function outboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.learner);
  const structures = courseStructures(app.publicCaches);

  app.post(
    '/api/outbox',
    {
      bodyLimit: OUTBOX_BATCH_MAX_BYTES,
      schema: {
        tags: ['progress'],
        summary: `Apply changes made without a network: up to ${OUTBOX_BATCH_MAX} events, each applied once by its id and answered on its own`,
        body: OutboxBatch,
        response: { 200: OutboxAnswer, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const user = (await request.getUser())!;
      return { results: await service.applyBatch(app.db, structures, user.id, request.body.events) };
    },
  );
}
