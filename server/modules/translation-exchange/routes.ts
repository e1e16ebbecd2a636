// The translator exchange's calls (ADR 19): an item in a language, or everything pending in a
// language, as an XLIFF 2.0 file for a translator's tool, and such a file imported back. They share
// the authoring calls' path (/api/staff/content/...) and rule: editors and admins every language,
// translators theirs (the service checks the language).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { XliffImportReport } from '../../../contract/authoring';
import { Uuid } from '../../../contract/ids';
import { LANGUAGE_CODES } from '../../../contract/languages';
import { errorResponses } from '../../../contract/message-responses';
import { StringEnum, fileAnswer } from '../../../contract/schema-helpers';
import { access, routeAccess } from '../../plugins/access';
import { requireStaff } from '../../plugins/staff';
import { writerOf } from '../authoring/service';
import { exportItem, exportPending, importXliff, type ExportResult } from './service';
import { XLIFF_MEDIA_TYPE } from './xliff';

/** An exchange file of every pending item of a language: many courses' text, as XML. */
export const XLIFF_BODY_LIMIT = 16 * 1024 * 1024;
/** The types an exchange file is sent as (the first is XLIFF's own). */
const XML_TYPES = [XLIFF_MEDIA_TYPE, 'application/xml', 'text/xml'];
const XliffFile = Type.Unsafe<string>({ type: 'string', description: 'An XLIFF 2.0 document (application/xliff+xml)' });

const Lang = StringEnum(LANGUAGE_CODES);
const LangParams = Type.Object({ id: Uuid, lang: Lang });
const tags = ['staff: content'];

function download(reply: FastifyReply, file: ExportResult) {
  return reply
    .header('content-type', `${XLIFF_MEDIA_TYPE}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.xml);
}

export default async function translationExchangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.staff('admin', 'editor', 'translator'));
  // Exchange files arrive as XML text; saxes reads them in the service (xliff.ts).
  app.addContentTypeParser(XML_TYPES, { parseAs: 'string', bodyLimit: XLIFF_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/api/staff/content/xliff/:lang',
    {
      schema: {
        tags,
        summary:
          'Everything pending in a language (missing, draft, or with stale or missing fields) as one XLIFF 2.0 file, one <file> per item, for a translator’s tool. Translators: their languages',
        description:
          'Items written in `source` (English unless said) only: an XLIFF document has one source language. Each unit is a text field (its `name` the field path, its `id` the same as an NMTOKEN), source text from the source’s newest version, target from the translation where it has text; rich text is escaped HTML. Sent as an attachment.',
        params: Type.Object({ lang: Lang }),
        querystring: Type.Object({ source: Type.Optional(Lang) }),
        response: {
          200: fileAnswer(XLIFF_MEDIA_TYPE, XliffFile, 'The XLIFF 2.0 file, as an attachment'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      download(
        reply,
        await exportPending(app.db, await requireStaff(request), request.params.lang, request.query.source ?? 'en'),
      ),
  );

  app.post(
    '/api/staff/content/xliff',
    {
      bodyLimit: XLIFF_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Imports an XLIFF 2.0 file exported here: each item’s changed text saved as a new version of the file’s target language, with a report per item and field. Translators: their languages, text only',
        description:
          'Send the file as application/xliff+xml (or application/xml). Each item is saved in its own transaction through the same checks as a save; an item whose language was saved after the export is a conflict and nothing of it is written. Fields are refused, with the reason, for an unknown or repeated unit, an empty target, a field that is not text, a source text changed since the export, or markup the site does not allow. 400 for XML that is not well formed or declares a DOCTYPE, or a file that is not XLIFF 2.0.',
        consumes: XML_TYPES,
        body: XliffFile,
        response: { 200: XliffImportReport, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => importXliff(app.db, await writerOf(request), request.body),
  );

  app.get(
    '/api/staff/content/:id/:lang/xliff',
    {
      schema: {
        tags,
        summary:
          'An item in one language as an XLIFF 2.0 file for a translator’s tool (an attachment). Translators: their languages',
        description:
          'One <file> (the item) with a unit per text field the source has text in: source from the source’s newest version, target from this language’s newest text where it has some (state translated; initial with subState jgk:stale when the source changed since). The file carries the versions it was made from, so an import of it can tell when the language was saved since.',
        params: LangParams,
        response: {
          200: fileAnswer(XLIFF_MEDIA_TYPE, XliffFile, 'The XLIFF 2.0 file, as an attachment'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) =>
      download(reply, await exportItem(app.db, await requireStaff(request), request.params.id, request.params.lang)),
  );
}
