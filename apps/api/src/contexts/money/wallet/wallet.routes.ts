import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberBalanceEndpoint } from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { WalletService } from './wallet.service.ts';

export async function walletRoutes(app: FastifyInstance, options: { wallet: WalletService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    memberBalanceEndpoint.path,
    {
      config: { access: 'member' },
      schema: {
        tags: ['wallet'],
        summary: 'Centre wallet, locked, platform wallets, total and outstanding turnover',
        response: envelopeResponses(memberBalanceEndpoint.response),
      },
    },
    async (request) => {
      if (!request.member) throw commonError('token');
      return ok(await options.wallet.balance(request.brand, BigInt(request.member.memberId)));
    },
  );
}
