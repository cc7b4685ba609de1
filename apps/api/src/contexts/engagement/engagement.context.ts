import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Identity } from '../identity/identity.context.ts';
import type { Money } from '../money/money.context.ts';
import type { Platform } from '../platform/platform.context.ts';
import { AgentService, agentModule } from './agent/index.ts';
import { PromoService, promoModule } from './promo/index.ts';
import { VipService, vipModule } from './vip/index.ts';

/** The engagement context: promotions, VIP levels and the agent partnership. */
export type Engagement = {
  vip: VipService;
  promo: PromoService;
  agents: AgentService;
};

export function createEngagement(settings: {
  db: Database;
  platform: Platform;
  identity: Identity;
  money: Money;
}): Engagement {
  const { db, platform, identity, money } = settings;
  const { brands } = platform;
  const { operators } = identity;
  const ledger = money.ledger;
  return {
    vip: new VipService({
      db,
      ledger,
      operators,
      levelChanged: (memberId) => identity.members.infoChanged(memberId),
    }),
    promo: new PromoService({ db, ledger, operators, brands }),
    agents: new AgentService({ db, ledger, operators, brand: (code) => brands.get(code) }),
  };
}

export async function registerEngagement(
  app: FastifyInstance,
  engagement: Engagement,
  platform: Platform,
) {
  const brands = () => platform.brands.all();
  await app.register(promoModule, { promo: engagement.promo });
  await app.register(agentModule, { agents: engagement.agents, brands });
  await app.register(vipModule, { vip: engagement.vip, brands });
}
