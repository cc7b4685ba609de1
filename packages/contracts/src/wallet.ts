import { z } from 'zod';
import { multiline } from './text.ts';
import { approvalRequestedSchema } from './approvals.ts';

/** Money on the wire: a decimal string in the currency's scale ("12.50"), never a float. */
export const decimalAmountSchema = z.string().regex(/^-?\d+(\.\d+)?$/, 'decimal amount');

/**
 * An amount a member sends (deposit, withdrawal, transfer): the text as it came, not trimmed, so
 * the server reads it strictly in the currency's scale (`\d+(\.\d{1,scale})?`) and refuses
 * " 100 " or "100." with the domain's own code. The forms send that form.
 */
export const amountInputSchema = z.string().max(64);

export const memberBalanceSchema = z.object({
  currency: z.string(),
  /** The centre wallet: what the member can use. */
  balance: decimalAmountSchema,
  /** Held for withdrawals in review. */
  locked: decimalAmountSchema,
  /** Believed to be held by transfer-wallet game platforms. */
  platforms: decimalAmountSchema,
  /** All of the above. */
  total: decimalAmountSchema,
  /** Valid bets still to place before a withdrawal (the turnover requirement of deposits). */
  turnover: decimalAmountSchema,
});
export type MemberBalance = z.infer<typeof memberBalanceSchema>;

export const memberBalanceEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/balance',
  response: memberBalanceSchema,
} as const;

/** The member of an operator's money action on `/admin/api/members/:username/...`. */
export const adminMemberUsernameParamsSchema = z.object({
  username: z.string().trim().min(1).max(64),
});

/** Operator: clear a member's outstanding turnover requirement, with the reason (recorded). */
export const adminWaiveTurnoverEndpoint = {
  method: 'POST',
  path: '/admin/api/members/:username/turnover/waive',
  params: adminMemberUsernameParamsSchema,
  body: z.object({
    brand: z.string().min(2).max(16),
    reason: multiline(z.string().trim().min(2).max(500)),
  }),
  /** The turnover waived, or, above the brand's threshold, the request a second operator decides. */
  response: z.union([z.object({ waived: decimalAmountSchema }), approvalRequestedSchema]),
} as const;
