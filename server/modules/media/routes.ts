// Public media calls of the specification: gallery titles, the images of one title, and the banner
// items of the home page. The response key is `media` for all three.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Banners, GalleryImages, MediaTitles, PublicLangQuery } from '../../../contract/public-content';
import { ErrorResponse } from '../../../contract/message-responses';
import { Uuid } from '../../../contract/ids';
import { cachePublicAnswers } from '../../lib/http-cache';
import { access, routeAccess } from '../../plugins/access';
import * as service from './service';

export default async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.public);
  cachePublicAnswers(app);

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
    async (request) => service.titles(app.db, request.query.lang),
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
    async (request) => service.banners(app.db, request.query.lang),
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
    async (request) => service.gallery(app.db, request.params.titleId),
  );
}
