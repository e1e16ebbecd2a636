// Public course calls of the specification: the catalogue, a course with its outline, and a chapter
// with its lessons.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CounterpartQuery,
  CounterpartResponse,
  CourseListQuery,
  CourseListResponse,
  OtherLanguagesQuery,
  OtherLanguagesResponse,
  chapterDetailSchema,
  courseDetailSchema,
  perLanguage,
} from '../../../contract/courses';
import { LanguageParam, languageOrNotFound } from '../../lib/language';
import { Uuid } from '../../../contract/ids';
import { ErrorResponse } from '../../../contract/message-responses';
import { cachedJson } from '../../lib/cached-json';
import { access, routeAccess } from '../../plugins/access';
import * as service from './service';

export default async function courseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.public);
  // Every visitor gets the same answers: shared for a few seconds (a rating shows up within that time)
  // and until a course is published or withdrawn.
  const cached = cachedJson(app, { name: 'courses', kinds: ['course'] });

  app.get(
    '/api/course/public',
    {
      schema: {
        tags: ['courses'],
        summary: 'Published courses in a language, a page at a time, optionally filtered by a search text',
        querystring: CourseListQuery,
        response: { 200: CourseListResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      return cached(request, reply, () => service.listCourses(app.db, request.query));
    },
  );

  app.get(
    '/api/course/public/other-languages',
    {
      schema: {
        tags: ['courses'],
        summary: 'The published courses not in a language yet, each with the languages it is in',
        querystring: OtherLanguagesQuery,
        response: { 200: OtherLanguagesResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => cached(request, reply, () => service.coursesInOtherLanguages(app.db, request.query.lang)),
  );

  app.get(
    '/api/course/public/:lang/:courseId',
    {
      schema: {
        tags: ['courses'],
        summary: 'A published course with its chapters and lessons, quizzes and videos, under the key course_{lang}',
        params: Type.Object({ lang: LanguageParam, courseId: Uuid }),
        response: {
          200: perLanguage('course', courseDetailSchema, 'Exactly one key: course_{lang} for the language in the path'),
          400: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { lang, courseId } = request.params;
      return cached(request, reply, () => service.courseDetail(app.db, languageOrNotFound(lang), courseId));
    },
  );

  app.get(
    '/api/chapter/public/:lang/:courseId/chapters/:chapterId',
    {
      schema: {
        tags: ['courses'],
        summary: 'A chapter of a published course with its lessons in order, under the key chapter_{lang}',
        params: Type.Object({ lang: LanguageParam, courseId: Uuid, chapterId: Uuid }),
        response: {
          200: perLanguage(
            'chapter',
            chapterDetailSchema,
            'Exactly one key: chapter_{lang} for the language in the path',
          ),
          400: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { lang, courseId, chapterId } = request.params;
      return cached(request, reply, () => service.chapterDetail(app.db, languageOrNotFound(lang), courseId, chapterId));
    },
  );

  app.get(
    '/api/course/public/:lang/:courseId/in/:otherLang',
    {
      schema: {
        tags: ['courses'],
        summary: 'The same course in another language, with the same chapter, lesson, video or quiz where it has them',
        description:
          'The translations of a course share its slug, and so do their chapters, lessons, videos and quizzes. Give the ids of the page being read (chapterId with lessonId, videoId or quizId); the answer has the ids of the same items in the other language, leaving out those the translation lacks. 404 courseNotInLanguage when the course is not published in that language.',
        params: Type.Object({ lang: LanguageParam, courseId: Uuid, otherLang: LanguageParam }),
        querystring: CounterpartQuery,
        response: { 200: CounterpartResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { lang, courseId, otherLang } = request.params;
      return cached(request, reply, () =>
        service.courseCounterpart(
          app.db,
          languageOrNotFound(lang),
          courseId,
          languageOrNotFound(otherLang),
          request.query,
        ),
      );
    },
  );
}
