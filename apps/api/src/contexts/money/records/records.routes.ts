import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transactionRecordsEndpoint } from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { RecordsService } from './records.service.ts';

/** The member's transaction records (money movements from the ledger). */
export async function recordsRoutes(app: FastifyInstance, options: { records: RecordsService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    transactionRecordsEndpoint.path,
    {
      config: { access: 'member' },
      schema: {
        tags: ['records'],
        summary:
          "The member's money movements on the centre wallet and locked accounts, newest first; " +
          "type and date preset (days of the brand's time zone) filters, paged",
        querystring: transactionRecordsEndpoint.query,
        response: envelopeResponses(transactionRecordsEndpoint.response),
      },
    },
    async (request) => {
      if (!request.member) throw commonError('token');
      return ok(
        await options.records.transactions(
          request.brand,
          BigInt(request.member.memberId),
          request.query,
        ),
      );
    },
  );
}
