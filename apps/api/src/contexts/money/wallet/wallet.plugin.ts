import type { FastifyInstance } from 'fastify';
import { walletRoutes } from './wallet.routes.ts';
import type { WalletService } from './wallet.service.ts';

/** The member's balance and the operators' turnover waiver. */
export async function walletModule(app: FastifyInstance, options: { wallet: WalletService }) {
  await app.register(walletRoutes, options);
}
