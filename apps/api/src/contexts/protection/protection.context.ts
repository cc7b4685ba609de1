import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../cache/index.ts';
import type { Database } from '../../db/client.ts';
import type { Identity } from '../identity/identity.context.ts';
import type { Platform } from '../platform/platform.context.ts';
import { LimitsService, limitsModule, type LimitUsage } from './limits/index.ts';

/**
 * Player protection (issue 15): what a licence asks of the site for each member: limits, play
 * time and reality checks, time-outs and self-exclusion with the registry shared by every brand,
 * identity verification and risk rules. It sits between identity and money: the money and games
 * paths call its checks on every movement; what it must know of their records (deposits, stakes,
 * payouts) it is given as functions when the app is built (`usage`), so it never reads another
 * context's tables.
 */
export type Protection = {
  limits: LimitsService;
};

export type ProtectionSettings = {
  db: Database;
  cache: Cache;
  platform: Platform;
  identity: Identity;
  /** Deposits and play since an instant (money, games). */
  usage: LimitUsage;
  /** The protection's clock: limits' 24 hours, exclusion periods (a test moves it). */
  now: () => Date;
};

export function createProtection(settings: ProtectionSettings): Protection {
  const { db, platform, usage, now } = settings;
  const limits = new LimitsService({ db, audit: platform.audit, usage, now });
  return { limits };
}

export async function registerProtection(app: FastifyInstance, protection: Protection) {
  await app.register(limitsModule, { limits: protection.limits });
}
