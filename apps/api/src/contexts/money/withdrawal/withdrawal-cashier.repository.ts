import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  reviewQueue,
  type ReviewQueueFilter,
  type ReviewQueueRow,
} from '../../../db/review-claims.ts';
import { members } from '../../identity/member/index.ts';
import { operators } from '../../identity/operator/index.ts';
import { withdrawalOrderNotes, withdrawalOrders } from './withdrawal.schema.ts';
import type { WithdrawalOrderRow as OrderRow, WithdrawalStatus } from './withdrawal.repository.ts';

/**
 * The withdrawal queue's reads and the claims, holds and notes of orders in review (shared
 * with the deposit queue: db/review-claims.ts). A claim lasts while the order is pending.
 */

export type QueueRow = ReviewQueueRow<OrderRow>;

export type QueueFilter = ReviewQueueFilter & { status: WithdrawalStatus };

export type { NoteRow } from '../../../db/review-claims.ts';

export const {
  listQueue,
  queueBatch,
  findQueueRow,
  lockOrderClaim,
  writeOrderClaim,
  insertOrderNote,
  listOrderNotes,
} = reviewQueue<OrderRow, QueueFilter>({
  orders: withdrawalOrders,
  notes: withdrawalOrderNotes,
  notesName: 'withdrawal_order_notes',
  members,
  operators,
  open: eq(withdrawalOrders.status, 'pending'),
  isOpen: (order) => order.status === 'pending',
  conditions: (filter) => [eq(withdrawalOrders.status, filter.status)],
});

/**
 * Puts a pending order on hold with no operator holding it (the risk rules' hold for review):
 * the cashiers see it held; a claim keeps the hold, a release or the decision ends it. False
 * when the order is not pending or already on hold.
 */
export async function holdWithoutClaim(
  executor: Executor,
  orderNo: string,
  reason: string,
): Promise<boolean> {
  const rows = await executor
    .update(withdrawalOrders)
    .set({ holdReason: reason, heldAt: sql`now()` })
    .where(
      and(
        eq(withdrawalOrders.orderNo, orderNo),
        eq(withdrawalOrders.status, 'pending'),
        isNull(withdrawalOrders.holdReason),
      ),
    )
    .returning({ id: withdrawalOrders.id });
  return rows.length > 0;
}
