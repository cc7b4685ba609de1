import { z } from 'zod';
import { brandCodeSchema } from './brand.ts';
import { DAY_IN_RANGE_PATTERN } from './dates.ts';
import { decimalAmountSchema } from './wallet.ts';

/**
 * Reports and the dashboard of the back office (`reports.read`, JSON, bearer token). They read
 * the daily rollups a sweep keeps (decision 0022), never raw rows at request time, so `asOf`
 * says how fresh they are. Scope: the operator's brands; `brand` narrows to one of them (one
 * outside them is refused as `forbidden`).
 *
 * Days are calendar days in each brand's time zone. `period`: today, yesterday, the 7 or 30 days
 * ending today, or `range` with `from` and `to` (inclusive, at most `REPORT_MAX_RANGE_DAYS`
 * days). The previous period is the same number of days just before. A bad period answers
 * `report_period_invalid` (400) and a longer range `report_range_too_long`.
 *
 * Money: decimal strings in the row's currency (the rollups sum integer minor units exactly and
 * format them at the end), like every admin contract. Brands may differ in currency, so totals
 * come per currency. Each report has a streamed CSV twin at its path + `/export` (the rules of
 * exports-admin.ts: UTF-8 with BOM, CRLF, `columns` as the header, action logged).
 */

export const REPORT_PERIODS = ['today', 'yesterday', '7d', '30d', 'range'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** The longest `range`, in days (inclusive). */
export const REPORT_MAX_RANGE_DAYS = 366;

const daySchema = z.string().regex(DAY_IN_RANGE_PATTERN, 'day: YYYY-MM-DD, 2000 to 2100');

/** The period every report takes. */
export const reportPeriodQuerySchema = z.object({
  brand: z.union([brandCodeSchema, z.literal('')]).optional(),
  period: z.enum(REPORT_PERIODS).default('today'),
  /** Required with `range`; ignored otherwise. */
  from: daySchema.optional(),
  to: daySchema.optional(),
});
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuerySchema>;

const money = decimalAmountSchema;
const count = z.number().int();

/** The game figures every game row carries. `players`: distinct members per day, summed over
 * the days of the period (player-days); for one day, the distinct players of that day. */
const gameFigures = {
  bets: money,
  validBets: money,
  payouts: money,
  /** Stakes less payouts. */
  ggr: money,
  players: count,
};

export const dashboardTotalsSchema = z.object({
  registrations: count,
  /** First-time depositors: members whose first confirmed deposit fell in the period. */
  ftdCount: count,
  ftdAmount: money,
  deposits: money,
  depositCount: count,
  /** Paid withdrawals. */
  withdrawals: money,
  withdrawalCount: count,
  /** Deposits less withdrawals. */
  netDeposits: money,
  /** Stakes of the settled bets. */
  bets: money,
  validBets: money,
  payouts: money,
  /** bets - payouts. */
  ggr: money,
  /** Promotion and VIP rewards credited (bonus cost). */
  bonus: money,
  /** VIP rebates credited. */
  rebate: money,
  /** Agent commission paid. */
  commission: money,
  /** ggr - bonus - rebate - commission. */
  ngr: money,
  /** Distinct members with a settled bet or a deposit in the period. */
  activeMembers: count,
});
export type DashboardTotals = z.infer<typeof dashboardTotalsSchema>;

/** The period the answer covers, resolved to days. */
const periodFields = {
  from: z.string().describe('YYYY-MM-DD, inclusive'),
  to: z.string().describe('YYYY-MM-DD, inclusive'),
  /** When the rollups were last brought up to date (ISO 8601); null before the first sweep. */
  asOf: z.string().nullable(),
};

export const adminReportsDashboardEndpoint = {
  method: 'GET',
  path: '/admin/api/reports/dashboard',
  query: reportPeriodQuerySchema,
  response: z.object({
    ...periodFields,
    previousFrom: z.string(),
    previousTo: z.string(),
    /** Members online now in the scope (presence heartbeats). */
    onlineNow: count,
    currencies: z.array(
      z.object({
        currency: z.string(),
        totals: dashboardTotalsSchema,
        previous: dashboardTotalsSchema,
        /** Every day of the period, in order (zeros on days without activity). */
        byDay: z.array(dashboardTotalsSchema.extend({ day: z.string() })),
        /** Previous period by day, same length, for the comparison line. */
        previousByDay: z.array(dashboardTotalsSchema.extend({ day: z.string() })),
        byPlatform: z.array(
          z.object({ platformId: z.string(), platformName: z.string(), ...gameFigures }),
        ),
        /** `category`: a GAME_CATEGORIES code. */
        byCategory: z.array(z.object({ category: z.string(), ...gameFigures })),
      }),
    ),
  }),
} as const;
export type AdminReportsDashboard = z.infer<typeof adminReportsDashboardEndpoint.response>;

/** A CSV twin of a report: same query, `columns` as the header line. */
function csvReport<
  const Contract extends { path: string; query: z.ZodType; columns: readonly string[] },
>(contract: Contract): { readonly method: 'GET' } & Contract {
  return { method: 'GET', ...contract };
}

const totalsColumns = [
  'registrations',
  'ftd_count',
  'ftd_amount',
  'deposits',
  'deposit_count',
  'withdrawals',
  'withdrawal_count',
  'net_deposits',
  'bets',
  'valid_bets',
  'payouts',
  'ggr',
  'bonus',
  'rebate',
  'commission',
  'ngr',
  'active_members',
] as const;

// ---------------------------------------------------------------------------------------------
// Daily summary per brand.

export const reportDailyRowSchema = dashboardTotalsSchema.extend({
  brand: z.string(),
  day: z.string(),
  currency: z.string(),
});
export type ReportDailyRow = z.infer<typeof reportDailyRowSchema>;

/** Per brand per day, days newest first, brands by code. */
export const adminReportDailyEndpoint = {
  method: 'GET',
  path: '/admin/api/reports/daily',
  query: reportPeriodQuerySchema,
  response: z.object({ ...periodFields, items: z.array(reportDailyRowSchema) }),
} as const;
export const adminReportDailyExportEndpoint = csvReport({
  path: '/admin/api/reports/daily/export',
  query: reportPeriodQuerySchema,
  columns: ['day', 'brand', 'currency', ...totalsColumns],
});

// ---------------------------------------------------------------------------------------------
// Platform and game performance.

export const reportGamesQuerySchema = reportPeriodQuerySchema.extend({
  /** With it: the games of this platform; without: one row per platform. */
  platformId: z.string().trim().min(1).max(64).optional(),
  /** A GAME_CATEGORIES code. */
  category: z.string().trim().min(1).max(8).optional(),
});
export const reportGameRowSchema = z.object({
  platformId: z.string(),
  platformName: z.string(),
  /** Null on platform rows. */
  gameCode: z.string().nullable(),
  /** Null on platform rows (and for a game the catalogue no longer knows). */
  gameName: z.string().nullable(),
  /** The GAME_CATEGORIES code; null on a platform row spanning several. */
  category: z.string().nullable(),
  currency: z.string(),
  ...gameFigures,
  /** Settled bet records (rounds). */
  rounds: count,
});
export type ReportGameRow = z.infer<typeof reportGameRowSchema>;

/** Ordered by GGR, highest first. */
export const adminReportGamesEndpoint = {
  method: 'GET',
  path: '/admin/api/reports/games',
  query: reportGamesQuerySchema,
  response: z.object({ ...periodFields, items: z.array(reportGameRowSchema) }),
} as const;
export const adminReportGamesExportEndpoint = csvReport({
  path: '/admin/api/reports/games/export',
  query: reportGamesQuerySchema,
  columns: [
    'platform_id',
    'platform_name',
    'game_code',
    'game_name',
    'category',
    'currency',
    'bets',
    'valid_bets',
    'payouts',
    'ggr',
    'rounds',
    'players',
  ],
});

// ---------------------------------------------------------------------------------------------
// Promotion cost and take-up.

export const reportPromotionRowSchema = z.object({
  promotionId: z.string(),
  brand: z.string(),
  /** The promotion's title in the operator's language (or its first). */
  title: z.string(),
  /** A PROMOTION_KINDS value. */
  kind: z.string(),
  currency: z.string(),
  /** Claims granted (paid) in the period. */
  claims: count,
  /** Distinct members among them. */
  members: count,
  /** Bonus paid. */
  cost: money,
});
export type ReportPromotionRow = z.infer<typeof reportPromotionRowSchema>;

/** Per promotion (cost highest first), and per kind. */
export const adminReportPromotionsEndpoint = {
  method: 'GET',
  path: '/admin/api/reports/promotions',
  query: reportPeriodQuerySchema,
  response: z.object({
    ...periodFields,
    items: z.array(reportPromotionRowSchema),
    byKind: z.array(
      z.object({
        kind: z.string(),
        currency: z.string(),
        claims: count,
        members: count,
        cost: money,
      }),
    ),
  }),
} as const;
export const adminReportPromotionsExportEndpoint = csvReport({
  path: '/admin/api/reports/promotions/export',
  query: reportPeriodQuerySchema,
  columns: ['promotion_id', 'brand', 'title', 'kind', 'currency', 'claims', 'members', 'cost'],
});

// ---------------------------------------------------------------------------------------------
// VIP distribution and rewards.

export const reportVipRowSchema = z.object({
  level: count,
  currency: z.string(),
  /** Members at this level now. */
  members: count,
  /** VIP rewards (upgrade and monthly bonuses) paid in the period to members now at this level. */
  rewardCount: count,
  rewards: money,
  /** Rebates paid in the period to members now at this level. */
  rebates: money,
});
export type ReportVipRow = z.infer<typeof reportVipRowSchema>;

export const adminReportVipEndpoint = {
  method: 'GET',
  path: '/admin/api/reports/vip',
  query: reportPeriodQuerySchema,
  response: z.object({ ...periodFields, items: z.array(reportVipRowSchema) }),
} as const;
export const adminReportVipExportEndpoint = csvReport({
  path: '/admin/api/reports/vip/export',
  query: reportPeriodQuerySchema,
  columns: ['level', 'currency', 'members', 'reward_count', 'rewards', 'rebates'],
});

// ---------------------------------------------------------------------------------------------
// Agent performance with their downlines.

export const reportAgentsQuerySchema = reportPeriodQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const reportAgentRowSchema = z.object({
  /** The agent's member id and username. */
  agentId: z.string(),
  username: z.string(),
  brand: z.string(),
  currency: z.string(),
  /** Members registered with the agent's invite code, all time. */
  downlineMembers: count,
  /** Of them, registered in the period. */
  newMembers: count,
  /** Of them, with a settled bet or a deposit in the period. */
  activeMembers: count,
  deposits: money,
  validBets: money,
  ggr: money,
  /** Commission paid to the agent in the period. */
  commission: money,
});
export type ReportAgentRow = z.infer<typeof reportAgentRowSchema>;

/** Agents with a downline or commission, GGR of their downline highest first. */
export const adminReportAgentsEndpoint = {
  method: 'GET',
  path: '/admin/api/reports/agents',
  query: reportAgentsQuerySchema,
  response: z.object({
    ...periodFields,
    items: z.array(reportAgentRowSchema),
    total: count,
    page: count,
    pageSize: count,
  }),
} as const;
export const adminReportAgentsExportEndpoint = csvReport({
  path: '/admin/api/reports/agents/export',
  query: reportAgentsQuerySchema.omit({ page: true, pageSize: true }),
  columns: [
    'agent_id',
    'username',
    'brand',
    'currency',
    'downline_members',
    'new_members',
    'active_members',
    'deposits',
    'valid_bets',
    'ggr',
    'commission',
  ],
});

// ---------------------------------------------------------------------------------------------
// Registration cohorts.

/** The most weeks since registration a cohort row carries. */
export const REPORT_COHORT_MAX_WEEKS = 26;
export const reportCohortsQuerySchema = reportPeriodQuerySchema.extend({
  /** Weeks since registration to show (0..weeks-1); default 8. */
  weeks: z.coerce.number().int().min(1).max(REPORT_COHORT_MAX_WEEKS).default(8),
});
export const reportCohortRowSchema = z.object({
  /** The Monday (YYYY-MM-DD, brand's days) of the registration week. */
  week: z.string(),
  /** Members registered that week (within the period's days). */
  size: count,
  /** Index n = n weeks after the registration week; null for weeks not yet begun. */
  weeks: z.array(z.object({ week: count, active: count.nullable(), depositing: count.nullable() })),
});
export type ReportCohortRow = z.infer<typeof reportCohortRowSchema>;

/** Cohorts of members registered in the period, by registration week (oldest first). */
export const adminReportCohortsEndpoint = {
  method: 'GET',
  path: '/admin/api/reports/cohorts',
  query: reportCohortsQuerySchema,
  response: z.object({ ...periodFields, items: z.array(reportCohortRowSchema) }),
} as const;
export const adminReportCohortsExportEndpoint = csvReport({
  path: '/admin/api/reports/cohorts/export',
  query: reportCohortsQuerySchema,
  /** Then `w<n>_active`, `w<n>_depositing` for each week n. */
  columns: ['week', 'size'],
});

// ---------------------------------------------------------------------------------------------
// Top winners and losers.

/** The longest list of top winners or losers one request may ask for. */
export const REPORT_PLAYERS_MAX_LIMIT = 500;

export const reportPlayersQuerySchema = reportPeriodQuerySchema.extend({
  /** winners: highest member net (payouts - stakes) first; losers: lowest first. */
  order: z.enum(['winners', 'losers']).default('winners'),
  limit: z.coerce.number().int().min(1).max(REPORT_PLAYERS_MAX_LIMIT).default(50),
});
export const reportPlayerRowSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  brand: z.string(),
  currency: z.string(),
  bets: money,
  validBets: money,
  payouts: money,
  /** The member's result: payouts - stakes (positive: the member won). */
  net: money,
  rounds: count,
});
export type ReportPlayerRow = z.infer<typeof reportPlayerRowSchema>;

export const adminReportPlayersEndpoint = {
  method: 'GET',
  path: '/admin/api/reports/players',
  query: reportPlayersQuerySchema,
  response: z.object({ ...periodFields, items: z.array(reportPlayerRowSchema) }),
} as const;
export const adminReportPlayersExportEndpoint = csvReport({
  path: '/admin/api/reports/players/export',
  query: reportPlayersQuerySchema,
  columns: [
    'member_id',
    'username',
    'brand',
    'currency',
    'bets',
    'valid_bets',
    'payouts',
    'net',
    'rounds',
  ],
});
