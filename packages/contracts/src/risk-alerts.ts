import { z } from 'zod';
import { brandCodeSchema } from './brand.ts';
import { multiline } from './text.ts';
import { cashierNoteSchema } from './cashier.ts';
import { pageQueryFields, pageSchema } from './withdrawal.ts';

/**
 * Risk rules and the back office's risk-alert queue (issue 15, point 8). Each rule is evaluated
 * by the server when its event happens, with its numbers from the brand's compliance profile
 * (`ComplianceSettings.risk`); a hit opens an alert (one open alert per member and rule: a
 * repeated hit counts on it). Operators holding `risk.alerts` claim alerts, add notes, resolve
 * them with a reason and freeze the member's money, every change action logged.
 */

export const RISK_RULES = [
  /** `count` failed deposits within `windowMinutes`: deposits blocked for `blockMinutes`. */
  'failed_deposits',
  /** A withdrawal while valid bets since the deposits are below a share of them. */
  'low_wager_withdrawal',
  /** Many payout accounts bound within a few hours. */
  'payout_accounts',
  /** A device, address or payout account the member shares with other members. */
  'shared_identifier',
  /** The member's deposits in all passed the AML threshold. */
  'cumulative_deposits',
] as const;
export type RiskRule = (typeof RISK_RULES)[number];

export const RISK_ALERT_STATUSES = ['open', 'resolved'] as const;
export type RiskAlertStatus = (typeof RISK_ALERT_STATUSES)[number];

/** Queue filters by claim (open alerts): the caller's, nobody's, someone's. */
export const RISK_CLAIM_FILTERS = ['mine', 'unclaimed', 'claimed'] as const;

/** The figures of a hit, by name (amounts as decimal strings in the brand's currency). */
export const riskDetailsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type RiskDetails = z.infer<typeof riskDetailsSchema>;

export const adminRiskAlertSchema = z.object({
  id: z.string(),
  brand: z.string(),
  memberId: z.string(),
  username: z.string(),
  rule: z.enum(RISK_RULES),
  status: z.enum(RISK_ALERT_STATUSES),
  /** The figures of the latest hit. */
  details: riskDetailsSchema,
  /** How many times the rule hit while the alert was open. */
  hits: z.number().int(),
  /** The withdrawal the hit was on, and whether it was put on hold for review. */
  withdrawalOrderNo: z.string().nullable(),
  withdrawalHeld: z.boolean(),
  createdAt: z.string().describe('ISO 8601'),
  lastHitAt: z.string().describe('ISO 8601'),
  claimedBy: z.string().nullable(),
  claimedAt: z.string().nullable().describe('ISO 8601'),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable().describe('ISO 8601'),
  resolution: z.string().nullable(),
  /** When an operator froze the member's money from this alert. */
  memberFrozenAt: z.string().nullable().describe('ISO 8601'),
  notesCount: z.number().int(),
});
export type AdminRiskAlert = z.infer<typeof adminRiskAlertSchema>;

export const adminRiskAlertDetailSchema = adminRiskAlertSchema.extend({
  notes: z.array(cashierNoteSchema),
});
export type AdminRiskAlertDetail = z.infer<typeof adminRiskAlertDetailSchema>;

const alertIdParams = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, 'id') });

/** The queue: open alerts oldest first, resolved ones newest first; paged on the server. */
export const adminRiskAlertsEndpoint = {
  method: 'GET',
  path: '/admin/api/risk/alerts',
  query: z.object({
    /** One brand; '' or absent: every brand in the operator's scope. */
    brand: z.union([brandCodeSchema, z.literal('')]).optional(),
    status: z.enum(RISK_ALERT_STATUSES).default('open'),
    rule: z.enum(RISK_RULES).optional(),
    claim: z.enum(RISK_CLAIM_FILTERS).optional(),
    memberId: z
      .string()
      .regex(/^[1-9]\d{0,17}$/, 'id')
      .optional(),
    username: z.string().trim().max(64).optional(),
    ...pageQueryFields,
  }),
  response: pageSchema(adminRiskAlertSchema),
} as const;

export const adminRiskAlertDetailEndpoint = {
  method: 'GET',
  path: '/admin/api/risk/alerts/:id',
  params: alertIdParams,
  response: adminRiskAlertDetailSchema,
} as const;

/** Claims an open alert: a free one or the caller's own; another operator's is refused. */
export const adminClaimRiskAlertEndpoint = {
  method: 'POST',
  path: '/admin/api/risk/alerts/:id/claim',
  params: alertIdParams,
  body: z.object({}).nullish(),
  response: adminRiskAlertDetailSchema,
} as const;

/** Appends a note (append-only), open or resolved. */
export const adminAddRiskAlertNoteEndpoint = {
  method: 'POST',
  path: '/admin/api/risk/alerts/:id/notes',
  params: alertIdParams,
  body: z.object({ body: multiline(z.string().trim().min(1).max(1000)) }),
  response: cashierNoteSchema,
} as const;

/** Resolves an open alert with a reason (claiming it when free). */
export const adminResolveRiskAlertEndpoint = {
  method: 'POST',
  path: '/admin/api/risk/alerts/:id/resolve',
  params: alertIdParams,
  body: z.object({ reason: multiline(z.string().trim().min(1).max(500)) }),
  response: adminRiskAlertDetailSchema,
} as const;

/**
 * Freezes the alert's member's money (the member record's freeze: the same restriction and
 * action-log row, `members.freeze` as well as `risk.alerts`), and marks it on the alert.
 */
export const adminFreezeRiskAlertMemberEndpoint = {
  method: 'POST',
  path: '/admin/api/risk/alerts/:id/freeze',
  params: alertIdParams,
  body: z.object({ reason: z.string().trim().min(1).max(200) }),
  response: adminRiskAlertDetailSchema,
} as const;
