// The staff's authoring calls (/api/staff/content/...): items and their languages, saving with the
// version an edit was based on, versions compared and restored, publishing now or at a time,
// unpublishing, soft delete, and the translation status of everything (ADR 19). Editors and admins
// may do everything; translators read, and save and submit in the languages assigned to them (the
// service checks the language); analysts nothing. The XLIFF exchange has its own routes under the
// same path (modules/translation-exchange).
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
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
} from '../../../contract/authoring';
import { LANGUAGE_CODES } from '../../../contract/languages';
import { formatMessage } from '../../../contract/messages';
import { ErrorResponse, errorResponses } from '../../../contract/message-responses';
import { Uuid } from '../../../contract/ids';
import { StringEnum } from '../../../contract/schema-helpers';
import { access, routeAccess } from '../../plugins/access';
import { requireStaff } from '../../plugins/staff';
import { writerOf } from './items';
import { deleteItem, cancelSchedule, publishLanguage, restoreItem, unpublishLanguage } from './publishing';
import { previewLanguage } from './preview';
import { diffVersions, getHead, getItem, getVersion, listItems, listVersions, translationStart } from './reading';
import { staleFields, translationMatrix } from './translation-status';
import { createItem, restoreVersion, saveLanguage, submitLanguage, type SaveResult } from './versions';

/** A whole course in one language, with its lessons' text, fits well within this. */
export const CONTENT_BODY_LIMIT = 4 * 1024 * 1024;

const editors = { access: access.staff('admin', 'editor') };
const Lang = StringEnum(LANGUAGE_CODES);
const ItemParams = Type.Object({ id: Uuid });
const LangParams = Type.Object({ id: Uuid, lang: Lang });
const VersionParams = Type.Object({
  id: Uuid,
  lang: Lang,
  number: Type.Integer({ minimum: 1, maximum: VERSION_NUMBER_MAX }),
});
const tags = ['staff: content'];
/** 409: a newer version exists (with it), or the item is deleted. */
const Conflict = Type.Union([StaleVersionResponse, ErrorResponse]);

/** The app with TypeBox's types, as each group of routes below is given it. */
type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A save's answer: the new head, or 409 with the head it should have been based on. */
function saved(reply: FastifyReply, result: SaveResult) {
  if (result.ok) return result.head;
  return reply.code(409).send({
    code: 'staleVersion',
    message: formatMessage('staleVersion'),
    current: result.current,
    ...(result.conflicts ? { conflicts: result.conflicts } : {}),
  });
}

/** Items: the list, creating one, the translation matrix, one item, soft delete and restore. */
function itemRoutes(app: App) {
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
      return listItems(app.db, {
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
        response: {
          201: Type.Object({ item: ContentItem, head: LanguageHead }),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const { kind, slug, lang, body } = request.body;
      const created = await createItem(app.db, await writerOf(request), { kind, slug, lang: lang ?? 'en', body });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/staff/content/translations',
    {
      schema: {
        tags,
        summary:
          'Translation status of every item in every language: missing, draft, in review, published, with stale and missing field counts',
        querystring: Type.Object({ kind: Type.Optional(ContentKindSchema) }),
        response: { 200: TranslationMatrix, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => translationMatrix(app.db, request.query.kind),
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
    async (request) => getItem(app.db, request.params.id),
  );

  app.delete(
    '/api/staff/content/:id',
    {
      config: editors,
      schema: {
        tags,
        summary:
          'Deletes an item (softly): off the site in every language, restorable, versions and learners’ records kept',
        params: ItemParams,
        response: { 200: ContentItem, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteItem(app.db, await writerOf(request), request.params.id),
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
    async (request) => restoreItem(app.db, await writerOf(request), request.params.id),
  );
}

/** A language of an item: its newest version, saving, a translation's starting point, the preview, stale fields, submitting for review. */
function languageRoutes(app: App) {
  app.get(
    '/api/staff/content/:id/:lang',
    {
      schema: {
        tags,
        summary:
          'The newest version of a language, with its document: what an edit starts from (its number is the save’s baseVersion)',
        params: LangParams,
        response: { 200: LanguageHead, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getHead(app.db, request.params.id, request.params.lang),
  );

  app.put(
    '/api/staff/content/:id/:lang',
    {
      bodyLimit: CONTENT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Saves a language as a new version (a draft), or updates the version its editing session made (continueVersion, ADR 36). A save based on an older version with its baseRevision is merged field by field with what was saved since (changes to different fields both kept); 409 with the current version, and nothing written, when both changed a field (each named in `conflicts`), when either changed the structure, or without baseRevision. Translators: their languages, text only',
        params: LangParams,
        body: SaveContent,
        response: { 200: LanguageHead, 409: Conflict, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      saved(
        reply,
        await saveLanguage(app.db, await writerOf(request), request.params.id, request.params.lang, request.body),
      ),
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
    async (request) => translationStart(app.db, request.params.id, request.params.lang),
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
    async (request) => previewLanguage(app.db, await requireStaff(request), request.params.id, request.params.lang),
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
    async (request) => staleFields(app.db, request.params.id, request.params.lang),
  );

  app.post(
    '/api/staff/content/:id/:lang/submit',
    {
      schema: {
        tags,
        summary:
          'Submits the newest version for an editor’s review (status in_review); 409 when a newer version exists',
        params: LangParams,
        body: SubmitContent,
        response: { 200: LanguageHead, 409: Conflict, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      saved(
        reply,
        await submitLanguage(
          app.db,
          await writerOf(request),
          request.params.id,
          request.params.lang,
          request.body.version,
        ),
      ),
  );
}

/** Publishing now or at a time, cancelling a schedule, unpublishing (editors and admins). */
function publishingRoutes(app: App) {
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
      return publishLanguage(app.db, await writerOf(request), request.params.id, request.params.lang, {
        version,
        at: at ? new Date(at) : undefined,
      });
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
    async (request) => cancelSchedule(app.db, await writerOf(request), request.params.id, request.params.lang),
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
    async (request) => unpublishLanguage(app.db, await writerOf(request), request.params.id, request.params.lang),
  );
}

/** Versions of a language: the list, one, restoring one as the newest, comparing two. */
function versionRoutes(app: App) {
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
    async (request) => listVersions(app.db, request.params.id, request.params.lang),
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
    async (request) => getVersion(app.db, request.params.id, request.params.lang, request.params.number),
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
      saved(
        reply,
        await restoreVersion(
          app.db,
          await writerOf(request),
          request.params.id,
          request.params.lang,
          request.params.number,
          request.body.baseVersion,
        ),
      ),
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
    async (request) =>
      diffVersions(app.db, request.params.id, request.params.lang, request.query.from, request.query.to),
  );
}

export default async function authoringRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.staff('admin', 'editor', 'translator'));
  itemRoutes(app);
  languageRoutes(app);
  publishingRoutes(app);
  versionRoutes(app);
}
