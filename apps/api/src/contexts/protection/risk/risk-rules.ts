import { eurCentsToBrandMinor, type ComplianceSettings } from '@lobby/contracts';

/**
 * The risk rules (issue 15, point 8): each a pure function of the facts of its event and the
 * brand's numbers (`ComplianceSettings.risk`), answering whether it hits. Amounts are minor
 * units of the brand's currency; euro thresholds are turned into it at the brand's recorded rate
 * (`eurCentsToBrandMinor`), so every rule works in every currency.
 */

type Risk = ComplianceSettings['risk'];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Where the failed-deposit rule starts counting: `windowMinutes` before `now`. */
export function failedDepositsWindowStart(risk: Risk, now: Date): Date {
  return new Date(now.getTime() - risk.failedDeposits.windowMinutes * MINUTE_MS);
}

/**
 * `count` failed deposits within the window block deposits: answers until when (now plus
 * `blockMinutes`), or null when the count is below the rule's.
 */
export function failedDepositsBlock(
  risk: Risk,
  failuresInWindow: number,
  now: Date,
): { blockedUntil: Date } | null {
  if (failuresInWindow < risk.failedDeposits.count) return null;
  return { blockedUntil: new Date(now.getTime() + risk.failedDeposits.blockMinutes * MINUTE_MS) };
}

/**
 * A withdrawal while the valid bets since the deposits (since the member's last withdrawal) are
 * below `lowWagerWithdrawalPercent` of them. Without deposits in the stretch nothing is asked.
 */
export function lowWagerWithdrawal(
  risk: Risk,
  figures: { depositsMinor: bigint; validBetMinor: bigint },
): boolean {
  if (figures.depositsMinor <= 0n) return false;
  return (
    figures.validBetMinor * 100n < figures.depositsMinor * BigInt(risk.lowWagerWithdrawalPercent)
  );
}

/** Where the payout-account rule starts counting: `windowHours` before `now`. */
export function payoutAccountsWindowStart(risk: Risk, now: Date): Date {
  return new Date(now.getTime() - risk.payoutAccounts.windowHours * HOUR_MS);
}

/** `count` payout accounts bound within the window. */
export function manyPayoutAccounts(risk: Risk, boundInWindow: number): boolean {
  return boundInWindow >= risk.payoutAccounts.count;
}

/** Other members of the brand sharing each kind of identifier with the member. */
export type SharedIdentifiers = { byDevice: number; byIp: number; byPayoutAccount: number };

/**
 * The kinds of identifier (device, address, payout account) found on `sharedIdentifierMembers`
 * or more members, the member included; empty when none is.
 */
export function sharedIdentifierKinds(
  risk: Risk,
  shared: SharedIdentifiers,
): ('device' | 'ip' | 'payout_account')[] {
  const others = risk.sharedIdentifierMembers - 1;
  const kinds: ('device' | 'ip' | 'payout_account')[] = [];
  if (shared.byDevice >= others) kinds.push('device');
  if (shared.byIp >= others) kinds.push('ip');
  if (shared.byPayoutAccount >= others) kinds.push('payout_account');
  return kinds;
}

/** The AML threshold in minor units of the brand's currency (`decimals`: its minor digits). */
export function cumulativeDepositsThreshold(
  settings: Pick<ComplianceSettings, 'risk' | 'eurRate'>,
  decimals: number,
): bigint {
  return eurCentsToBrandMinor(settings.risk.cumulativeDepositsEurCents, settings.eurRate, decimals);
}

/** Cumulative deposits past the threshold: true when the member's total is above it. */
export function cumulativeDepositsPast(
  settings: Pick<ComplianceSettings, 'risk' | 'eurRate'>,
  decimals: number,
  totalMinor: bigint,
): boolean {
  return totalMinor > cumulativeDepositsThreshold(settings, decimals);
}
