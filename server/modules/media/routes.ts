// Public media calls of the specification: gallery titles, the images of one title, and the banner
// items of the home page. The response key is `media` for all three.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Banners, GalleryImages, MediaTitles, PublicLangQuery } from '../../../contract/public-content';
import { ErrorResponse } from '../../../contract/message-responses';
import { Uuid } from '../../../contract/ids';
import { cachedJson } from '../../lib/cached-json';
import { cachePublicAnswers } from '../../lib/http-cache';
import { access, routeAccess } from '../../plugins/access';
import * as service from './service';

export default async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.public);
  cachePublicAnswers(app);
  const gallery = cachedJson(app, { name: 'gallery', kinds: ['gallery'] });
  const banner = cachedJson(app, { name: 'banner', kinds: ['banner'] });

  app.get(
    '/api/media/public/titles',
    {
      schema: {
        tags: ['media'],
        summary: 'Gallery titles in display order',
        querystring: PublicLangQuery,
        response: { 200: MediaTitles, 400: ErrorResponse },
      },
    },
    async (request, reply) => gallery(request, reply, () => service.titles(app.db, request.query.lang)),
  );

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

  app.get(
    '/api/media/public/:titleId',
    {
      schema: {
        tags: ['media'],
        summary: 'The images of one gallery title, in display order',
        params: Type.Object({ titleId: Uuid }),
        response: { 200: GalleryImages, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => gallery(request, reply, () => service.gallery(app.db, request.params.titleId)),
  );
}
