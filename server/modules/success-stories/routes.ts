// Public success-story calls of the specification: the latest three, a page of stories, one story.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  PublicLangQuery,
  ItemAddress,
  ItemLangQuery,
  StoryList,
  StoryOne,
  StoryPage,
} from '../../../contract/public-content';
import { ErrorResponse } from '../../../contract/message-responses';
import { STORY_PAGE_SIZE } from '../../../contract/page-sizes';
import { pageQuery } from '../../../contract/page-query';
import { cachedJson } from '../../lib/cached-json';
import { cachePublicAnswers } from '../../lib/http-cache';
import { access, routeAccess } from '../../plugins/access';
import * as service from './service';

export default async function successStoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.public);
  cachePublicAnswers(app);
  const cached = cachedJson(app, { name: 'stories', kinds: ['story'] });

  app.get(
    '/api/successstories/public/recent',
    {
      schema: {
        tags: ['success stories'],
        summary: 'The three latest published success stories',
        querystring: PublicLangQuery,
        response: { 200: StoryList, 400: ErrorResponse },
      },
    },
    async (request, reply) => cached(request, reply, () => service.recentStories(app.db, request.query.lang)),
  );

  app.get(
    '/api/successstories/public',
    {
      schema: {
        tags: ['success stories'],
        summary: 'Published success stories, newest first, a page at a time',
        querystring: Type.Composite([pageQuery(STORY_PAGE_SIZE), PublicLangQuery]),
        response: { 200: StoryPage, 400: ErrorResponse },
      },
    },
    async (request, reply) =>
      cached(request, reply, () =>
        service.listStories(app.db, request.query.lang, request.query.offset, request.query.limit),
      ),
  );

  app.get(
    '/api/successstories/public/:storyId',
    {
      schema: {
        tags: ['success stories'],
        summary: 'One published success story',
        description:
          'With `lang`, the same story in that language when it is published there; else the story asked for.',
        params: Type.Object({ storyId: ItemAddress }),
        querystring: ItemLangQuery,
        response: { 200: StoryOne, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) =>
      cached(request, reply, () => service.getStory(app.db, request.params.storyId, request.query.lang)),
  );
}
