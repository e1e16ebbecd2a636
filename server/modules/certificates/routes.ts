// The certificate download for a learner, and the public check of a certificate number that the QR
// code on every certificate leads to (through the web page at /certificates/verify/{number}).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CertificateNotFound, CertificateNumberParams, CertificateVerified } from '../../../contract/certificates';
import { errorResponses } from '../../../contract/message-responses';
import { fileAnswer } from '../../../contract/schema-helpers';
import { messageBody } from '../../../contract/messages';
import { LanguageParam, languageOrNotFound } from '../../lib/language';
import { access, routeAccess } from '../../plugins/access';
import * as service from './service';

export default async function certificateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.learner);

  app.get(
    '/api/progress/:lang/certificate',
    {
      schema: {
        tags: ['certificates'],
        summary:
          "The learner's certificate for a language as a PDF (Certificate.pdf), once every published course in it is complete",
        description:
          'Issued on the first request with a unique number; later requests return the same certificate. 400 until every published course in the language is complete.',
        params: Type.Object({ lang: LanguageParam }),
        response: {
          200: fileAnswer(
            'application/pdf',
            Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
            'The certificate (Certificate.pdf)',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const lang = languageOrNotFound(request.params.lang);
      const user = (await request.getUser())!;
      const pdf = await service.certificatePdf(app.db, app.config.publicUrl, user.id, lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="Certificate.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/certificates/verify/:number',
    {
      // Anyone holding a certificate (an employer, a school) may check it.
      config: { access: access.public },
      schema: {
        tags: ['certificates'],
        summary: 'Check a certificate number: whether it is valid, the name on it, the course and the date',
        params: CertificateNumberParams,
        response: { 200: CertificateVerified, 404: CertificateNotFound, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const certificate = await service.verifyCertificate(app.db, request.params.number);
      if (!certificate) return reply.code(404).send({ valid: false, ...messageBody('certificateUnknown') });
      return certificate;
    },
  );
}
