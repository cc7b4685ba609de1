import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { betRecordsEndpoint } from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { BetRecordsService } from './bet-records.service.ts';

/** The member's bet records (settled rounds pulled from the platforms). */
export async function betRecordsRoutes(
  app: FastifyInstance,
  options: { betRecords: BetRecordsService },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    betRecordsEndpoint.path,
    {
      config: { access: 'member' },
      schema: {
        tags: ['records'],
        summary:
          "The member's settled game rounds, newest first; date preset (the brand's days), " +
          'category and platform filters, paged, with totals of the filtered set',
        querystring: betRecordsEndpoint.query,
        response: envelopeResponses(betRecordsEndpoint.response),
      },
    },
    async (request) => {
      if (!request.member) throw commonError('token');
      return ok(
        await options.betRecords.list(
          request.brand,
          BigInt(request.member.memberId),
          request.language,
          request.query,
        ),
      );
    },
  );
}
