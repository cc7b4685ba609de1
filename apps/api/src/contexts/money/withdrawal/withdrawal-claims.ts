import type { Database } from '../../../db/client.ts';
import { appError, type AppError } from '../../../lib/app-error.ts';
import type { claimSnapshot, ReviewClaim } from '../../../lib/cashier.ts';
import type { ActionRecorder } from '../../identity/operator/index.ts';
import { ReviewClaims } from '../deposit/index.ts';
import {
  findQueueRow,
  insertOrderNote,
  lockOrderClaim,
  writeOrderClaim,
} from './withdrawal-cashier.repository.ts';
import { WITHDRAWAL_ERRORS } from './withdrawal.errors.ts';
import type { WithdrawalOrderRow } from './withdrawal.repository.ts';

export function claimedByOther(holder: ReviewClaim): AppError {
  return appError(WITHDRAWAL_ERRORS, 'order_claimed_by_other', {
    params: { operator: holder.operator, since: holder.claimedAt.toISOString() },
  });
}

/** The claim a decision closed, for its log row (absent when nobody held the order). */
export function claimDetails(claim: ReturnType<typeof claimSnapshot>) {
  return claim ? { claim: { before: claim, after: null } } : {};
}

/**
 * Claims, holds, releases and notes of withdrawals in review: the cashier claims the deposit
 * queue shares (deposit/review-claims.ts), on pending withdrawals.
 */
export class WithdrawalClaims extends ReviewClaims<WithdrawalOrderRow> {
  constructor(dependencies: { db: Database; operators: ActionRecorder }) {
    super({
      ...dependencies,
      queue: {
        findQueueRow,
        lockOrderClaim,
        writeOrderClaim,
        insertOrderNote,
        isOpen: (order) => order.status === 'pending',
        errors: {
          notFound: () => appError(WITHDRAWAL_ERRORS, 'withdrawal_not_found'),
          notOpen: () => appError(WITHDRAWAL_ERRORS, 'withdrawal_not_pending'),
          notClaimed: () => appError(WITHDRAWAL_ERRORS, 'order_not_claimed'),
          claimedByOther,
        },
        log: {
          claim: 'withdrawal_claim',
          release: 'withdrawal_release',
          hold: 'withdrawal_hold',
          note: 'withdrawal_note',
          targetType: 'withdrawal',
        },
      },
    });
  }
}
