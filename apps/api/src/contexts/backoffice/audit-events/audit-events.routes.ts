import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAuditEventsEndpoint, adminAuditEventsExportEndpoint } from '@lobby/contracts';
import { csvResponses, sendCsvExport } from '../../../lib/csv-export.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, brandFilter, operatorOf } from '../../../plugins/operator-auth.ts';
import type { AuditEventsService } from './audit-events.service.ts';

const auditRead = { access: 'operator', permission: 'audit.read', brand: BRAND_IN_QUERY } as const;
const tags = ['operator'];

/** The significant-event log: a range of it as JSON pages or CSV (`audit.read`). */
export async function auditEventsRoutes(
  app: FastifyInstance,
  options: { auditEvents: AuditEventsService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { auditEvents } = options;

  routes.get(
    adminAuditEventsExportEndpoint.path,
    {
      config: auditRead,
      schema: {
        tags,
        summary: 'The significant events of a range as CSV with their hashes, oldest first',
        querystring: adminAuditEventsExportEndpoint.query,
        response: csvResponses(),
      },
    },
    async (request, reply) => {
      const operator = operatorOf(request);
      const { from, to, brand, kind, memberId } = request.query;
      return sendCsvExport(
        reply,
        auditEvents.exportCsv(
          operator,
          {
            brands: brandFilter(operator, brand || undefined),
            from: new Date(from),
            to: new Date(to),
            kind,
            memberId: memberId === undefined ? undefined : BigInt(memberId),
            query: request.query,
          },
          request.ip,
        ),
      );
    },
  );

  routes.get(
    adminAuditEventsEndpoint.path,
    {
      config: auditRead,
      schema: {
        tags,
        summary: 'A page of the significant events of a range, oldest first, with their hashes',
        querystring: adminAuditEventsEndpoint.query,
        response: envelopeResponses(adminAuditEventsEndpoint.response),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { from, to, brand, kind, memberId, afterId, limit } = request.query;
      return ok(
        await auditEvents.list({
          brands: brandFilter(operator, brand || undefined),
          from: new Date(from),
          to: new Date(to),
          kind,
          memberId: memberId === undefined ? undefined : BigInt(memberId),
          afterId: afterId === undefined ? undefined : BigInt(afterId),
          limit,
        }),
      );
    },
  );
}
