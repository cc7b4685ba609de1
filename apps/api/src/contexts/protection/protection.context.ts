import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Cache } from '../../cache/index.ts';
import type { Database } from '../../db/client.ts';
import type { Identity } from '../identity/identity.context.ts';
import type { Platform } from '../platform/platform.context.ts';
import {
  RiskAlertsService,
  RiskService,
  riskModule,
  type FreezeMember,
  type RiskUsage,
} from './risk/index.ts';

/**
 * Player protection (issue 15): what a licence asks of the site for each member: limits, play
 * time and reality checks, time-outs and self-exclusion with the registry shared by every brand,
 * identity verification and risk rules. It sits between identity and money: the money and games
 * paths call its checks on every movement; what it must know of their records (deposits, stakes,
 * payouts) it is given as functions when the app is built (`Usage`), so it never reads another
 * context's tables.
 */
export type Protection = {
  /** Risk rules evaluated on events, and the back office's alert queue (issue 15, point 8). */
  risk: RiskService;
  riskAlerts: RiskAlertsService;
};

export type ProtectionSettings = {
  db: Database;
  cache: Cache;
  platform: Platform;
  identity: Identity;
  /** Risk rules: what they read of money's records, and the member record's freeze. */
  risk: { log: FastifyBaseLogger; usage: () => RiskUsage; freezeMember: FreezeMember };
};

export function createProtection(settings: ProtectionSettings): Protection {
  const { db, platform, identity } = settings;
  return {
    risk: new RiskService({
      db,
      brands: platform.brands,
      log: settings.risk.log,
      usage: settings.risk.usage,
    }),
    riskAlerts: new RiskAlertsService({
      db,
      operators: identity.operators,
      freezeMember: settings.risk.freezeMember,
    }),
  };
}

export async function registerProtection(app: FastifyInstance, protection: Protection) {
  await app.register(riskModule, { alerts: protection.riskAlerts });
}
