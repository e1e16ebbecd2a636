// The staff's authoring calls (/api/staff/content/...): items and their languages, saving with the
// version an edit was based on, versions compared and restored, publishing now or at a time,
// unpublishing, soft delete, and the translation status of everything (ADR 19). Editors and admins
// may do everything; translators read, and save and submit in the languages assigned to them (the
// service checks the language); analysts nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ContentItem,
  ContentKindSchema,
  ContentList,
  ContentListQuery,
  CreateContent,
  DiffQuery,
  VERSION_NUMBER_MAX,
  DiffResponse,
  LanguageHead,
  LanguageState,
  PreviewResponse,
  PublishContent,
  RestoreVersion,
  SaveContent,
  StaleFields,
  StaleVersionResponse,
  SubmitContent,
  TemplateResponse,
  TranslationMatrix,
  VersionList,
  XliffImportReport,
} from '../../../contract/authoring';
import { LANGUAGE_CODES } from '../../../contract/languages';
import { formatMessage } from '../../../contract/messages';
import { ErrorResponse, errorResponses } from '../../../contract/message-responses';
import { Uuid } from '../../../contract/ids';
import { StringEnum, fileAnswer } from '../../../contract/schema-helpers';
import { access, routeAccess } from '../../plugins/access';
import { requireStaff, staffActor } from '../../plugins/staff';
import * as exchange from './exchange';
import * as service from './service';
import { XLIFF_MEDIA_TYPE } from './xliff';

/** A whole course in one language, with its lessons' text, fits well within this. */
export const CONTENT_BODY_LIMIT = 4 * 1024 * 1024;
/** An exchange file of every pending item of a language: many courses' text, as XML. */
export const XLIFF_BODY_LIMIT = 16 * 1024 * 1024;
/** The types an exchange file is sent as (the first is XLIFF's own). */
const XML_TYPES = [XLIFF_MEDIA_TYPE, 'application/xml', 'text/xml'];
const XliffFile = Type.Unsafe<string>({ type: 'string', description: 'An XLIFF 2.0 document (application/xliff+xml)' });

const editors = { access: access.staff('admin', 'editor') };
const Lang = StringEnum(LANGUAGE_CODES);
const ItemParams = Type.Object({ id: Uuid });
const LangParams = Type.Object({ id: Uuid, lang: Lang });
const VersionParams = Type.Object({ id: Uuid, lang: Lang, number: Type.Integer({ minimum: 1, maximum: VERSION_NUMBER_MAX }) });
const tags = ['staff: content'];
/** 409: a newer version exists (with it), or the item is deleted. */
const Conflict = Type.Union([StaleVersionResponse, ErrorResponse]);

async function writer(request: FastifyRequest): Promise<service.Writer> {
  return { member: await requireStaff(request), actor: await staffActor(request) };
}

/** A save's answer: the new head, or 409 with the head it should have been based on. */
function saved(reply: FastifyReply, result: service.SaveResult) {
  if (result.ok) return result.head;
  return reply.code(409).send({ code: 'staleVersion', message: formatMessage('staleVersion'), current: result.current });
}

export default async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.staff('admin', 'editor', 'translator'));
  // Exchange files arrive as XML text; saxes reads them in the service (xliff.ts).
  app.addContentTypeParser(XML_TYPES, { parseAs: 'string', bodyLimit: XLIFF_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const download = (reply: FastifyReply, file: exchange.ExportResult) =>
    reply
      .header('content-type', `${XLIFF_MEDIA_TYPE}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.xml);

  app.get(
    '/api/staff/content',
    {
      schema: {
        tags,
        summary: 'Content items, most recently changed first, filtered by kind, status, language, text, or deleted',
        querystring: ContentListQuery,
        response: { 200: ContentList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      return service.listItems(app.db, {
        kind: q.kind,
        status: q.status,
        lang: q.lang,
        search: q.search,
        deleted: q.deleted ?? false,
        offset: q.offset ?? 0,
        limit: q.limit ?? 50,
      });
    },
  );

  app.post(
    '/api/staff/content',
    {
      config: editors,
      bodyLimit: CONTENT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Creates an item with its first version in its source language (a draft)',
        body: CreateContent,
        response: { 201: Type.Object({ item: ContentItem, head: LanguageHead }), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { kind, slug, lang, body } = request.body;
      const created = await service.createItem(app.db, await writer(request), { kind, slug, lang: lang ?? 'en', body });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/staff/content/translations',
    {
      schema: {
        tags,
        summary: 'Translation status of every item in every language: missing, draft, in review, published, with stale and missing field counts',
        querystring: Type.Object({ kind: Type.Optional(ContentKindSchema) }),
        response: { 200: TranslationMatrix, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.translationMatrix(app.db, request.query.kind),
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
        response: { 200: fileAnswer(XLIFF_MEDIA_TYPE, XliffFile, 'The XLIFF 2.0 file, as an attachment'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      download(reply, await exchange.exportPending(app.db, await requireStaff(request), request.params.lang, request.query.source ?? 'en')),
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
    async (request) => exchange.importXliff(app.db, await writer(request), request.body),
  );

  app.get(
    '/api/staff/content/:id',
    {
      schema: {
        tags,
        summary: 'An item with the state of each of its languages',
        params: ItemParams,
        response: { 200: ContentItem, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getItem(app.db, request.params.id),
  );

  app.delete(
    '/api/staff/content/:id',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Deletes an item (softly): off the site in every language, restorable, versions and learners’ records kept',
        params: ItemParams,
        response: { 200: ContentItem, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.deleteItem(app.db, await writer(request), request.params.id),
  );

  app.post(
    '/api/staff/content/:id/restore',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Restores a deleted item; the languages that were published are published again',
        params: ItemParams,
        response: { 200: ContentItem, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.restoreItem(app.db, await writer(request), request.params.id),
  );

  app.get(
    '/api/staff/content/:id/:lang',
    {
      schema: {
        tags,
        summary: 'The newest version of a language, with its document: what an edit starts from (its number is the save’s baseVersion)',
        params: LangParams,
        response: { 200: LanguageHead, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getHead(app.db, request.params.id, request.params.lang),
  );

  app.put(
    '/api/staff/content/:id/:lang',
    {
      bodyLimit: CONTENT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Saves a language as a new version (a draft). 409 with the current version, and nothing written, when baseVersion is not the newest. Translators: their languages, text only',
        params: LangParams,
        body: SaveContent,
        response: { 200: LanguageHead, 409: Conflict, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => saved(reply, await service.saveLanguage(app.db, await writer(request), request.params.id, request.params.lang, request.body)),
  );

  app.get(
    '/api/staff/content/:id/:lang/template',
    {
      schema: {
        tags,
        summary:
          'Where a translation starts or catches up: the source’s newest structure, this language’s text where it has it, empty text elsewhere (never the source’s text)',
        params: LangParams,
        response: { 200: TemplateResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.translationStart(app.db, request.params.id, request.params.lang),
  );

  app.get(
    '/api/staff/content/:id/:lang/xliff',
    {
      schema: {
        tags,
        summary: 'An item in one language as an XLIFF 2.0 file for a translator’s tool (an attachment). Translators: their languages',
        description:
          'One <file> (the item) with a unit per text field the source has text in: source from the source’s newest version, target from this language’s newest text where it has some (state translated; initial with subState jgk:stale when the source changed since). The file carries the versions it was made from, so an import of it can tell when the language was saved since.',
        params: LangParams,
        response: { 200: fileAnswer(XLIFF_MEDIA_TYPE, XliffFile, 'The XLIFF 2.0 file, as an attachment'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => download(reply, await exchange.exportItem(app.db, await requireStaff(request), request.params.id, request.params.lang)),
  );

  app.get(
    '/api/staff/content/:id/:lang/preview',
    {
      schema: {
        tags,
        summary:
          'The newest version of a language (draft or not) exactly as the public calls would answer it once published: a blog’s or story’s public answer, a course’s with each chapter’s. Nothing is published or cached. Translators: their languages',
        params: LangParams,
        response: { 200: PreviewResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.previewLanguage(app.db, await requireStaff(request), request.params.id, request.params.lang),
  );

  app.get(
    '/api/staff/content/:id/:lang/stale',
    {
      schema: {
        tags,
        summary: 'A translation’s stale fields (with the source text when translated and now) and missing ones',
        params: LangParams,
        response: { 200: StaleFields, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.staleFields(app.db, request.params.id, request.params.lang),
  );

  app.post(
    '/api/staff/content/:id/:lang/submit',
    {
      schema: {
        tags,
        summary: 'Submits the newest version for an editor’s review (status in_review); 409 when a newer version exists',
        params: LangParams,
        body: SubmitContent,
        response: { 200: LanguageHead, 409: Conflict, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => saved(reply, await service.submitLanguage(app.db, await writer(request), request.params.id, request.params.lang, request.body.version)),
  );

  app.post(
    '/api/staff/content/:id/:lang/publish',
    {
      config: editors,
      schema: {
        tags,
        summary:
          'Publishes a version (the newest unless said) now, in one transaction, or schedules it for `at`. Refused, naming each field, while required text or files are empty',
        params: LangParams,
        body: PublishContent,
        response: { 200: LanguageState, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { version, at } = request.body;
      return service.publishLanguage(app.db, await writer(request), request.params.id, request.params.lang, { version, at: at ? new Date(at) : undefined });
    },
  );

  app.delete(
    '/api/staff/content/:id/:lang/schedule',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Cancels a scheduled publication',
        params: LangParams,
        response: { 200: LanguageState, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.cancelSchedule(app.db, await writer(request), request.params.id, request.params.lang),
  );

  app.post(
    '/api/staff/content/:id/:lang/unpublish',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Takes a language off the site; its versions, and learners’ progress in a course, are kept',
        params: LangParams,
        response: { 200: LanguageState, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.unpublishLanguage(app.db, await writer(request), request.params.id, request.params.lang),
  );

  app.get(
    '/api/staff/content/:id/:lang/versions',
    {
      schema: {
        tags,
        summary: 'Every version of a language, newest first: who made it, when, how, and which one is published',
        params: LangParams,
        response: { 200: VersionList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.listVersions(app.db, request.params.id, request.params.lang),
  );

  app.get(
    '/api/staff/content/:id/:lang/versions/:number',
    {
      schema: {
        tags,
        summary: 'One version of a language with its document',
        params: VersionParams,
        response: { 200: LanguageHead, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getVersion(app.db, request.params.id, request.params.lang, request.params.number),
  );

  app.post(
    '/api/staff/content/:id/:lang/versions/:number/restore',
    {
      schema: {
        tags,
        summary: 'Makes an older version the newest again, as a new version; 409 when baseVersion is not the newest',
        params: VersionParams,
        body: RestoreVersion,
        response: { 200: LanguageHead, 409: Conflict, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      saved(reply, await service.restoreVersion(app.db, await writer(request), request.params.id, request.params.lang, request.params.number, request.body.baseVersion)),
  );

  app.get(
    '/api/staff/content/:id/:lang/diff',
    {
      schema: {
        tags,
        summary: 'Two versions of a language compared field by field: added, removed, changed',
        params: LangParams,
        querystring: DiffQuery,
        response: { 200: DiffResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.diffVersions(app.db, request.params.id, request.params.lang, request.query.from, request.query.to),
  );
}
