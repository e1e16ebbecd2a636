// The learner's reflection journal for a course (not in the specification's call list; same style).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { JournalBody, JournalResponse, JournalSaved } from '../../../contract/progress';
import { errorResponses } from '../../../contract/message-responses';
import { LanguageParam, languageOrNotFound } from '../../lib/language';
import { Uuid } from '../../../contract/ids';
import { access, routeAccess } from '../../plugins/access';
import * as service from './service';

const errors = errorResponses(400, 401, 403, 404);
const params = Type.Object({ lang: LanguageParam, courseId: Uuid });

export default async function journalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.learner);

  app.get(
    '/api/progress/:lang/:courseId/journal',
    {
      schema: {
        tags: ['progress'],
        summary:
          "The learner's own reflection journal for a course (empty text when nothing is saved); enrolled learners only",
        params,
        response: { 200: JournalResponse, ...errors },
      },
    },
    async (request) => {
      const user = (await request.getUser())!;
      return service.readJournal(app.db, user.id, languageOrNotFound(request.params.lang), request.params.courseId);
    },
  );

  app.put(
    '/api/progress/:lang/:courseId/journal',
    {
      schema: {
        tags: ['progress'],
        summary:
          "Save the learner's reflection journal for a course (plain text, at most 10,000 characters); enrolled learners only",
        params,
        body: JournalBody,
        response: { 200: JournalSaved, ...errors },
      },
    },
    async (request) => {
      const user = (await request.getUser())!;
      return service.writeJournal(
        app.db,
        user.id,
        languageOrNotFound(request.params.lang),
        request.params.courseId,
        request.body.text,
      );
    },
  );
}
