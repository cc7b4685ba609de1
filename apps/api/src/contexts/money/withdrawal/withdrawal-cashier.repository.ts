import { eq } from 'drizzle-orm';
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
