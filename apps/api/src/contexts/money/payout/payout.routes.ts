import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addAlipayEndpoint,
  addBankCardEndpoint,
  addVirtualAddressEndpoint,
  deleteBankCardEndpoint,
  deleteVirtualAddressEndpoint,
  memberPayoutAccountsEndpoint,
  virtualProtocolsEndpoint,
  withdrawBanksEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { PayoutService } from './payout.service.ts';
import { memberIdOf } from '../../../plugins/session.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };
const tags = ['payout'];

/** Payout accounts: the banks and protocols offered, and the member's own accounts. */
export async function payoutRoutes(app: FastifyInstance, options: { payouts: PayoutService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { payouts } = options;

  routes.post(
    memberPayoutAccountsEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary:
          "The member's payout accounts of a withdraw_type (1 bank cards, 2 Alipay, 3 virtual " +
          'coins), numbers masked',
        consumes: FORM,
        body: memberPayoutAccountsEndpoint.body,
        response: envelopeResponses(memberPayoutAccountsEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await payouts.list(
          request.brand,
          memberIdOf(request),
          request.body.withdraw_type,
          request.language,
        ),
      ),
  );

  routes.post(
    withdrawBanksEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Banks a member can add a card of, with their group (0 to 3, -1 if none)',
        response: envelopeResponses(withdrawBanksEndpoint.response),
      },
    },
    async (request) => ok(payouts.banks(request.language)),
  );

  routes.post(
    virtualProtocolsEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Virtual-coin protocols a member can add an address of, with the coin names',
        response: envelopeResponses(virtualProtocolsEndpoint.response),
      },
    },
    async () => ok(payouts.protocols()),
  );

  routes.post(
    addBankCardEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Add a bank card (needs a withdrawal password set when the brand uses them)',
        consumes: FORM,
        body: addBankCardEndpoint.body,
        response: envelopeResponses(addBankCardEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await payouts.addBankCard(
          request.brand,
          memberIdOf(request),
          request.body,
          request.language,
        ),
      ),
  );

  routes.post(
    addAlipayEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Add an Alipay account (a mobile number or an e-mail address)',
        consumes: FORM,
        body: addAlipayEndpoint.body,
        response: envelopeResponses(addAlipayEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await payouts.addAlipay(request.brand, memberIdOf(request), request.body, request.language),
      ),
  );

  routes.post(
    addVirtualAddressEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Add a virtual-coin address, checked against its protocol',
        consumes: FORM,
        body: addVirtualAddressEndpoint.body,
        response: envelopeResponses(addVirtualAddressEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await payouts.addVirtualAddress(
          request.brand,
          memberIdOf(request),
          request.body,
          request.language,
        ),
      ),
  );

  routes.post(
    deleteBankCardEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Delete a bank card or an Alipay account of the member',
        consumes: FORM,
        body: deleteBankCardEndpoint.body,
        response: envelopeResponses(deleteBankCardEndpoint.response),
      },
    },
    async (request) => {
      await payouts.delete(request.brand, memberIdOf(request), request.body.id, ['bank', 'alipay']);
      return ok({ deleted: true as const });
    },
  );

  routes.post(
    deleteVirtualAddressEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Delete a virtual-coin address of the member',
        consumes: FORM,
        body: deleteVirtualAddressEndpoint.body,
        response: envelopeResponses(deleteVirtualAddressEndpoint.response),
      },
    },
    async (request) => {
      await payouts.delete(request.brand, memberIdOf(request), request.body.id, ['virtual']);
      return ok({ deleted: true as const });
    },
  );
}
