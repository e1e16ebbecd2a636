// The gallery's public calls of the specification: its titles and the images of one title. Their
// paths, tag and response key (`media`) are the specification's, named before the gallery was
// (ADR 31); the banner items beside them under /api/media/public/ are modules/banners'.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { GalleryImages, MediaTitles, PublicLangQuery } from '../../../contract/public-content';
import { ErrorResponse } from '../../../contract/message-responses';
import { Uuid } from '../../../contract/ids';
import { cachedJson } from '../../lib/cached-json';
import { cachePublicAnswers } from '../../lib/http-cache';
import { access, routeAccess } from '../../plugins/access';
import * as service from './service';

export default async function galleryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.public);
  cachePublicAnswers(app);
  const gallery = cachedJson(app, { name: 'gallery', kinds: ['gallery'] });

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
