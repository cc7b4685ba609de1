import { z } from 'zod';
import { multiline } from './text.ts';
import { calendarMonthSchema } from './dates.ts';
import { brandCodeSchema } from './brand.ts';
import { decimalAmountSchema } from './wallet.ts';
import { pageQueryFields, pageSchema } from './withdrawal.ts';

/**
 * The agent partnership: a member applies ("join us"), an operator approves, and the agent's
 * downline is every member who registered with the agent's invite code. Each month
 * (of the brand's time zone, 'YYYY-MM') an agent gets a commission statement: the tier's share of the
 * downline's net gaming revenue, paid through the ledger once an operator approves it. Member
 * calls are form-urlencoded under /api/findmed/v1/agent/; operator calls are JSON under
 * /admin/api/agent/.
 */

export const AGENT_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AgentApplicationStatus = (typeof AGENT_APPLICATION_STATUSES)[number];

export const AGENT_STATUSES = ['active', 'suspended'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/**
 * pending: waiting for review; paid: approved and paid through the ledger; approved: approved
 * with nothing to pay (a month without commission); rejected: refused, with the note.
 */
export const AGENT_STATEMENT_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
export type AgentStatementStatus = (typeof AGENT_STATEMENT_STATUSES)[number];

/** A month of the brand's time zone: 'YYYY-MM' (2000-01 to 2999-12). */
export const agentMonthSchema = calendarMonthSchema;

/** Bounds of the application form. */
export const AGENT_CONTACT_MAX = 100;
export const AGENT_MESSAGE_MAX = 500;

/** A database id on the wire: decimal digits (ids are bigint). */
const idSchema = z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id');

export const agentTierSchema = z.object({
  minActiveMembers: z.number().int(),
  /** Decimal string in the brand's currency. */
  minNetRevenue: decimalAmountSchema,
  /** Share of the net revenue in basis points (10000 = 100 %). */
  shareBp: z.number().int(),
});
export type AgentTier = z.infer<typeof agentTierSchema>;

export const agentApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(AGENT_APPLICATION_STATUSES),
  contact: z.string(),
  message: z.string(),
  /** The operator's note on a decision, if any. */
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AgentApplication = z.infer<typeof agentApplicationSchema>;

/** One sponsorship or ambassador of the brand (static, localized content of the site). */
export const agentSponsorSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  description: z.string(),
  period: z.string(),
});
export type AgentSponsor = z.infer<typeof agentSponsorSchema>;

/**
 * What the /agent page shows: the programme's rules (for everyone), the member's agent status,
 * application and invite link (for a signed-in member), and the sponsor area.
 */
export const agentInfoEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/agent/info',
  response: z.object({
    loggedIn: z.boolean(),
    /** True once an operator approved the member (also while suspended). */
    agent: z.boolean(),
    agentStatus: z.enum(AGENT_STATUSES).nullable(),
    /** The member's latest application, or null when there is none. */
    application: agentApplicationSchema.nullable(),
    /** For an agent: the invite code and the registration link carrying it. */
    inviteCode: z.string().nullable(),
    inviteLink: z.string().nullable(),
    rules: z.object({
      currency: z.string(),
      /** The brand's tiers, lowest share first. */
      tiers: z.array(agentTierSchema),
      /** The rules in the request's language, one paragraph each. */
      explanation: z.array(z.string()),
    }),
    sponsors: z.array(agentSponsorSchema),
  }),
} as const;
export type AgentInfo = z.infer<typeof agentInfoEndpoint.response>;

/** "Join us": one pending application at a time; an agent cannot apply again. */
export const agentApplyEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/agent/apply',
  body: z.object({
    contact: z.string().trim().min(1, 'required').max(AGENT_CONTACT_MAX),
    message: multiline(z.string().trim().max(AGENT_MESSAGE_MAX)).default(''),
  }),
  response: agentApplicationSchema,
} as const;

export const agentDownlineMemberSchema = z.object({
  /** Masked: the first two characters, ***, the last one (ab***9). */
  username: z.string(),
  joinedAt: z.string(),
  /** Had valid bets in the month. */
  active: z.boolean(),
});
export type AgentDownlineMember = z.infer<typeof agentDownlineMemberSchema>;

export const agentDownlineSummarySchema = z.object({
  registered: z.number().int(),
  active: z.number().int(),
  bet: decimalAmountSchema,
  validBet: decimalAmountSchema,
  payout: decimalAmountSchema,
  /** Promotions and rebates paid to the downline in the month (less re-sign costs). */
  bonus: decimalAmountSchema,
  /** bet - payout - bonus: what the commission of the month is a share of. */
  netRevenue: decimalAmountSchema,
});
export type AgentDownlineSummary = z.infer<typeof agentDownlineSummarySchema>;

/**
 * The agent's downline, newest first, with aggregates for a month (the current one by default).
 * Never another member's private data: masked usernames, join dates, active flags, totals.
 */
export const agentDownlineEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/agent/downline',
  query: z.object({ month: agentMonthSchema.optional(), ...pageQueryFields }),
  response: pageSchema(agentDownlineMemberSchema).extend({
    month: z.string(),
    currency: z.string(),
    summary: agentDownlineSummarySchema,
  }),
} as const;
export type AgentDownlinePage = z.infer<typeof agentDownlineEndpoint.response>;

export const agentStatementSchema = z.object({
  id: z.string(),
  month: z.string(),
  currency: z.string(),
  activeMembers: z.number().int(),
  bet: decimalAmountSchema,
  validBet: decimalAmountSchema,
  payout: decimalAmountSchema,
  bonus: decimalAmountSchema,
  netRevenue: decimalAmountSchema,
  shareBp: z.number().int(),
  commission: decimalAmountSchema,
  status: z.enum(AGENT_STATEMENT_STATUSES),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AgentStatement = z.infer<typeof agentStatementSchema>;

/** The agent's monthly commission statements, newest month first. */
export const agentStatementsEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/agent/statements',
  query: z.object(pageQueryFields),
  response: pageSchema(agentStatementSchema),
} as const;

// ---------------------------------------------------------------------------------------------
// Operator (JSON, bearer token). Every change is recorded in the operator action log.

const noteSchema = multiline(z.string().trim().max(500));
/** A member's username, matched exactly (any case). */
const usernameFilter = z.string().trim().min(1).max(32).optional();

export const adminAgentApplicationSchema = agentApplicationSchema.extend({
  brand: z.string(),
  username: z.string(),
  reviewedBy: z.string().nullable(),
});
export type AdminAgentApplication = z.infer<typeof adminAgentApplicationSchema>;

export const adminAgentApplicationsEndpoint = {
  method: 'GET',
  path: '/admin/api/agent/applications',
  query: z.object({
    brand: brandCodeSchema,
    status: z.enum(AGENT_APPLICATION_STATUSES).optional(),
    username: usernameFilter,
    ...pageQueryFields,
  }),
  response: pageSchema(adminAgentApplicationSchema),
} as const;

/** Approving makes the member an agent. */
export const adminApproveAgentApplicationEndpoint = {
  method: 'POST',
  path: '/admin/api/agent/applications/:id/approve',
  params: z.object({ id: idSchema }),
  body: z.object({ note: noteSchema.optional() }),
  response: adminAgentApplicationSchema,
} as const;

export const adminRejectAgentApplicationEndpoint = {
  method: 'POST',
  path: '/admin/api/agent/applications/:id/reject',
  params: z.object({ id: idSchema }),
  body: z.object({ note: noteSchema.min(1) }),
  response: adminAgentApplicationSchema,
} as const;

export const adminAgentSchema = z.object({
  memberId: z.string(),
  brand: z.string(),
  username: z.string(),
  inviteCode: z.string(),
  status: z.enum(AGENT_STATUSES),
  approvedBy: z.string().nullable(),
  createdAt: z.string(),
  /** Members who registered with the agent's invite code. */
  downline: z.number().int(),
});
export type AdminAgent = z.infer<typeof adminAgentSchema>;

export const adminAgentsEndpoint = {
  method: 'GET',
  path: '/admin/api/agent/agents',
  query: z.object({
    brand: brandCodeSchema,
    status: z.enum(AGENT_STATUSES).optional(),
    username: usernameFilter,
    ...pageQueryFields,
  }),
  response: pageSchema(adminAgentSchema),
} as const;

/** A suspended agent gets no statements for months generated while suspended. */
export const adminSuspendAgentEndpoint = {
  method: 'POST',
  path: '/admin/api/agent/agents/:memberId/suspend',
  params: z.object({ memberId: idSchema }),
  body: z.object({ reason: noteSchema.optional() }),
  response: adminAgentSchema,
} as const;

export const adminResumeAgentEndpoint = {
  method: 'POST',
  path: '/admin/api/agent/agents/:memberId/resume',
  params: z.object({ memberId: idSchema }),
  body: z.object({ reason: noteSchema.optional() }),
  response: adminAgentSchema,
} as const;

export const AGENT_TIERS_MAX = 20;

export const adminAgentTierInputSchema = z.object({
  minActiveMembers: z.number().int().min(0).max(1_000_000),
  /** Decimal string in the brand's currency, zero or more. */
  minNetRevenue: z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,6})?$/, 'amount'),
  shareBp: z.number().int().min(0).max(10_000),
});

export const adminAgentTiersSchema = z.object({
  brand: z.string(),
  currency: z.string(),
  tiers: z.array(
    agentTierSchema.extend({ updatedBy: z.string().nullable(), updatedAt: z.string() }),
  ),
});

export const adminAgentTiersEndpoint = {
  method: 'GET',
  path: '/admin/api/agent/tiers',
  query: z.object({ brand: brandCodeSchema }),
  response: adminAgentTiersSchema,
} as const;

/** Replaces the brand's whole tier table (one to twenty tiers, no two with the same minimums). */
export const adminReplaceAgentTiersEndpoint = {
  method: 'PUT',
  path: '/admin/api/agent/tiers',
  body: z.object({
    brand: brandCodeSchema,
    tiers: z.array(adminAgentTierInputSchema).min(1).max(AGENT_TIERS_MAX),
  }),
  response: adminAgentTiersSchema,
} as const;

export const adminAgentStatementSchema = agentStatementSchema.extend({
  brand: z.string(),
  agentMemberId: z.string(),
  agentUsername: z.string(),
  reviewedBy: z.string().nullable(),
  ledgerEntryId: z.string().nullable(),
});
export type AdminAgentStatement = z.infer<typeof adminAgentStatementSchema>;

export const adminAgentStatementsEndpoint = {
  method: 'GET',
  path: '/admin/api/agent/statements',
  query: z.object({
    brand: brandCodeSchema,
    month: agentMonthSchema.optional(),
    status: z.enum(AGENT_STATEMENT_STATUSES).optional(),
    /** The agent's username. */
    username: usernameFilter,
    ...pageQueryFields,
  }),
  response: pageSchema(adminAgentStatementSchema),
} as const;

/** Writes the statements of a month that has ended for the brand's active agents now. */
export const adminGenerateAgentStatementsEndpoint = {
  method: 'POST',
  path: '/admin/api/agent/statements/generate',
  body: z.object({ brand: brandCodeSchema, month: agentMonthSchema }),
  response: z.object({
    month: z.string(),
    /** Statements written by this call. */
    generated: z.number().int(),
    /** Agents whose statement of the month existed already (left as they were). */
    existing: z.number().int(),
  }),
} as const;

/** Recomputes a pending statement from the data as it stands now (late bet records). */
export const adminRegenerateAgentStatementEndpoint = {
  method: 'POST',
  path: '/admin/api/agent/statements/:id/regenerate',
  params: z.object({ id: idSchema }),
  response: adminAgentStatementSchema,
} as const;

/** Approves a pending statement: pays its commission through the ledger (once). */
export const adminApproveAgentStatementEndpoint = {
  method: 'POST',
  path: '/admin/api/agent/statements/:id/approve',
  params: z.object({ id: idSchema }),
  body: z.object({ note: noteSchema.optional() }),
  response: adminAgentStatementSchema,
} as const;

export const adminRejectAgentStatementEndpoint = {
  method: 'POST',
  path: '/admin/api/agent/statements/:id/reject',
  params: z.object({ id: idSchema }),
  body: z.object({ note: noteSchema.min(1) }),
  response: adminAgentStatementSchema,
} as const;
