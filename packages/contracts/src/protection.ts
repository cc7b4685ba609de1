import { z } from 'zod';

/**
 * The member's responsible-gaming tools (issue 15, points 1 to 4): their limits with what is
 * used and what is left, reality checks, time-out and self-exclusion. Member calls (session,
 * JSON). Amounts are decimal strings in the brand's currency; play time is in minutes.
 */

export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'play_time'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** Money limits take every period; play time is a daily limit. */
export const PERIODS_OF: Record<LimitKind, readonly LimitPeriod[]> = {
  deposit: LIMIT_PERIODS,
  loss: LIMIT_PERIODS,
  wager: LIMIT_PERIODS,
  play_time: ['day'],
};
/** Hours an increase or a removal waits before the member may confirm it. */
export const LIMIT_INCREASE_DELAY_HOURS = 24;
/** The most minutes a day a play-time limit may allow (a day). */
export const PLAY_TIME_MAX_MINUTES = 24 * 60;

export const memberLimitSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** The limit in force: a decimal amount, or whole minutes for play time. */
  amount: z.string(),
  /** Counted over the rolling period up to now (play time: today in the brand's calendar). */
  used: z.string(),
  /** What the member may still deposit, stake or lose (or play), never below zero. */
  remaining: z.string(),
  /** An increase (amount) or a removal (null) waiting for its 24 hours and confirmation. */
  pending: z
    .object({
      amount: z.string().nullable(),
      /** ISO 8601: from when the member may confirm it. */
      confirmableFrom: z.string(),
      confirmable: z.boolean(),
    })
    .nullable(),
});
export type MemberLimit = z.infer<typeof memberLimitSchema>;

export const memberLimitsSchema = z.object({
  currency: z.string(),
  /** The brand's time zone: play time counts its days. */
  timeZone: z.string(),
  limits: z.array(memberLimitSchema),
  /** Whether the brand's profile asks the member to set a deposit limit now. */
  depositLimitPrompt: z.boolean(),
});
export type MemberLimits = z.infer<typeof memberLimitsSchema>;

export const memberLimitsEndpoint = {
  method: 'GET',
  path: '/api/f/v1/protection/limits',
  response: memberLimitsSchema,
} as const;

const limitKey = {
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
};

/**
 * Sets, lowers, raises or removes (amount null) one limit. Lowering (or a first limit) applies
 * at once; raising or removing waits 24 hours and then the member's confirmation. Answers the
 * whole view.
 */
export const setMemberLimitEndpoint = {
  method: 'POST',
  path: '/api/f/v1/protection/limits',
  body: z
    .object({
      ...limitKey,
      /**
       * A decimal amount (money) or whole minutes (play time); null, absent or empty removes the
       * limit (a form sends no field for null).
       */
      amount: z
        .union([
          z.literal(''),
          z
            .string()
            .trim()
            .regex(/^\d{1,12}(\.\d{1,2})?$/, 'amount'),
        ])
        .nullish()
        .transform((value) => (value ? value : null)),
    })
    .refine((body) => PERIODS_OF[body.kind].includes(body.period), {
      message: 'period: play time is daily',
      path: ['period'],
    }),
  response: memberLimitsSchema,
} as const;

/** Confirms a waiting increase or removal once its 24 hours have passed. */
export const confirmMemberLimitEndpoint = {
  method: 'POST',
  path: '/api/f/v1/protection/limits/confirm',
  body: z.object(limitKey),
  response: memberLimitsSchema,
} as const;

/** Withdraws a waiting increase or removal: the limit in force stays. */
export const cancelMemberLimitEndpoint = {
  method: 'POST',
  path: '/api/f/v1/protection/limits/keep',
  body: z.object(limitKey),
  response: memberLimitsSchema,
} as const;

// ---------------------------------------------------------------------------------------------
// Time-out and self-exclusion (issue 15, point 4).

/** A time-out: a break of 24 hours, 7 days, 30 days or 6 weeks. */
export const TIME_OUT_PERIODS = ['24h', '7d', '30d', '42d'] as const;
/** A self-exclusion: 6 months, 1, 2 or 5 years, or indefinite. */
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '2y', '5y', 'permanent'] as const;
export const EXCLUSION_KINDS = ['time_out', 'self_exclusion'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];
export type ExclusionPeriod =
  (typeof TIME_OUT_PERIODS)[number] | (typeof SELF_EXCLUSION_PERIODS)[number];

export const memberExclusionSchema = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  period: z.string(),
  startsAt: z.string(),
  /** Null: indefinite. */
  endsAt: z.string().nullable(),
  /** When the member asked to end it, and from when it ends. */
  endRequestedAt: z.string().nullable(),
  endableAt: z.string().nullable(),
  /** Whether the member may ask now (its period has run out, or an indefinite one's minimum). */
  canAskToEnd: z.boolean(),
  /** From when the member may ask (null once asked). */
  askableFrom: z.string().nullable(),
});
export type MemberExclusion = z.infer<typeof memberExclusionSchema>;

export const memberExclusionStateSchema = z.object({
  current: memberExclusionSchema.nullable(),
  /** The periods the brand's profile offers. */
  timeOutPeriods: z.array(z.enum(TIME_OUT_PERIODS)),
  selfExclusionPeriods: z.array(z.enum(SELF_EXCLUSION_PERIODS)),
});
export type MemberExclusionState = z.infer<typeof memberExclusionStateSchema>;

export const memberExclusionEndpoint = {
  method: 'GET',
  path: '/api/f/v1/protection/exclusion',
  response: memberExclusionStateSchema,
} as const;

/**
 * Takes a time-out or a self-exclusion, in force at once: every session ends (this one too),
 * game balances come back to the wallet, and until it ends the member may only log in to
 * withdraw and see their history. A longer one may replace one in force; never a shorter one.
 */
export const takeExclusionEndpoint = {
  method: 'POST',
  path: '/api/f/v1/protection/exclusion',
  body: z
    .object({
      kind: z.enum(EXCLUSION_KINDS),
      period: z.enum([...TIME_OUT_PERIODS, ...SELF_EXCLUSION_PERIODS]),
      /** The member confirms they understand it cannot be undone early (a form sends "true"). */
      confirm: z.union([z.literal(true), z.literal('true')]),
    })
    .refine(
      (body) =>
        body.kind === 'time_out'
          ? (TIME_OUT_PERIODS as readonly string[]).includes(body.period)
          : (SELF_EXCLUSION_PERIODS as readonly string[]).includes(body.period),
      { message: 'period: not one of the kind', path: ['period'] },
    ),
  response: memberExclusionStateSchema,
} as const;

/**
 * Asks to end an exclusion whose period has run out (an indefinite one after the profile's
 * minimum): it ends 24 hours later (7 days for an indefinite one), never earlier.
 */
export const endExclusionEndpoint = {
  method: 'POST',
  path: '/api/f/v1/protection/exclusion/end',
  response: memberExclusionStateSchema,
} as const;

// ---------------------------------------------------------------------------------------------
// Reality checks and play time (issue 15, points 1 and 3).

/** The intervals a member may pick for reality checks, in minutes. */
export const REALITY_CHECK_CHOICES = [15, 30, 45, 60, 90, 120] as const;

export const realityCheckSettingsSchema = z.object({
  /** The member's own interval; null: the brand's default. */
  chosenMinutes: z.number().int().nullable(),
  /** What applies: the member's, else the brand's default; 0: none. */
  minutes: z.number().int(),
  brandDefaultMinutes: z.number().int(),
});
export type RealityCheckSettings = z.infer<typeof realityCheckSettingsSchema>;

export const realityCheckEndpoint = {
  method: 'GET',
  path: '/api/f/v1/protection/reality-check',
  response: realityCheckSettingsSchema,
} as const;

/** Sets the member's interval (0: none; null: the brand's default). */
export const setRealityCheckEndpoint = {
  method: 'POST',
  path: '/api/f/v1/protection/reality-check',
  body: z.object({
    /** 0: none; absent or null: the brand's default (a form sends no field for null). */
    minutes: z.coerce
      .number()
      .int()
      .refine(
        (value) => value === 0 || (REALITY_CHECK_CHOICES as readonly number[]).includes(value),
        'minutes: 0 or one of the choices',
      )
      .nullish()
      .transform((value) => value ?? null),
  }),
  response: realityCheckSettingsSchema,
} as const;

/**
 * The game screen's tick, once a minute while a game is open: counts the play time of the
 * brand's day and answers what the reality check shows (time in this session, its net result)
 * and whether play must stop (the daily play time is used, a limit or an exclusion is in force).
 */
export const playTickEndpoint = {
  method: 'POST',
  path: '/api/f/v1/protection/play',
  body: z.object({
    /** When this game session began, as the game screen saw it (clamped to the last 24 hours). */
    startedAt: z.iso.datetime({ offset: true }),
  }),
  response: z.object({
    /** Minutes between reality checks; 0: none. */
    realityCheckMinutes: z.number().int(),
    sessionMinutes: z.number().int(),
    /** Payouts minus stakes in this session, a decimal string in the brand's currency. */
    net: z.string(),
    currency: z.string(),
    /** Minutes of play left today under the play-time limit; null without one. */
    playTimeLeftMinutes: z.number().int().nullable(),
    /** Play must end now: why (a code of the errors catalogue), else null. */
    stop: z.string().nullable(),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// The back office (issue 15): a member's protection state, and the exclusion registry.

const adminMemberIdParams = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, 'a member id') });

/**
 * The member 360's protection panel (`members.read`, the member's brand in the operator's
 * scope): the limits with what is used and pending, the time-out or self-exclusion in force,
 * the reality-check interval. KYC and risk alerts have panels of their own.
 */
export const adminMemberProtectionEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/protection',
  params: adminMemberIdParams,
  response: z.object({
    limits: memberLimitsSchema,
    exclusion: memberExclusionSchema.nullable(),
    realityCheck: realityCheckSettingsSchema,
  }),
} as const;

export const REGISTRY_IDENTIFIER_KINDS = ['phone', 'email', 'name_dob', 'id_number'] as const;

/**
 * Whether an identifier is in the exclusion registry (`risk.alerts`): only that a match exists,
 * with its brand and period, never whose it is. The value is hashed as the registry keys it and
 * never stored; each search is in the action log (kind and result, not the value).
 */
export const adminRegistrySearchEndpoint = {
  method: 'POST',
  path: '/admin/api/exclusion-registry/search',
  body: z.object({
    kind: z.enum(REGISTRY_IDENTIFIER_KINDS),
    /** A phone with its area code digits, an e-mail, `name|YYYY-MM-DD`, an ID number. */
    value: z.string().trim().min(3).max(200),
  }),
  response: z.array(
    z.object({
      kind: z.string(),
      brand: z.string(),
      startsAt: z.string(),
      /** Null: indefinite. */
      endsAt: z.string().nullable(),
    }),
  ),
} as const;
