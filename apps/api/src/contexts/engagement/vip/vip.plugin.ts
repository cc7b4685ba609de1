import type { FastifyInstance } from 'fastify';
import type { Brand } from '../../platform/brand/index.ts';
import { vipAdminRoutes } from './vip-admin.routes.ts';
import { vipSweeps } from './vip-sweeps.ts';
import { vipRoutes } from './vip.routes.ts';
import type { VipService } from './vip.service.ts';

/** VIP levels, and the sweeps that pay upgrades, daily rebates and monthly bonuses. */
export async function vipModule(
  app: FastifyInstance,
  options: { vip: VipService; brands: () => readonly Brand[] },
) {
  await app.register(vipRoutes, { vip: options.vip });
  await app.register(vipAdminRoutes, { vip: options.vip });
  for (const sweep of vipSweeps(options)) app.addSweep(sweep);
}
