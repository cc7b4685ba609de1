import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createDepositEndpoint,
  depositChannelsEndpoint,
  depositNoticeEndpoint,
  depositOrderEndpoint,
  depositOrdersEndpoint,
  gatewayCallbackEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { DepositService } from './deposit.service.ts';
import { memberIdOf } from '../../../plugins/session.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };

/**
 * The member's deposits (channels, orders, the bank-transfer notice) and the payment gateway's
 * callback, which is public and trusted only for its signature.
 */
export async function depositRoutes(app: FastifyInstance, options: { deposits: DepositService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { deposits } = options;

  routes.get(
    depositChannelsEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['deposits'],
        summary: "The brand's enabled deposit channels, in order, with limits and how to pay",
        response: envelopeResponses(depositChannelsEndpoint.response),
      },
    },
    async (request) => {
      memberIdOf(request);
      return ok(await deposits.channels(request.brand));
    },
  );

  routes.post(
    createDepositEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'money' as const },
      schema: {
        tags: ['deposits'],
        summary: 'Open a deposit order (idempotent by idempotencyKey)',
        consumes: FORM,
        body: createDepositEndpoint.body,
        response: envelopeResponses(createDepositEndpoint.response),
      },
    },
    async (request) =>
      ok(await deposits.createOrder(request.brand, memberIdOf(request), request.body)),
  );

  routes.post(
    depositNoticeEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'money' as const },
      schema: {
        tags: ['deposits'],
        summary: 'Tell the cashier a bank transfer was made: the order becomes submitted',
        consumes: FORM,
        body: depositNoticeEndpoint.body,
        response: envelopeResponses(depositNoticeEndpoint.response),
      },
    },
    async (request) =>
      ok(await deposits.submitNotice(request.brand, memberIdOf(request), request.body)),
  );

  routes.get(
    depositOrdersEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['deposits'],
        summary: "The member's deposit orders, newest first",
        querystring: depositOrdersEndpoint.query,
        response: envelopeResponses(depositOrdersEndpoint.response),
      },
    },
    async (request) =>
      ok(await deposits.memberOrders(request.brand, memberIdOf(request), request.query)),
  );

  routes.get(
    depositOrderEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['deposits'],
        summary: 'One of the member’s deposit orders, with its status',
        querystring: depositOrderEndpoint.query,
        response: envelopeResponses(depositOrderEndpoint.response),
      },
    },
    async (request) =>
      ok(await deposits.memberOrder(request.brand, memberIdOf(request), request.query.orderNo)),
  );

  routes.post(
    gatewayCallbackEndpoint.path,
    {
      schema: {
        tags: ['deposits'],
        summary: 'Payment gateway notification (signed); repeats are answered and move nothing',
        consumes: FORM,
        body: gatewayCallbackEndpoint.body,
        response: envelopeResponses(gatewayCallbackEndpoint.response),
      },
    },
    async (request) => ok(await deposits.gatewayCallback(request.body)),
  );
}
