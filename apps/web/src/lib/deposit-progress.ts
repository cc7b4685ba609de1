import type { DepositChannelType, DepositOrderStatus } from '@lobby/contracts';

/**
 * Where a deposit order stands, as steps a member can follow: made, then what the member or
 * the payment side still has to do, then credited. Read off the order's status (pending,
 * submitted, confirmed, rejected, expired) and its channel type.
 */
export type DepositStep = 'created' | 'pay' | 'transfer' | 'notice' | 'review' | 'credited';

export type DepositProgress = {
  steps: readonly DepositStep[];
  /** Index of the step under way; for a confirmed order, the last step (done). */
  current: number;
  /** waiting: not final yet; done: credited; failed: rejected or expired, nothing credited. */
  outcome: 'waiting' | 'done' | 'failed';
  /** 0 to 100: how much of the way is behind the order. */
  percent: number;
};

const STEPS: Record<DepositChannelType, readonly DepositStep[]> = {
  // Online: the gateway tells us the result, so the only step left is paying.
  online: ['created', 'pay', 'credited'],
  // Bank transfer: the member transfers, sends the notice, and the cashier checks the account.
  bank: ['created', 'notice', 'review', 'credited'],
  // USDT: the member sends coins; the chain's confirmations credit them.
  usdt: ['created', 'transfer', 'credited'],
};

const FINAL: ReadonlySet<DepositOrderStatus> = new Set(['confirmed', 'rejected', 'expired']);

/** Confirmed, rejected and expired orders never change again: no more polling. */
export function isFinalDepositStatus(status: DepositOrderStatus): boolean {
  return FINAL.has(status);
}

/** How often to ask about an order that is not final yet; false once it is. */
export const DEPOSIT_POLL_MS = 3_000;

export function depositPollInterval(status: DepositOrderStatus | undefined): number | false {
  return status !== undefined && isFinalDepositStatus(status) ? false : DEPOSIT_POLL_MS;
}

export function depositProgress(
  channelType: DepositChannelType,
  status: DepositOrderStatus,
): DepositProgress {
  const steps = STEPS[channelType];
  const last = steps.length - 1;
  let current: number;
  let outcome: DepositProgress['outcome'] = 'waiting';
  switch (status) {
    case 'confirmed':
      current = last;
      outcome = 'done';
      break;
    case 'submitted':
      // Only bank transfers are submitted: the notice is in, the cashier reviews it.
      current = channelType === 'bank' ? steps.indexOf('review') : 1;
      break;
    case 'rejected':
    case 'expired':
      current = 1;
      outcome = 'failed';
      break;
    default:
      current = 1;
  }
  const percent = outcome === 'done' ? 100 : Math.round((current / last) * 100);
  return { steps, current, outcome, percent };
}
