// The media library under /api/staff/media: editors and admins upload and delete files; translators
// also read the library and set text alternatives in their own languages; analysts have no access.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  MediaAltPatch,
  MediaFile,
  MediaFileDetail,
  MediaList,
  MediaListQuery,
  MediaParams,
  MediaUploadQuery,
  MediaUploadResult,
} from '../../../contract/media-library';
import { ErrorResponse, errorResponses } from '../../../contract/message-responses';
import { acceptedNames, formatBytes, MAX_BYTES, type UploadKind } from '../../../contract/media-rules';
import { access, routeAccess } from '../../plugins/access';
import { badRequest, HttpError } from '../../plugins/errors';
import { multipartRefusal } from '../../lib/multipart-refusals';
import { requireStaff, staffActor } from '../../plugins/staff';
import { tooLarge, uploadDepsFromConfig } from '../uploads/service';
import * as service from './service';

/**
 * Room for the multipart envelope around the file (boundaries, part headers, a long file name): a
 * request declaring more than the kind's limit plus this is refused before a byte of it is read.
 */
export const MULTIPART_ENVELOPE_BYTES = 16 * 1024;

function refuseDeclaredOversize(request: FastifyRequest, kind: UploadKind): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BYTES[kind] + MULTIPART_ENVELOPE_BYTES)
    throw tooLarge(kind, undefined, undefined);
}

export default async function mediaLibraryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.staff('admin', 'editor', 'translator'));
  // Multipart bodies are read only here, one file a request, streamed into the uploads pipeline.
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 } });
  const uploads = uploadDepsFromConfig(app.config);
  const editorsAndAdmins = access.staff('admin', 'editor');

  app.post(
    '/api/staff/media',
    {
      config: { access: editorsAndAdmins },
      schema: {
        tags: ['staff'],
        summary: 'Upload a file to the media library (multipart/form-data, one file)',
        description: [
          'The file is one part of a multipart/form-data body; `kind` says what it must be.',
          `Limits: images ${formatBytes(MAX_BYTES.image)} (${acceptedNames('image')}; SVG at most 1 MB), documents ${formatBytes(MAX_BYTES.document)} (${acceptedNames('document')}), videos ${formatBytes(MAX_BYTES.video)} (${acceptedNames('video')}).`,
          'The type is read from the bytes, never the name: anything else is refused (415) with a message saying what the file is.',
          'Photos are stored as WebP copies without their metadata (GPS, camera); an SVG with script is refused (422).',
          'The same file uploaded again answers 200 with the file already in the library; a new file answers 201.',
        ].join(' '),
        // The handler reads the form's one file part (`file`); plugins/openapi.ts shows the form.
        consumes: ['multipart/form-data'],
        querystring: MediaUploadQuery,
        response: {
          200: MediaUploadResult,
          201: MediaUploadResult,
          ...errorResponses(400, 401, 403),
          409: {
            ...ErrorResponse,
            description:
              'The same file was being deleted while it was uploaded (mediaDeletedDuringUpload): upload it again',
          },
          413: {
            ...ErrorResponse,
            description:
              'The file is over its kind’s limit (uploadTooLarge); a request declaring more is refused before its body is read',
          },
          415: {
            ...ErrorResponse,
            description:
              'The file’s bytes are not an accepted type of its kind (uploadNotAccepted), or the body is not a multipart form',
          },
          422: {
            ...ErrorResponse,
            description:
              'The file cannot be read as the type it claims (uploadDamaged), has too many pixels (uploadTooManyPixels), or is an SVG with script (uploadActiveContent)',
          },
        },
      },
    },
    async (request, reply) => {
      const { kind } = request.query;
      refuseDeclaredOversize(request, kind);
      if (!request.isMultipart()) throw new HttpError(415, 'unsupportedType');
      const actor = await staffActor(request);
      try {
        // One byte over the kind's limit, so a file cut off at the limit is refused as too large.
        const part = await request.file({ limits: { fileSize: MAX_BYTES[kind] + 1 } });
        if (!part) throw badRequest('mediaFileMissing');
        const outcome = await service.uploadMedia(app.db, uploads, actor, {
          kind,
          filename: part.filename,
          source: part.file,
        });
        return reply.code(outcome.repeat ? 200 : 201).send(outcome);
      } catch (error) {
        throw multipartRefusal(error, () => tooLarge(kind, undefined, undefined));
      }
    },
  );

  app.get(
    '/api/staff/media',
    {
      schema: {
        tags: ['staff'],
        summary: 'The media library, newest first: search names and text alternatives, filter by kind',
        querystring: MediaListQuery,
        response: { 200: MediaList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { q, kind, offset, limit } = request.query;
      return service.listMedia(app.db, uploads.storage, { search: q, kind, offset, limit });
    },
  );

  app.get(
    '/api/staff/media/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'One file of the media library, with every place content uses it',
        params: MediaParams,
        response: { 200: MediaFileDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getMedia(app.db, uploads.storage, request.params.id),
  );

  app.patch(
    '/api/staff/media/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Set or remove text alternatives by language (a translator: only in their languages)',
        params: MediaParams,
        body: MediaAltPatch,
        response: { 200: MediaFile, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const member = await requireStaff(request);
      return service.setMediaAlt(
        app.db,
        uploads.storage,
        member,
        await staffActor(request),
        request.params.id,
        request.body.alt,
      );
    },
  );

  app.delete(
    '/api/staff/media/:id',
    {
      config: { access: editorsAndAdmins },
      schema: {
        tags: ['staff'],
        summary: 'Delete a file from the library; refused (409, naming each place) while content uses it',
        params: MediaParams,
        response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await service.deleteMedia(app.db, uploads.storage, await staffActor(request), request.params.id);
      for (const { key, error } of outcome.leftInStore) {
        request.log.warn({ err: error, key }, 'a deleted file could not be removed from the store; no row names it');
      }
      return reply.code(204).send();
    },
  );
}
