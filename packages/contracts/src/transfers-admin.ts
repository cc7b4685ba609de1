import { z } from 'zod';
import { approvalRequestedSchema } from './approvals.ts';
import { brandCodeSchema } from './brand.ts';
import { TRANSFER_STATUSES } from './games.ts';
import { multiline } from './text.ts';

/**
 * Transfer exceptions in the back office (JSON, bearer token): transfers between a member's
 * centre wallet and a game platform still in transit after the status-query window, with every
 * status query made about them; an operator may ask the platform again now, or ask for a manual
 * resolution that a second operator approves (approval kind `transfer_resolution`, decided in
 * the approvals queue). Reading needs `members.read`; asking and resolving `transfers.resolve`.
 */

/** Who made a status query: the reconciliation sweep, an operator's "ask again", an approval. */
export const TRANSFER_QUERY_SOURCES = ['sweep', 'operator', 'resolution'] as const;
/**
 * What came back: a status (`status` says which), an error (the platform refused the query or
 * answered 5xx or something unreadable, `detail` says which), or no answer in time.
 */
export const TRANSFER_QUERY_ANSWERS = ['status', 'error', 'timeout'] as const;
/** The statuses a platform answers about an order. */
export const PLATFORM_TRANSFER_STATUSES = ['success', 'failed', 'not_found'] as const;
/** The outcome an operator asks for: succeeded (the platform has the money) or failed. */
export const TRANSFER_RESOLUTION_OUTCOMES = ['succeeded', 'failed'] as const;
export type TransferResolutionOutcome = (typeof TRANSFER_RESOLUTION_OUTCOMES)[number];

export const adminTransferQuerySchema = z.object({
  id: z.string(),
  askedAt: z.string(),
  source: z.enum(TRANSFER_QUERY_SOURCES),
  /** The operator's username (operator, resolution); null for the sweep. */
  operator: z.string().nullable(),
  answer: z.enum(TRANSFER_QUERY_ANSWERS),
  /** The platform's status when `answer` is `status`. */
  status: z.enum(PLATFORM_TRANSFER_STATUSES).nullable(),
  /**
   * More about the answer: `server_error`, `network`, `bad_response`, `refused:<code>`
   * (maintenance, ...), or `status_mismatch` (a status about another order under our number).
   */
  detail: z.string().nullable(),
  latencyMs: z.number().int(),
});
export type AdminTransferQuery = z.infer<typeof adminTransferQuerySchema>;

/** A resolution request waiting for its second operator. */
export const pendingTransferResolutionSchema = z.object({
  approvalId: z.string(),
  outcome: z.enum(TRANSFER_RESOLUTION_OUTCOMES),
  requestedBy: z.string(),
  requestedAt: z.string(),
});

export const adminTransferSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  brand: z.string(),
  memberId: z.string(),
  username: z.string(),
  platformId: z.number().int(),
  platformName: z.string(),
  /** in: centre wallet to platform; out: platform to centre wallet. */
  direction: z.enum(['in', 'out']),
  /** Decimal string in `currency`. */
  amount: z.string(),
  currency: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  /** Why a final transfer failed (an error code). */
  reason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Status queries the sweep made. */
  attempts: z.number().int(),
  /** Every status query recorded (sweep, operators, approvals). */
  queries: z.number().int(),
  /** When the sweep asks next (in transit only). */
  nextCheckAt: z.string().nullable(),
  /** The sweep's last reason for leaving it in transit. */
  lastError: z.string().nullable(),
  /** In transit past the status-query window, or the platform described another order. */
  exception: z.boolean(),
  lastQuery: adminTransferQuerySchema.nullable(),
  pendingResolution: pendingTransferResolutionSchema.nullable(),
});
export type AdminTransfer = z.infer<typeof adminTransferSchema>;

const transferParams = z.object({ id: z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id') });

export const adminTransferExceptionsEndpoint = {
  method: 'GET',
  path: '/admin/api/transfers/exceptions',
  query: z.object({
    brand: z.union([brandCodeSchema, z.literal('')]).optional(),
    platform: z.coerce.number().int().min(1).max(999_999).optional(),
    direction: z.enum(['in', 'out']).optional(),
    /** Only transfers made at least this many minutes ago. */
    minAgeMinutes: z.coerce.number().int().min(0).max(5_256_000).optional(),
    /** The member's username (exact, any case). */
    member: z.string().trim().max(64).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  }),
  /** Oldest first: the longest stuck on top. */
  response: z.object({ items: z.array(adminTransferSchema), total: z.number().int() }),
} as const;

export const adminTransferEndpoint = {
  method: 'GET',
  path: '/admin/api/transfers/:id',
  params: transferParams,
  response: adminTransferSchema.extend({
    /** The status queries, newest first (at most the latest 500; `queries` counts all). */
    history: z.array(adminTransferQuerySchema),
  }),
} as const;

export const adminQueryTransferEndpoint = {
  method: 'POST',
  path: '/admin/api/transfers/:id/query',
  params: transferParams,
  body: z.object({}).nullish(),
  response: z.object({
    /** The query just made. */
    query: adminTransferQuerySchema,
    /** True when this query's answer was final and settled the transfer. */
    settled: z.boolean(),
    transfer: adminTransferSchema,
  }),
} as const;

export const adminResolveTransferEndpoint = {
  method: 'POST',
  path: '/admin/api/transfers/:id/resolve',
  params: transferParams,
  body: z.object({
    outcome: z.enum(TRANSFER_RESOLUTION_OUTCOMES),
    /** The provider's ticket, statement reference or what else proves the outcome. */
    evidence: multiline(z.string().trim().min(10).max(2000)),
  }),
  /** Never applied at once: the request a second operator approves in the approvals queue. */
  response: approvalRequestedSchema,
} as const;
