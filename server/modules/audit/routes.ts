// The audit log, for admins: newest first, filtered by who, what, which item and when.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AuditPage, AuditQuery } from '../../../contract/staff';
import { errorResponses } from '../../../contract/message-responses';
import { isContentKind } from '../../../contract/content-kinds';
import { isUuid } from '../../../contract/ids';
import type { DbOrTx } from '../../db/client';
import { access, routeAccess } from '../../plugins/access';
import { itemTitles } from '../authoring/service';
import { mediaNames } from '../media-library/service';
import * as service from './service';

/** What an entry changed, named by the module that owns it: an item's title, a file's name. */
function titlesOf(db: DbOrTx, entityKind: string, ids: string[]): Promise<Map<string, string>> {
  const known = ids.filter(isUuid);
  if (isContentKind(entityKind)) return itemTitles(db, known);
  if (entityKind === 'media') return mediaNames(db, known);
  return Promise.resolve(new Map());
}

export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.staff('admin'));

  app.get(
    '/api/staff/audit',
    {
      schema: {
        tags: ['staff'],
        summary: 'The audit log, newest first: every staff write with who, from where, when, and the change',
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      return service.listAudit(
        app.db,
        {
          actorId: q.actor,
          action: q.action,
          entityKind: q.entityKind,
          entityId: q.entityId,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          beforeId: q.before,
          limit: q.limit,
        },
        titlesOf,
      );
    },
  );
}
