import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { phoneAreasEndpoint } from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { phoneAreas } from './phone-area.service.ts';

/** The phone area codes of the register and bind-phone forms. */
export async function phoneAreaRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    phoneAreasEndpoint.path,
    {
      schema: {
        tags: ['member'],
        summary: "Phone area codes, named in the request's language",
        response: envelopeResponses(phoneAreasEndpoint.response),
      },
    },
    async (request) => ok(phoneAreas(request.language)),
  );
}
