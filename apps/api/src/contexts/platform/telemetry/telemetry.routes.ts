import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientErrorReportEndpoint } from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { recordClientError } from './telemetry.service.ts';

export async function telemetryRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    clientErrorReportEndpoint.path,
    {
      config: { rateLimitBucket: 'telemetry' },
      schema: {
        tags: ['site'],
        summary: 'Report a browser error to the operators',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: clientErrorReportEndpoint.body,
        response: envelopeResponses(clientErrorReportEndpoint.response),
      },
    },
    async (request) => {
      recordClientError(request.log, request.body, {
        brandCode: request.brand.config.code,
        userAgent: request.client.userAgent ?? undefined,
      });
      return ok({ accepted: true as const });
    },
  );
}
