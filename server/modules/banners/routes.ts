// The banner items of the home page, a public call of the specification: its path, tag and response
// key (`media`) are the specification's, beside the gallery's calls (ADR 31).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Banners, PublicLangQuery } from '../../../contract/public-content';
import { ErrorResponse } from '../../../contract/message-responses';
import { cachedJson } from '../../lib/cached-json';
import { cachePublicAnswers } from '../../lib/http-cache';
import { access, routeAccess } from '../../plugins/access';
import * as service from './service';

export default async function bannerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.public);
  cachePublicAnswers(app);
  const banner = cachedJson(app, { name: 'banner', kinds: ['banner'] });

  app.get(
    '/api/media/public/banner',
    {
      schema: {
        tags: ['media'],
        summary: 'Banner items of the home page with their images (sub_title, location, media_images)',
        querystring: PublicLangQuery,
        response: { 200: Banners, 400: ErrorResponse },
      },
    },
    async (request, reply) => banner(request, reply, () => service.banners(app.db, request.query.lang)),
  );
}
