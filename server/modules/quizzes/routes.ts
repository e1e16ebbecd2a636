// The public quiz read. Submitting answers is a progress call (server/modules/progress/routes.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { perLanguage, publicQuizSchema } from '../../../contract/courses';
import { LanguageParam, languageOrNotFound } from '../../lib/language';
import { Uuid } from '../../../contract/ids';
import { ErrorResponse } from '../../../contract/message-responses';
import { cachedJson } from '../../lib/cached-json';
import { access, routeAccess } from '../../plugins/access';
import * as service from './service';

export default async function quizRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.public);
  const cached = cachedJson(app, { name: 'quizzes', kinds: ['course'] });

  app.get(
    '/api/quiz/public/:lang/:courseId/quiz/:quizId',
    {
      schema: {
        tags: ['quizzes'],
        summary:
          'A quiz of a published course with its questions and options in order, under the key quiz_{lang}; correct options are never sent',
        params: Type.Object({ lang: LanguageParam, courseId: Uuid, quizId: Uuid }),
        response: {
          200: perLanguage('quiz', publicQuizSchema, 'Exactly one key: quiz_{lang} for the language in the path'),
          400: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { lang, courseId, quizId } = request.params;
      return cached(request, reply, () => service.publicQuiz(app.db, languageOrNotFound(lang), courseId, quizId));
    },
  );
}
