import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  recycleEndpoint,
  transferEndpoint,
  transferOrdersEndpoint,
  walletListEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { TransferService } from './transfer.service.ts';
import { memberIdOf } from '../../../plugins/session.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };

/** A transfer's answer is about one moment of the member's money: no cache may keep it. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
  reply.header('pragma', 'no-cache');
}

/**
 * Transfers between the centre wallet and the platforms, the one-click recycle, the member's
 * transfer orders and the wallet list. The spec calls the transfer and the recycle with GET;
 * both answer GET (query string) and POST (form body) alike, and move money once per key.
 */
export async function transferRoutes(
  app: FastifyInstance,
  options: { transfers: TransferService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { transfers } = options;
  const transferSummary =
    'Move money between the centre wallet and a transfer-wallet platform (idempotent by key)';
  const recycleSummary =
    'Move every platform balance back to the centre wallet (idempotent by key)';

  routes.get(
    transferEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'money' as const },
      schema: {
        tags: ['games'],
        summary: transferSummary,
        querystring: transferEndpoint.params,
        response: envelopeResponses(transferEndpoint.response),
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(
        await transfers.transfer(
          request.brand,
          memberIdOf(request),
          request.query,
          request.language,
        ),
      );
    },
  );

  routes.post(
    transferEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'money' as const },
      schema: {
        tags: ['games'],
        summary: transferSummary,
        consumes: FORM,
        body: transferEndpoint.params,
        response: envelopeResponses(transferEndpoint.response),
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(
        await transfers.transfer(
          request.brand,
          memberIdOf(request),
          request.body,
          request.language,
        ),
      );
    },
  );

  routes.get(
    recycleEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'money' as const },
      schema: {
        tags: ['games'],
        summary: recycleSummary,
        querystring: recycleEndpoint.params,
        response: envelopeResponses(recycleEndpoint.response),
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(
        await transfers.recycle(
          request.brand,
          memberIdOf(request),
          request.query.idempotencyKey,
          request.language,
        ),
      );
    },
  );

  routes.post(
    recycleEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'money' as const },
      schema: {
        tags: ['games'],
        summary: recycleSummary,
        consumes: FORM,
        body: recycleEndpoint.params,
        response: envelopeResponses(recycleEndpoint.response),
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(
        await transfers.recycle(
          request.brand,
          memberIdOf(request),
          request.body.idempotencyKey,
          request.language,
        ),
      );
    },
  );

  routes.get(
    transferOrdersEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['games'],
        summary: "The member's transfer orders: those in transit first, then newest first",
        querystring: transferOrdersEndpoint.query,
        response: envelopeResponses(transferOrdersEndpoint.response),
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(
        await transfers.memberOrders(
          request.brand,
          memberIdOf(request),
          request.query,
          request.language,
        ),
      );
    },
  );

  routes.get(
    walletListEndpoint.path,
    {
      config: { access: 'optional' },
      schema: {
        tags: ['games'],
        summary:
          "The brand's transfer-wallet platforms in order, with each platform's balance for a " +
          'logged-in member (the book value, stale, when a platform does not answer in time)',
        querystring: walletListEndpoint.query,
        response: envelopeResponses(walletListEndpoint.response),
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(
        await transfers.walletList(
          request.brand,
          request.member ? BigInt(request.member.memberId) : null,
          request.query.show,
          request.language,
        ),
      );
    },
  );
}
