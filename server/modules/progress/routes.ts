// A learner's progress calls. Every one needs an active learner (and a guardian's consent under 18).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MessageResponse, errorResponses } from '../../../contract/message-responses';
import { messageBody } from '../../../contract/messages';
import {
  ProgressListQuery,
  ProgressListResponse,
  ProgressRecordResponse,
  QuizResult,
  QuizSubmission,
  StatsResponse,
} from '../../../contract/progress';
import { LanguageParam, languageOrNotFound } from '../../lib/language';
import { Uuid } from '../../../contract/ids';
import { access, routeAccess } from '../../plugins/access';
import { courseStructures } from './course-structures';
import * as service from './service';

const errors = errorResponses(400, 401, 403, 404);

export default async function progressRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.learner);
  // What each published course holds, kept in memory until a course is published (ADR 21).
  const structures = courseStructures(app.publicCaches);
  const userId = async (request: { getUser(): Promise<{ id: string } | null> }) => (await request.getUser())!.id;

  app.post(
    '/api/progress/:lang/:courseId',
    {
      schema: {
        tags: ['progress'],
        summary: 'Enrol in a course (enrolling again changes nothing: 200 instead of 201)',
        params: Type.Object({ lang: LanguageParam, courseId: Uuid }),
        response: { 200: MessageResponse, 201: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { created } = await service.enrol(
        app.db,
        structures,
        await userId(request),
        languageOrNotFound(request.params.lang),
        request.params.courseId,
      );
      return reply.code(created ? 201 : 200).send(messageBody('enrolled'));
    },
  );

  app.get(
    '/api/progress/:lang/:courseId/progress',
    {
      schema: {
        tags: ['progress'],
        summary: "The learner's progress record in a course; 404 with a message when not enrolled",
        params: Type.Object({ lang: LanguageParam, courseId: Uuid }),
        response: { 200: ProgressRecordResponse, ...errors },
      },
    },
    async (request) => ({
      progress: await service.progressRecord(
        app.db,
        structures,
        await userId(request),
        languageOrNotFound(request.params.lang),
        request.params.courseId,
      ),
    }),
  );

  app.post(
    '/api/progress/:lang/:courseId/chapters/:chapterId/lessons/:lessonId/complete',
    {
      schema: {
        tags: ['progress'],
        summary: 'Mark a lesson complete (again changes nothing); 403 when not enrolled',
        params: Type.Object({ lang: LanguageParam, courseId: Uuid, chapterId: Uuid, lessonId: Uuid }),
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, ...ids } = request.params;
      await service.completeLesson(app.db, structures, await userId(request), languageOrNotFound(lang), ids);
      return messageBody('lessonCompleted');
    },
  );

  app.post(
    '/api/progress/:lang/:courseId/videos/:videoId/complete',
    {
      schema: {
        tags: ['progress'],
        summary: 'Mark a course video watched (again changes nothing); 403 when not enrolled',
        params: Type.Object({ lang: LanguageParam, courseId: Uuid, videoId: Uuid }),
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, ...ids } = request.params;
      await service.completeVideo(app.db, structures, await userId(request), languageOrNotFound(lang), ids);
      return messageBody('videoCompleted');
    },
  );

  app.post(
    '/api/progress/:lang/:courseId/quiz/:quizId/complete',
    {
      schema: {
        tags: ['progress'],
        summary: 'Submit answers to a quiz: scored on the server, every attempt stored; a pass counts in the progress',
        params: Type.Object({ lang: LanguageParam, courseId: Uuid, quizId: Uuid }),
        body: QuizSubmission,
        response: { 200: QuizResult, ...errors },
      },
    },
    async (request) => {
      const { lang, ...ids } = request.params;
      return service.submitQuiz(
        app.db,
        structures,
        await userId(request),
        languageOrNotFound(lang),
        ids,
        request.body.answers,
      );
    },
  );

  app.get(
    '/api/progress/:lang/progress',
    {
      schema: {
        tags: ['progress'],
        summary: "The learner's enrolled courses in a language with percentage and status, a page at a time",
        params: Type.Object({ lang: LanguageParam }),
        querystring: ProgressListQuery,
        response: { 200: ProgressListResponse, ...errors },
      },
    },
    async (request) =>
      service.listProgress(
        app.db,
        structures,
        await userId(request),
        languageOrNotFound(request.params.lang),
        request.query,
      ),
  );

  app.get(
    '/api/progress/:lang/stats',
    {
      schema: {
        tags: ['progress'],
        summary: "Status of each of the learner's enrolled courses in a language; total is the number enrolled",
        params: Type.Object({ lang: LanguageParam }),
        response: { 200: StatsResponse, ...errors },
      },
    },
    async (request) =>
      service.stats(app.db, structures, await userId(request), languageOrNotFound(request.params.lang)),
  );
}
