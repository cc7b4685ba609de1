import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigEndpoint, siteStatisticsEndpoint } from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { statisticsEntries } from './brand.service.ts';

/** The resolved brand's public config and its statistics list. */
export async function brandRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    siteConfigEndpoint.path,
    {
      schema: {
        tags: ['site'],
        summary: "The brand's public config (the same that index.html carries)",
        response: envelopeResponses(siteConfigEndpoint.response),
      },
    },
    async (request) => ok(request.brand.config),
  );
  routes.get(
    siteStatisticsEndpoint.path,
    {
      schema: {
        tags: ['site'],
        summary: "The brand's statistics scripts, to match by host",
        response: envelopeResponses(siteStatisticsEndpoint.response),
      },
    },
    async (request) => ok(statisticsEntries(request.brand)),
  );
}
