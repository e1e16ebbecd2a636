// Course packs (ADR 42): the signing key, and a course's signed pack manifest. Public, as the course
// is: a visitor may save a course before signing in; what they do with it offline is sent from the
// outbox once they have.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../../contract/ids';
import { errorResponses } from '../../../contract/message-responses';
import { PackKey, PackQuery, SignedPackManifest } from '../../../contract/packs';
import { cachedJson } from '../../lib/cached-json';
import { LanguageParam, languageOrNotFound } from '../../lib/language';
import { packSigner } from '../../lib/pack-signing';
import { access, routeAccess } from '../../plugins/access';
import { uploadDepsFromConfig } from '../uploads/service';
import * as service from './service';

export default async function packRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.public);
  const signer = packSigner(app.config.secret);
  const deps: service.PackDeps = {
    signer,
    storage: uploadDepsFromConfig(app.config).storage,
    async fetchOwn(url) {
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json', ...app.innerCallHeaders },
      });
      return { status: answer.statusCode, body: answer.rawPayload };
    },
  };
  // Kept as the other public answers are (ADR 8), and emptied when a course is published; a stored
  // file is read and hashed once per process (service.ts).
  const cached = cachedJson(app, { name: 'course-packs', kinds: ['course'] });

  app.get(
    '/api/packs/key',
    {
      schema: {
        tags: ['courses'],
        summary: 'The public key that course pack manifests are signed with (ECDSA P-256, a JWK)',
        response: { 200: PackKey },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { keyId: signer.keyId, publicKey: signer.publicKey };
    },
  );

  app.get(
    '/api/packs/:lang/:courseId',
    {
      schema: {
        tags: ['courses'],
        summary:
          "A published course's pack for learning without a network: its signed manifest, every file with its address, size and SHA-256",
        params: Type.Object({ lang: LanguageParam, courseId: Uuid }),
        querystring: PackQuery,
        response: { 200: SignedPackManifest, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const lang = languageOrNotFound(request.params.lang);
      reply.header('cache-control', 'no-cache');
      return cached(request, reply, () =>
        service.packManifest(deps, lang, request.params.courseId, {
          withVideos: request.query.videos === true,
          withVoices: request.query.voices !== false,
        }),
      );
    },
  );
}
