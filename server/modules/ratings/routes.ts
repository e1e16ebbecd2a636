// A learner's rating of a course (not in the specification's call list; same style).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { RatingBody, RatingResponse, RatingSaved } from '../../../contract/courses';
import { errorResponses } from '../../../contract/message-responses';
import { LanguageParam, languageOrNotFound } from '../../lib/language';
import { Uuid } from '../../../contract/ids';
import { access, routeAccess } from '../../plugins/access';
import * as service from './service';

const errors = errorResponses(400, 401, 403, 404);
const params = Type.Object({ lang: LanguageParam, courseId: Uuid });

export default async function ratingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.learner);

  app.get(
    '/api/course/:lang/:courseId/rating',
    {
      schema: {
        tags: ['courses'],
        summary: "The learner's own rating of a course (null when not rated) and the course's rating count and average",
        params,
        response: { 200: RatingResponse, ...errors },
      },
    },
    async (request) => {
      const user = (await request.getUser())!;
      return service.readRating(app.db, user.id, languageOrNotFound(request.params.lang), request.params.courseId);
    },
  );

  app.put(
    '/api/course/:lang/:courseId/rating',
    {
      schema: {
        tags: ['courses'],
        summary: 'Rate a course 1 to 5 (enrolled learners; once per learner, a later call changes the rating)',
        params,
        body: RatingBody,
        response: { 200: RatingSaved, ...errors },
      },
    },
    async (request) => {
      const user = (await request.getUser())!;
      return service.rate(
        app.db,
        user.id,
        languageOrNotFound(request.params.lang),
        request.params.courseId,
        request.body.rating,
      );
    },
  );
}
