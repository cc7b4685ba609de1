import {
  eurCentsToBrandMinor,
  KYC_DOCUMENT_LEVEL,
  type ComplianceSettings,
  type KycLevel,
  type KycRequirementReason,
} from '@lobby/contracts';

/**
 * The KYC rules, without the database: a member's level from what is known of them, and whether
 * the brand's compliance settings ask for level 2 before a movement. Amounts are minor units of
 * the brand's currency; the euro thresholds are converted at the brand's recorded rate.
 */

/** What the level is made of. */
export type KycFacts = {
  /** A phone number or an e-mail address is stored: each was proved with a one-time code. */
  contactVerified: boolean;
  /** An operator approved a document set of the member. */
  documentsApproved: boolean;
};

export function kycLevelOf(facts: KycFacts): KycLevel {
  if (facts.documentsApproved) return 2;
  return facts.contactVerified ? 1 : 0;
}

/** The brand's KYC thresholds in minor units of its currency (`decimals`: its minor digits). */
export type KycThresholdsMinor = {
  beforeFirstDeposit: boolean;
  /** Level 2 for a withdrawal above this; null: no such threshold (0: every withdrawal). */
  withdrawalAboveMinor: bigint | null;
  /** Level 2 once the confirmed deposits reach this in all. */
  cumulativeDepositsMinor: bigint;
};

export function kycThresholdsMinor(
  settings: ComplianceSettings,
  decimals: number,
): KycThresholdsMinor {
  const { withdrawalAboveEurCents, cumulativeDepositsEurCents } = settings.kyc;
  return {
    beforeFirstDeposit: settings.kycBeforeFirstDeposit,
    withdrawalAboveMinor:
      withdrawalAboveEurCents === null
        ? null
        : eurCentsToBrandMinor(withdrawalAboveEurCents, settings.eurRate, decimals),
    cumulativeDepositsMinor: eurCentsToBrandMinor(
      cumulativeDepositsEurCents,
      settings.eurRate,
      decimals,
    ),
  };
}

export type KycMovement =
  | { kind: 'deposit' }
  | { kind: 'withdrawal'; amountMinor: bigint }
  /** No movement: what already applies to the member (the member screen, the member 360). */
  | { kind: 'standing' };

/**
 * Why the movement needs level 2 that the member lacks: null when it may go ahead. The order of
 * the reasons is the order the member screen lists them.
 *
 * - `before_deposit`: the profile asks for level 2 before any deposit (kycBeforeFirstDeposit);
 * - `withdrawal_amount`: a withdrawal above the threshold (0: every withdrawal);
 * - `cumulative_deposits`: the member's confirmed deposits in all reached the threshold; from
 *   then on neither a deposit nor a withdrawal goes ahead below level 2 (the AML rule: identity
 *   verified once transactions reach the equivalent of EUR 2,000).
 */
export function kycRequirements(
  thresholds: KycThresholdsMinor,
  member: { level: KycLevel; confirmedDepositsMinor: bigint },
  movement: KycMovement,
): KycRequirementReason[] {
  if (member.level >= KYC_DOCUMENT_LEVEL) return [];
  const reasons: KycRequirementReason[] = [];
  if (thresholds.beforeFirstDeposit && movement.kind !== 'withdrawal') {
    reasons.push('before_deposit');
  }
  if (
    movement.kind === 'withdrawal' &&
    thresholds.withdrawalAboveMinor !== null &&
    movement.amountMinor > thresholds.withdrawalAboveMinor
  ) {
    reasons.push('withdrawal_amount');
  }
  if (member.confirmedDepositsMinor >= thresholds.cumulativeDepositsMinor) {
    reasons.push('cumulative_deposits');
  }
  return reasons;
}
