import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../cache/index.ts';
import type { Database } from '../../db/client.ts';
import type { Identity } from '../identity/identity.context.ts';
import type { Platform } from '../platform/platform.context.ts';
// KYC (issue 15, point 7).
import { KycReview, KycService, kycModule, type ConfirmedDeposits } from './kyc/index.ts';

/**
 * Player protection (issue 15): what a licence asks of the site for each member: limits, play
 * time and reality checks, time-outs and self-exclusion with the registry shared by every brand,
 * identity verification and risk rules. It sits between identity and money: the money and games
 * paths call its checks on every movement; what it must know of their records (deposits, stakes,
 * payouts) it is given as functions when the app is built (`Usage`), so it never reads another
 * context's tables.
 */
export type Protection = {
  // KYC (issue 15, point 7): the member's level and the money paths' check; the operators' queue.
  kyc: KycService;
  kycReview: KycReview;
};

export type ProtectionSettings = {
  db: Database;
  cache: Cache;
  platform: Platform;
  identity: Identity;
  // KYC: the member's confirmed deposits in all (money, handed in by app.ts).
  confirmedDeposits: ConfirmedDeposits;
};

export function createProtection(settings: ProtectionSettings): Protection {
  const { db, platform, identity } = settings;
  // KYC.
  const kyc = new KycService({
    db,
    signer: identity.uploadSigner,
    confirmedDeposits: settings.confirmedDeposits,
  });
  const kycReview = new KycReview({
    db,
    brands: platform.brands,
    kyc,
    operators: identity.operators,
    audit: platform.audit,
    signer: identity.uploadSigner,
  });
  return { kyc, kycReview };
}

export async function registerProtection(app: FastifyInstance, protection: Protection) {
  // KYC.
  await app.register(kycModule, { kyc: protection.kyc, review: protection.kycReview });
}
