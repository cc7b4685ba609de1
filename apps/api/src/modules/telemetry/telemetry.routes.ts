import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientErrorReportEndpoint } from '@lobby/contracts';
import type { Cache } from '../../cache/index.ts';
import { envelopeResponses, ok } from '../../lib/envelope.ts';
import { recordClientError } from './telemetry.service.ts';

export async function telemetryRoutes(app: FastifyInstance, options: { cache: Cache }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    clientErrorReportEndpoint.path,
    {
      schema: {
        tags: ['site'],
        summary: 'Report a browser error to the operators',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: clientErrorReportEndpoint.body,
        response: envelopeResponses(clientErrorReportEndpoint.response),
      },
    },
    async (request) => {
      await recordClientError(options.cache, request.log, request.body, {
        brandCode: request.brand.config.code,
        deviceNo: request.client.deviceNo,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return ok({ accepted: true as const });
    },
  );
}
