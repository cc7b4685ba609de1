import type { FastifyInstance } from 'fastify';
import { depositAdminRoutes } from './deposit-admin.routes.ts';
import { depositRoutes } from './deposit.routes.ts';
import type { DepositService } from './deposit.service.ts';
import { depositSandboxRoutes } from './sandbox.routes.ts';
import { usdtDepositWatcherSweep } from './usdt-deposit-watcher.ts';

/**
 * Deposits: the member's orders, the operators' review, the gateway's callback, the sandbox
 * stand-ins outside production, and the sweep that credits USDT transfers.
 */
export async function depositModule(
  app: FastifyInstance,
  options: { deposits: DepositService; production: boolean },
) {
  const { deposits, production } = options;
  await app.register(depositRoutes, { deposits });
  await app.register(depositAdminRoutes, { deposits });
  await app.register(depositSandboxRoutes, { deposits, production });
  app.addSweep(usdtDepositWatcherSweep());
}
