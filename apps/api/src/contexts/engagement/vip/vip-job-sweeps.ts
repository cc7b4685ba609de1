/** The VIP sweeps' names, intervals and the rebate cursor's shape (vip-sweeps.ts runs them). */

export const VIP_UPGRADE_SWEEP = 'vip-upgrade';
export const VIP_REBATE_SWEEP = 'vip-rebate';
export const VIP_MONTHLY_SWEEP = 'vip-monthly';

/** The sweep that runs each VIP job for every brand, and how often (the operators see both). */
export const VIP_JOB_SWEEPS = {
  upgrade: { name: VIP_UPGRADE_SWEEP, intervalMinutes: 1 },
  rebate: { name: VIP_REBATE_SWEEP, intervalMinutes: 5 },
  monthly: { name: VIP_MONTHLY_SWEEP, intervalMinutes: 5 },
} as const;

/**
 * The rebate sweep's cursor: the last day paid for each brand, a day of its own time zone, and
 * the earliest of them in `day` (which a brand without its own day continues from).
 */
export type VipRebateCursor = { day?: string; days?: Record<string, string> };
