import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Cache } from '../../cache/index.ts';
import type { Database } from '../../db/client.ts';
import { appError } from '../../lib/app-error.ts';
import type { Identity } from '../identity/identity.context.ts';
import { MEMBER_ERRORS } from '../identity/member/index.ts';
import type { Brand } from '../platform/brand/index.ts';
import type { Platform } from '../platform/platform.context.ts';
import { ExclusionService, exclusionModule, type Recycle } from './exclusion/index.ts';
import { LimitsService, PlayService, limitsModule, type LimitUsage } from './limits/index.ts';
import {
  RiskAlertsService,
  RiskService,
  riskModule,
  type FreezeMember,
  type RiskUsage,
} from './risk/index.ts';
import { KycReview, KycService, kycModule, type ConfirmedDeposits } from './kyc/index.ts';

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
  play: PlayService;
  exclusions: ExclusionService;
  /**
   * What play must pass before it starts (a game launch, a transfer into a platform): no
   * time-out or self-exclusion in force, and every loss, wager and play-time limit with room.
   */
  assertMayPlay(brand: Brand, memberId: bigint): Promise<void>;
  /** Risk rules evaluated on events, and the back office's alert queue (issue 15, point 8). */
  risk: RiskService;
  riskAlerts: RiskAlertsService;
  /** KYC (issue 15, point 7): the member's level and the money paths' check; the operators' queue. */
  kyc: KycService;
  kycReview: KycReview;
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
  /** Brings a member's game balances back to the wallet (games), when they exclude themselves. */
  recycle: Recycle;
  log?: { warn(details: Record<string, unknown>, message: string): void };
  /** Risk rules: what they read of money's records, and the member record's freeze. */
  risk: { log: FastifyBaseLogger; usage: () => RiskUsage; freezeMember: FreezeMember };
  /** KYC: the member's confirmed deposits in all (money, handed in by app.ts). */
  confirmedDeposits: ConfirmedDeposits;
};

export function createProtection(settings: ProtectionSettings): Protection {
  const { db, platform, identity, usage, now } = settings;
  const limits = new LimitsService({ db, audit: platform.audit, usage, now });
  const exclusions = new ExclusionService({
    db,
    audit: platform.audit,
    registry: identity.registry,
    sessions: identity.sessions,
    recycle: settings.recycle,
    now,
    ...(settings.log ? { log: settings.log } : {}),
  });
  const assertMayPlay = async (brand: Brand, memberId: bigint) => {
    if (await exclusions.excluded(memberId)) throw appError(MEMBER_ERRORS, 'account_excluded');
    await limits.assertPlayAllowed(brand, memberId);
  };
  const play = new PlayService({
    db,
    usage,
    now,
    mayPlay: assertMayPlay,
    playMinutesLeft: (brand, memberId) => limits.playMinutesLeft(brand, memberId),
  });
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
  return {
    kyc,
    kycReview,
    limits,
    play,
    exclusions,
    assertMayPlay,
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
  await app.register(limitsModule, { limits: protection.limits, play: protection.play });
  await app.register(exclusionModule, { exclusions: protection.exclusions });
  await app.register(riskModule, { alerts: protection.riskAlerts });
  await app.register(kycModule, { kyc: protection.kyc, review: protection.kycReview });
}
