import { z } from 'zod';
import { multiline } from './text.ts';
import { brandCodeSchema } from './brand.ts';
import { GAME_CATEGORIES, VIP_LEVEL_MAX, VIP_LEVEL_MIN } from './constants.ts';
import { pageQueryFields, pageSchema } from './withdrawal.ts';

/**
 * VIP levels 0-30 of a brand (SPEC.md sections 1, 7 and 9): each level has thresholds (the
 * member's cumulative credited deposits and valid bets, both must be met), an icon, and
 * privileges: an upgrade bonus paid once, a monthly bonus, a daily rebate rate per game
 * category (never above the brand's maximum rebate rate) and the daily withdrawal count and
 * amount. Amounts are decimal strings in the brand's currency; rates are percent strings
 * ("0.80" is 0.8 %) on the member side and whole basis points on the operator side.
 */

/** The game category codes a rebate rate is set for ("2".."8"). */
export const VIP_REBATE_CATEGORIES: readonly number[] = Object.values(GAME_CATEGORIES);

export const VIP_REWARD_KINDS = ['upgrade', 'monthly', 'rebate'] as const;
export type VipRewardKind = (typeof VIP_REWARD_KINDS)[number];

/** The generated icon of a level: an SVG drawn from the level number alone, cached for a year. */
export const VIP_ICON_VERSION = '1';
export const VIP_ICON_PATH = '/api/vip/icons/:file';
export function vipIconUrl(level: number): string {
  return `/api/vip/icons/vip-${level}.svg?v=${VIP_ICON_VERSION}`;
}

export const vipRebateRateSchema = z.object({
  category: z.number().int(),
  /** Percent of the day's valid bets in the category, e.g. "0.80". */
  ratePercent: z.string(),
});

export const vipLevelSchema = z.object({
  level: z.number().int(),
  icon: z.string(),
  depositThreshold: z.string(),
  turnoverThreshold: z.string(),
  upgradeBonus: z.string(),
  monthlyBonus: z.string(),
  rebateRates: z.array(vipRebateRateSchema),
  withdrawDailyCount: z.number().int(),
  withdrawDailyMax: z.string(),
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

/** Every level of the brand, for guests too. */
export const vipListEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/vips/list',
  response: z.object({
    /** The brand's highest rebate rate in percent: no level's rate is above it. */
    maxRebateRatePercent: z.number(),
    levels: z.array(vipLevelSchema),
  }),
} as const;

export const vipRewardSchema = z.object({
  id: z.string(),
  kind: z.enum(VIP_REWARD_KINDS),
  level: z.number().int(),
  /** '' for an upgrade bonus, YYYY-MM for a monthly bonus, YYYY-MM-DD for a rebate. */
  period: z.string(),
  amount: z.string(),
  createdAt: z.string(),
});
export type VipReward = z.infer<typeof vipRewardSchema>;

export const vipProgressSchema = z.object({
  level: z.number().int(),
  icon: z.string(),
  depositThreshold: z.string(),
  turnoverThreshold: z.string(),
  /** How much more is needed ("0.00" once met). */
  depositRemaining: z.string(),
  turnoverRemaining: z.string(),
  /** 0-100, whole percent of the way from nothing to the threshold, for the progress bars. */
  depositPercent: z.number().int(),
  turnoverPercent: z.number().int(),
});

/** The member's level, totals, progress to the next level, privileges and recent rewards. */
export const memberVipEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/vips',
  response: z.object({
    level: z.number().int(),
    icon: z.string(),
    /** Cumulative credited deposits and valid bets, what the thresholds are compared with. */
    deposit: z.string(),
    turnover: z.string(),
    /** The next level, or null at the top. */
    next: vipProgressSchema.nullable(),
    privileges: vipLevelSchema,
    maxRebateRatePercent: z.number(),
    /** The newest VIP rewards paid to the member (at most 20). */
    rewards: z.array(vipRewardSchema),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Operator API (JSON under /admin/api/vip/).

const minorSchema = z.string();
export const adminVipLevelSchema = z.object({
  level: z.number().int(),
  depositThreshold: minorSchema,
  turnoverThreshold: minorSchema,
  upgradeBonus: minorSchema,
  monthlyBonus: minorSchema,
  /** Basis points per category code ("2".."8"): 80 is 0.8 %. */
  rebateRatesBp: z.record(z.string(), z.number().int()),
  withdrawDailyCount: z.number().int(),
  withdrawDailyMax: minorSchema,
  bonusTurnoverMultiplierPercent: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminVipLevel = z.infer<typeof adminVipLevelSchema>;

export const adminVipLevelsEndpoint = {
  method: 'GET',
  path: '/admin/api/vip/levels',
  query: z.object({ brand: brandCodeSchema }),
  response: z.object({
    brand: z.string(),
    currency: z.string(),
    maxRebateRatePercent: z.number(),
    levels: z.array(adminVipLevelSchema),
  }),
} as const;

/** A decimal amount in the brand's currency ("100.00"); the service checks the scale. */
const amountInput = z.string().trim().min(1).max(24);

/**
 * Changes one level; fields left out keep their value. The service refuses a change that would
 * break the order of thresholds (each level's above the level below it, level 0's zero), a rate
 * above the brand's maximum, or a negative amount, and then nothing changes.
 */
export const adminUpdateVipLevelEndpoint = {
  method: 'PUT',
  path: '/admin/api/vip/levels/:level',
  params: z.object({ level: z.coerce.number().int().min(VIP_LEVEL_MIN).max(VIP_LEVEL_MAX) }),
  body: z
    .object({
      brand: brandCodeSchema,
      depositThreshold: amountInput.optional(),
      turnoverThreshold: amountInput.optional(),
      upgradeBonus: amountInput.optional(),
      monthlyBonus: amountInput.optional(),
      rebateRatesBp: z
        .record(z.string().regex(/^[2-8]$/, 'category'), z.number().int().min(0).max(10_000))
        .optional(),
      withdrawDailyCount: z.number().int().min(0).max(1000).optional(),
      withdrawDailyMax: amountInput.optional(),
      bonusTurnoverMultiplierPercent: z.number().int().min(0).max(10_000).optional(),
      reason: multiline(z.string().trim().max(200)).optional(),
    })
    .strict(),
  response: adminVipLevelSchema,
} as const;

export const VIP_JOBS = ['upgrade', 'rebate', 'monthly'] as const;
export type VipJob = (typeof VIP_JOBS)[number];

/**
 * Runs a VIP job for a brand now: `upgrade` (every member's level from their totals), `rebate`
 * for a day of the brand's time zone that has ended (`day` YYYY-MM-DD), `monthly` for a month that has
 * begun (`month` YYYY-MM). Idempotent: what was paid is not paid again.
 */
export const adminRunVipJobEndpoint = {
  method: 'POST',
  path: '/admin/api/vip/jobs',
  body: z
    .object({
      brand: brandCodeSchema,
      job: z.enum(VIP_JOBS),
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'day')
        .optional(),
      month: z
        .string()
        .regex(/^\d{4}-\d{2}$/, 'month')
        .optional(),
    })
    .strict(),
  response: z.object({
    job: z.enum(VIP_JOBS),
    period: z.string(),
    /** Members evaluated and rewards paid by this run (zero on a re-run). */
    members: z.number().int(),
    paid: z.number().int(),
    amount: z.string(),
  }),
} as const;

export const VIP_JOB_STATUSES = ['running', 'succeeded', 'failed'] as const;

export const adminVipJobStateSchema = z.object({
  job: z.enum(VIP_JOBS),
  /**
   * The background sweep that runs the job for every brand: how often, how many times, and how
   * its last run went (null before its first run).
   */
  intervalMinutes: z.number().int(),
  runCount: z.number().int(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastStatus: z.enum(VIP_JOB_STATUSES).nullable(),
  lastError: z.string().nullable(),
  nextDueAt: z.string().nullable(),
  /** Rebate only: the last day of the brand's time zone the sweep has paid (YYYY-MM-DD). */
  sweptThrough: z.string().nullable(),
  /** The brand's newest reward of the job's kind (by the sweep or an operator's run). */
  lastReward: z
    .object({ period: z.string(), amount: z.string(), createdAt: z.string() })
    .nullable(),
});
export type AdminVipJobState = z.infer<typeof adminVipJobStateSchema>;

/** The state of the three VIP jobs for a brand: their sweeps' runs and the brand's last payouts. */
export const adminVipJobsEndpoint = {
  method: 'GET',
  path: '/admin/api/vip/jobs',
  query: z.object({ brand: brandCodeSchema }),
  response: z.object({
    brand: z.string(),
    currency: z.string(),
    timeZone: z.string(),
    jobs: z.array(adminVipJobStateSchema),
  }),
} as const;

export const adminVipRewardSchema = vipRewardSchema.extend({
  username: z.string(),
  breakdown: z.record(z.string(), z.unknown()),
});

export const adminVipRewardsEndpoint = {
  method: 'GET',
  path: '/admin/api/vip/rewards',
  query: z.object({
    brand: brandCodeSchema,
    username: z.string().trim().min(1).max(32).optional(),
    kind: z.enum(VIP_REWARD_KINDS).optional(),
    ...pageQueryFields,
  }),
  response: pageSchema(adminVipRewardSchema),
} as const;
