import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminWaiveTurnoverEndpoint, memberBalanceEndpoint } from '@lobby/contracts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_ERRORS } from '../../platform/brand/index.ts';
import { BRAND_IN_BODY, operatorOf } from '../../../plugins/operator-auth.ts';
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

  routes.post(
    adminWaiveTurnoverEndpoint.path,
    {
      config: { access: 'operator', permission: 'money.adjust', brand: BRAND_IN_BODY },
      schema: {
        tags: ['operator'],
        summary: "Clear a member's outstanding turnover requirement, with the reason",
        params: z.object({ username: z.string().min(1).max(64) }),
        body: adminWaiveTurnoverEndpoint.body,
        response: envelopeResponses(adminWaiveTurnoverEndpoint.response),
      },
    },
    async (request) => {
      const brand = app.brands.get(request.body.brand);
      if (!brand) throw appError(BRAND_ERRORS, 'unknown_site');
      return ok(
        await options.wallet.waiveTurnover(operatorOf(request), brand, {
          username: request.params.username,
          reason: request.body.reason,
          ip: request.ip,
        }),
      );
    },
  );
}
