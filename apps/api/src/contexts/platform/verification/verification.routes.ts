import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { devOutboxEndpoint } from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { recentOutboxMessages } from './verification.service.ts';

/**
 * Outside production only: the messages the outbox holds for a target, so browser tests and
 * demos can read the codes they were sent. Never register this in production.
 */
export async function devOutboxRoutes(app: FastifyInstance, options: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    devOutboxEndpoint.path,
    {
      schema: {
        tags: ['dev'],
        summary: 'Latest messages sent to a phone (+8613812345678) or e-mail (not in production)',
        querystring: devOutboxEndpoint.query,
        response: envelopeResponses(devOutboxEndpoint.response),
      },
    },
    async (request) =>
      ok(await recentOutboxMessages(options.db, request.brand.config.code, request.query.to)),
  );
}
