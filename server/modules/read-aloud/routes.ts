// Read aloud's calls (ADR 41): learners read the voices of a published course language; staff see
// the synthesis queue (and queue a failed job again), the texts that need a person's voice in a
// language, and upload a recording of sentences. Editors and admins everything; translators read
// the queue and record in their languages (the service checks the language); analysts nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../../contract/ids';
import { LANGUAGE_CODES } from '../../../contract/languages';
import { ErrorResponse, errorResponses } from '../../../contract/message-responses';
import {
  CourseVoices,
  NeedsVoiceList,
  RecordingQuery,
  SavedRecording,
  VoiceJob,
  VoiceJobList,
  VoiceJobsQuery,
} from '../../../contract/read-aloud';
import {
  RECORDING_MAX_BYTES,
  RECORDING_MAX_MS,
  RECORDING_MAX_MS_PER_SENTENCE,
} from '../../../contract/read-aloud-rules';
import { formatBytes } from '../../../contract/media-rules';
import { StringEnum } from '../../../contract/schema-helpers';
import { multipartRefusal } from '../../lib/multipart-refusals';
import { access, routeAccess } from '../../plugins/access';
import { badRequest, HttpError } from '../../plugins/errors';
import { requireStaff, staffActor } from '../../plugins/staff';
import { assertMayEditLanguage } from '../staff/service';
import { receiveUpTo, uploadDepsFromConfig, UploadRefusedError } from '../uploads/service';
import { ACCEPTED_RECORDINGS } from './recordings';
import * as service from './service';

const Lang = StringEnum(LANGUAGE_CODES);
const tags = ['staff: read aloud'];
// Room for the multipart envelope around the file.
const ENVELOPE_BYTES = 16 * 1024;

const recordingTooLarge = () =>
  new UploadRefusedError(
    'uploadTooLarge',
    `A recording can be at most ${formatBytes(RECORDING_MAX_BYTES)}; this file is larger.`,
  );

function refuseDeclaredOversize(request: FastifyRequest): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > RECORDING_MAX_BYTES + ENVELOPE_BYTES) throw recordingTooLarge();
}

export default async function readAloudRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.staff('admin', 'editor', 'translator'));
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 } });
  const deps = { db: app.db, storage: uploadDepsFromConfig(app.config).storage };

  app.get(
    '/api/read-aloud/courses/:courseId',
    {
      config: { access: access.public },
      schema: {
        tags: ['read aloud'],
        summary: 'The voices of every spoken text of a published course language: which file plays each sentence',
        description:
          'Each text (a lesson, a question, an option, an explanation, the summary) with its sentences and the segments to play in order: a person’s recording where a fresh one exists, the engine’s voice elsewhere; `stale` when what plays speaks an older text. No segments: no voice yet.',
        params: Type.Object({ courseId: Uuid }),
        querystring: Type.Object({ lang: Lang }),
        response: { 200: CourseVoices, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.courseVoices(app.db, deps.storage, request.params.courseId, request.query.lang),
  );

  app.get(
    '/api/staff/read-aloud/jobs',
    {
      schema: {
        tags,
        summary: 'The synthesis queue: each published version’s job, its state, tries and last error, newest first',
        querystring: VoiceJobsQuery,
        response: { 200: VoiceJobList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { state, lang, offset, limit } = request.query;
      return service.listJobs(app.db, { state, lang, offset: offset ?? 0, limit: limit ?? 50 });
    },
  );

  app.post(
    '/api/staff/read-aloud/jobs/:id/retry',
    {
      config: { access: access.staff('admin', 'editor') },
      schema: {
        tags,
        summary: 'Queues a failed synthesis job again, its tries counted afresh',
        params: Type.Object({ id: Uuid }),
        response: { 200: VoiceJob, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.retryJob(app.db, await staffActor(request), request.params.id),
  );

  app.get(
    '/api/staff/read-aloud/needs-voice/:lang',
    {
      schema: {
        tags,
        summary:
          'The spoken texts of published courses in a language with sentences no fresh recording speaks, and each stale recording’s text then and now',
        params: Type.Object({ lang: Lang }),
        response: { 200: NeedsVoiceList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.needsVoice(app.db, await requireStaff(request), request.params.lang),
  );

  app.post(
    '/api/staff/read-aloud/:itemId/:lang/recordings',
    {
      schema: {
        tags,
        summary: 'Uploads a person’s recording of sentences of a published text (multipart/form-data, one file)',
        description: [
          `The recording is one part of a multipart/form-data body: ${ACCEPTED_RECORDINGS}, at most ${formatBytes(RECORDING_MAX_BYTES)},`,
          `lasting at most ${RECORDING_MAX_MS_PER_SENTENCE / 1000} seconds a sentence and ${RECORDING_MAX_MS / 60_000} minutes in all.`,
          'It is stored re-encoded as every voice (mono Opus, 16 kbit/s) and replaces any recording of the same text it overlaps; learners hear it in place of the engine’s voice for those sentences.',
          'A translator records in their languages only.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        params: Type.Object({ itemId: Uuid, lang: Lang }),
        querystring: RecordingQuery,
        response: {
          201: SavedRecording,
          ...errorResponses(400, 401, 403, 404),
          413: { ...ErrorResponse, description: 'Too large a file, or too long a recording (uploadTooLarge)' },
          415: {
            ...ErrorResponse,
            description: 'Not a recording of an accepted type (uploadNotAccepted), or not a multipart form',
          },
          422: { ...ErrorResponse, description: 'A recording that cannot be read (uploadDamaged)' },
        },
      },
    },
    async (request, reply) => {
      refuseDeclaredOversize(request);
      if (!request.isMultipart()) throw new HttpError(415, 'unsupportedType');
      const writer = { member: await requireStaff(request), actor: await staffActor(request) };
      // Before a byte of the file is read.
      assertMayEditLanguage(writer.member, request.params.lang);
      let bytes: Buffer;
      try {
        const part = await request.file({ limits: { fileSize: RECORDING_MAX_BYTES + 1 } });
        if (!part) throw badRequest('mediaFileMissing');
        bytes = await receiveUpTo(part.file, RECORDING_MAX_BYTES, recordingTooLarge);
      } catch (error) {
        throw multipartRefusal(error, recordingTooLarge);
      }
      const saved = await service.saveRecording(deps, writer, {
        itemId: request.params.itemId,
        lang: request.params.lang,
        ...request.query,
        bytes,
      });
      return reply.code(201).send(saved);
    },
  );
}
