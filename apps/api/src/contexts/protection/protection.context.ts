import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../cache/index.ts';
import type { Database } from '../../db/client.ts';
import type { Identity } from '../identity/identity.context.ts';
import type { Platform } from '../platform/platform.context.ts';

/**
 * Player protection (issue 15): what a licence asks of the site for each member: limits, play
 * time and reality checks, time-outs and self-exclusion with the registry shared by every brand,
 * identity verification and risk rules. It sits between identity and money: the money and games
 * paths call its checks on every movement; what it must know of their records (deposits, stakes,
 * payouts) it is given as functions when the app is built (`Usage`), so it never reads another
 * context's tables.
 */
export type Protection = Record<string, never>;

export type ProtectionSettings = {
  db: Database;
  cache: Cache;
  platform: Platform;
  identity: Identity;
};

export function createProtection(settings: ProtectionSettings): Protection {
  void settings;
  return {};
}

export async function registerProtection(app: FastifyInstance, protection: Protection) {
  void app;
  void protection;
}
