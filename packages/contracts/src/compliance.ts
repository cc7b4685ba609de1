import { z } from 'zod';
import { multiline } from './text.ts';
import { brandCodeSchema } from './brand.ts';

/**
 * A brand's compliance profile (issue 15): which player-protection parts are mandatory and their
 * numbers. A brand names one of COMPLIANCE_PROFILES and may change the numbers the profile leaves
 * open; what a profile makes mandatory (`PROFILE_FIXED`) no operator can loosen. The effective
 * settings are the profile's defaults, then the brand's overrides, then the profile's fixed
 * fields: `effectiveCompliance`.
 *
 * Money thresholds a regulator states in euros (the EU AML directives, the KYC and risk
 * thresholds) are kept in euro cents and turned into the brand's currency with the brand's
 * recorded rate (`eurRate`, units of the brand's currency per euro, and the day it was taken),
 * so every rule works in every currency: `eurCentsToBrandMinor`.
 */

export const COMPLIANCE_PROFILES = ['standard', 'ukgc', 'mga'] as const;
export type ComplianceProfile = (typeof COMPLIANCE_PROFILES)[number];
export const complianceProfileSchema = z.enum(COMPLIANCE_PROFILES);

/** When the site asks a member to set a deposit limit. */
export const DEPOSIT_LIMIT_PROMPTS = ['none', 'registration', 'first_deposit'] as const;

/** A rate as a decimal string: up to 8 integer digits and 6 decimals, above zero. */
const rateSchema = z
  .string()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,6})?$/, 'rate: a decimal such as 7.8123')
  .refine((text) => Number(text) > 0, 'rate: above zero');

const cents = (max: number) => z.number().int().min(0).max(max);

export const complianceSettingsSchema = z.object({
  /** When the site asks for a deposit limit: at registration, before the first deposit, never. */
  depositLimitPrompt: z.enum(DEPOSIT_LIMIT_PROMPTS),
  /** Identity verification (KYC level 2) before the first deposit. */
  kycBeforeFirstDeposit: z.boolean(),
  /** Date of birth asked at registration; members under `minimumAge` are refused. */
  dateOfBirthRequired: z.boolean(),
  minimumAge: z.number().int().min(18).max(21),
  /** Minutes between reality checks when the member picks none; 0: none unless they pick one. */
  realityCheckDefaultMinutes: z.number().int().min(0).max(240),
  /** The shortest time-out a member may take, in hours (24 hours to 6 weeks). */
  timeOutMinimumHours: z
    .number()
    .int()
    .min(24)
    .max(6 * 7 * 24),
  /** The shortest self-exclusion, in months (6 months to 5 years). */
  selfExclusionMinimumMonths: z.number().int().min(6).max(60),
  /** Euros and the brand's currency: units of the brand's currency per euro, and its date. */
  eurRate: rateSchema,
  eurRateRecordedOn: z.iso.date(),
  kyc: z.object({
    /** Level 2 before a withdrawal above this many euro cents; null: no such threshold. */
    withdrawalAboveEurCents: cents(100_000_000).nullable(),
    /** Level 2 once the member's deposits reach this many euro cents in all. */
    cumulativeDepositsEurCents: cents(100_000_000),
  }),
  risk: z.object({
    /** `count` failed deposits in `windowMinutes` block deposits for `blockMinutes`. */
    failedDeposits: z.object({
      count: z.number().int().min(2).max(100),
      windowMinutes: z.number().int().min(1).max(1_440),
      blockMinutes: z.number().int().min(1).max(10_080),
    }),
    /** A withdrawal when valid bets since the deposits are below this share of them (percent). */
    lowWagerWithdrawalPercent: z.number().int().min(0).max(1_000),
    /** `count` new payout accounts within `windowHours`. */
    payoutAccounts: z.object({
      count: z.number().int().min(2).max(50),
      windowHours: z.number().int().min(1).max(720),
    }),
    /** The same device, address or payout account on this many members. */
    sharedIdentifierMembers: z.number().int().min(2).max(50),
    /** Cumulative deposits past this many euro cents (AML). */
    cumulativeDepositsEurCents: cents(1_000_000_000),
    /** Whether a hit holds the member's withdrawals for review. */
    holdWithdrawals: z.boolean(),
  }),
  /** A single payout at or above this many euro cents is a significant event (a large win). */
  largeWinEurCents: cents(1_000_000_000),
});
export type ComplianceSettings = z.infer<typeof complianceSettingsSchema>;

/** The fields a profile makes mandatory: its value of each, which no override changes. */
type Fixed = Partial<
  Pick<ComplianceSettings, 'depositLimitPrompt' | 'kycBeforeFirstDeposit' | 'dateOfBirthRequired'>
>;

const STANDARD: ComplianceSettings = {
  depositLimitPrompt: 'none',
  kycBeforeFirstDeposit: false,
  dateOfBirthRequired: false,
  minimumAge: 18,
  realityCheckDefaultMinutes: 0,
  timeOutMinimumHours: 24,
  selfExclusionMinimumMonths: 6,
  eurRate: '7.800000',
  eurRateRecordedOn: '2026-11-01',
  kyc: { withdrawalAboveEurCents: null, cumulativeDepositsEurCents: 200_000 },
  risk: {
    failedDeposits: { count: 5, windowMinutes: 10, blockMinutes: 30 },
    lowWagerWithdrawalPercent: 30,
    payoutAccounts: { count: 3, windowHours: 24 },
    sharedIdentifierMembers: 3,
    cumulativeDepositsEurCents: 1_000_000,
    holdWithdrawals: false,
  },
  largeWinEurCents: 500_000,
};

/** Each profile's defaults and the parts it makes mandatory. */
export const PROFILE_DEFINITIONS: Record<
  ComplianceProfile,
  { defaults: ComplianceSettings; fixed: Fixed }
> = {
  standard: { defaults: STANDARD, fixed: {} },
  ukgc: {
    defaults: {
      ...STANDARD,
      depositLimitPrompt: 'registration',
      kycBeforeFirstDeposit: true,
      dateOfBirthRequired: true,
      realityCheckDefaultMinutes: 60,
      selfExclusionMinimumMonths: 6,
      eurRate: '7.800000',
      kyc: { withdrawalAboveEurCents: 0, cumulativeDepositsEurCents: 200_000 },
      risk: { ...STANDARD.risk, holdWithdrawals: true },
    },
    fixed: {
      depositLimitPrompt: 'registration',
      kycBeforeFirstDeposit: true,
      dateOfBirthRequired: true,
    },
  },
  mga: {
    defaults: {
      ...STANDARD,
      depositLimitPrompt: 'first_deposit',
      dateOfBirthRequired: true,
      realityCheckDefaultMinutes: 60,
      selfExclusionMinimumMonths: 6,
      kyc: { withdrawalAboveEurCents: 200_000, cumulativeDepositsEurCents: 200_000 },
      risk: { ...STANDARD.risk, holdWithdrawals: true },
    },
    fixed: { dateOfBirthRequired: true },
  },
};

/** A partial of the settings, one level deep inside `kyc` and `risk`, as a brand stores it. */
export const complianceOverridesSchema = complianceSettingsSchema
  .extend({
    kyc: complianceSettingsSchema.shape.kyc.partial(),
    risk: complianceSettingsSchema.shape.risk.partial(),
  })
  .partial();
export type ComplianceOverrides = z.infer<typeof complianceOverridesSchema>;

/** What a brand stores: its profile and the numbers it changed. */
export const brandComplianceSchema = z.object({
  profile: complianceProfileSchema.default('standard'),
  overrides: complianceOverridesSchema.default({}),
});
export type BrandCompliance = z.infer<typeof brandComplianceSchema>;

/** The profile's defaults, the overrides, the profile's fixed parts: unchecked. */
export function mergedCompliance(stored: BrandCompliance): unknown {
  const { defaults, fixed } = PROFILE_DEFINITIONS[stored.profile];
  const { overrides } = stored;
  return {
    ...defaults,
    ...overrides,
    kyc: { ...defaults.kyc, ...overrides.kyc },
    risk: { ...defaults.risk, ...overrides.risk },
    ...fixed,
  };
}

/** The settings that apply: the profile's defaults, the overrides, the profile's fixed parts. */
export function effectiveCompliance(stored: BrandCompliance): ComplianceSettings {
  return complianceSettingsSchema.parse(mergedCompliance(stored));
}

/** The overrides that try to change a part the profile fixes (to refuse them by name). */
export function fixedConflicts(stored: BrandCompliance): string[] {
  const { fixed } = PROFILE_DEFINITIONS[stored.profile];
  return Object.entries(fixed)
    .filter(([key, value]) => {
      const override = (stored.overrides as Record<string, unknown>)[key];
      return override !== undefined && override !== value;
    })
    .map(([key]) => key);
}

/**
 * Euro cents in minor units of the brand's currency at the recorded rate, rounded down (a
 * threshold in the member's favour never rounds up past the regulator's number): `decimals` is
 * the currency's minor-unit digits. Exact: integer arithmetic on the rate's digits.
 */
export function eurCentsToBrandMinor(eurCents: number, eurRate: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = eurRate.split('.');
  const rateMicros = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  // eurCents / 100 euros * rate units/euro * 10^decimals minor/unit.
  return (BigInt(eurCents) * rateMicros * 10n ** BigInt(decimals)) / (100n * 1_000_000n);
}

// ---------------------------------------------------------------------------------------------
// Operator calls (JSON, bearer token, `compliance.manage`, the brand in the operator's scope).

const brandParamsSchema = z.object({ code: brandCodeSchema });

export const adminBrandComplianceSchema = z.object({
  brand: z.string(),
  profile: complianceProfileSchema,
  overrides: complianceOverridesSchema,
  /** What applies now. */
  effective: complianceSettingsSchema,
  /** The fields the profile makes mandatory. */
  fixed: z.array(z.string()),
  /** Every profile's defaults, for the form's "reset to the profile" and comparison. */
  profiles: z.record(complianceProfileSchema, complianceSettingsSchema),
  revision: z.string(),
});
export type AdminBrandCompliance = z.infer<typeof adminBrandComplianceSchema>;

export const adminBrandComplianceEndpoint = {
  method: 'GET',
  path: '/admin/api/brands/:code/compliance',
  params: brandParamsSchema,
  response: adminBrandComplianceSchema,
} as const;

/**
 * Sets the brand's profile and overrides (replacing the ones stored). An override of a part the
 * profile fixes is refused (`compliance_fixed`); every node applies the change at once; action
 * logged with the settings before and after.
 */
export const adminSetBrandComplianceEndpoint = {
  method: 'PUT',
  path: '/admin/api/brands/:code/compliance',
  params: brandParamsSchema,
  body: z.object({
    profile: complianceProfileSchema,
    overrides: complianceOverridesSchema.default({}),
    reason: multiline(z.string().trim().min(1).max(200)),
  }),
  response: adminBrandComplianceSchema,
} as const;
