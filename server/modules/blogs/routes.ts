// Public blog calls of the specification: a page of posts, the latest three, and one post.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  BlogList,
  BlogOne,
  BlogPage,
  ItemAddress,
  ItemLangQuery,
  PublicLangQuery,
} from '../../../contract/public-content';
import { ErrorResponse } from '../../../contract/message-responses';
import { BLOG_PAGE_SIZE } from '../../../contract/page-sizes';
import { pageQuery } from '../../../contract/page-query';
import { cachedJson } from '../../lib/cached-json';
import { cachePublicAnswers } from '../../lib/http-cache';
import { access, routeAccess } from '../../plugins/access';
import * as service from './service';

export default async function blogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.public);
  cachePublicAnswers(app);
  const cached = cachedJson(app, { name: 'blogs', kinds: ['blog'] });

  app.get(
    '/api/blog/public',
    {
      schema: {
        tags: ['blogs'],
        summary: 'Published blog posts, newest first, a page at a time',
        querystring: Type.Composite([pageQuery(BLOG_PAGE_SIZE), PublicLangQuery]),
        response: { 200: BlogPage, 400: ErrorResponse },
      },
    },
    async (request, reply) =>
      cached(request, reply, () =>
        service.listBlogs(app.db, request.query.lang, request.query.offset, request.query.limit),
      ),
  );

  app.get(
    '/api/blog/public/recent',
    {
      schema: {
        tags: ['blogs'],
        summary: 'The three latest published blog posts',
        querystring: PublicLangQuery,
        response: { 200: BlogList, 400: ErrorResponse },
      },
    },
    async (request, reply) => cached(request, reply, () => service.recentBlogs(app.db, request.query.lang)),
  );

  app.get(
    '/api/blog/public/:blogId',
    {
      schema: {
        tags: ['blogs'],
        summary: 'One published blog post',
        description: 'With `lang`, the same post in that language when it is published there; else the post asked for.',
        params: Type.Object({ blogId: ItemAddress }),
        querystring: ItemLangQuery,
        response: { 200: BlogOne, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) =>
      cached(request, reply, () => service.getBlog(app.db, request.params.blogId, request.query.lang)),
  );
}
