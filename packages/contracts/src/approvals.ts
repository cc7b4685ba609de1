import { z } from 'zod';
import { brandCodeSchema } from './brand.ts';
import { multiline } from './text.ts';

/**
 * Maker-checker (JSON, bearer token): a balance adjustment, a turnover waiver or a withdrawal
 * payment above the brand's threshold (`secondApprovalAbove`) becomes a request that a second
 * operator holding the permission approves or rejects; the requester never decides their own.
 * A transfer's manual resolution (transfers-admin.ts) is always such a request.
 */
export const APPROVAL_KINDS = [
  'balance_adjustment',
  'turnover_waiver',
  'withdrawal_approval',
  'transfer_resolution',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
/** `approving` while an approver's action is being carried out. */
export const APPROVAL_STATUSES = ['pending', 'approving', 'approved', 'rejected'] as const;

export const adminApprovalSchema = z.object({
  id: z.string(),
  brand: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  /**
   * The member's username (adjustment, waiver), the withdrawal's order number, or the transfer's
   * order number (transfer resolution).
   */
  target: z.string(),
  /** The amount the threshold was measured on, in `currency`. */
  amount: z.string(),
  currency: z.string(),
  /** Why (a transfer resolution's evidence). */
  reason: z.string(),
  /**
   * What the action needs besides: an adjustment's signed `amount` and `idempotencyKey`, a
   * withdrawal's `note`, a transfer resolution's `outcome` ('succeeded' | 'failed'),
   * `transferId` and `orderNo`.
   */
  details: z.record(z.string(), z.string()),
  status: z.enum(APPROVAL_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** What the approved action answered. */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminApproval = z.infer<typeof adminApprovalSchema>;

/** The answer of an action that needs a second operator: the request it became. */
export const approvalRequestedSchema = z.object({ approvalRequest: adminApprovalSchema });

export const adminApprovalsEndpoint = {
  method: 'GET',
  path: '/admin/api/approvals',
  query: z.object({
    status: z.enum(APPROVAL_STATUSES).default('pending'),
    brand: z.union([brandCodeSchema, z.literal('')]).optional(),
    kind: z.enum(APPROVAL_KINDS).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ items: z.array(adminApprovalSchema), total: z.number().int() }),
} as const;

const approvalParams = z.object({ id: z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id') });

export const adminApproveRequestEndpoint = {
  method: 'POST',
  path: '/admin/api/approvals/:id/approve',
  params: approvalParams,
  body: z.object({ note: multiline(z.string().trim().max(500)).optional() }).nullish(),
  response: adminApprovalSchema,
} as const;

export const adminRejectRequestEndpoint = {
  method: 'POST',
  path: '/admin/api/approvals/:id/reject',
  params: approvalParams,
  body: z.object({ note: multiline(z.string().trim().min(1).max(500)) }),
  response: adminApprovalSchema,
} as const;
