import { describe, expect, it } from 'vitest';
import { effectiveCompliance, type ComplianceSettings } from '@lobby/contracts';
import { kycLevelOf, kycRequirements, kycThresholdsMinor } from './kyc-rules.ts';

const standard = effectiveCompliance({ profile: 'standard', overrides: {} });
const ukgc = effectiveCompliance({ profile: 'ukgc', overrides: {} });
const mga = effectiveCompliance({ profile: 'mga', overrides: {} });

describe('KYC levels', () => {
  it('is 0 with nothing, 1 with a verified phone or e-mail, 2 once documents are approved', () => {
    expect(kycLevelOf({ contactVerified: false, documentsApproved: false })).toBe(0);
    expect(kycLevelOf({ contactVerified: true, documentsApproved: false })).toBe(1);
    expect(kycLevelOf({ contactVerified: true, documentsApproved: true })).toBe(2);
    // Approved documents are level 2 even without a bound contact.
    expect(kycLevelOf({ contactVerified: false, documentsApproved: true })).toBe(2);
  });
});

describe('KYC thresholds in the brand currency', () => {
  it('converts the euro thresholds at the recorded rate (CNY at 7.8: EUR 2,000 is 15,600.00)', () => {
    expect(kycThresholdsMinor(mga, 2)).toEqual({
      beforeFirstDeposit: false,
      withdrawalAboveMinor: 1_560_000n,
      cumulativeDepositsMinor: 1_560_000n,
    });
  });

  it('uses another rate and currency scale as given (USDT, 6 decimals, at 1.08 a euro)', () => {
    const usdt: ComplianceSettings = { ...mga, eurRate: '1.08' };
    // EUR 2,000 = 2,160 USDT = 2,160,000,000 micro-units.
    expect(kycThresholdsMinor(usdt, 6).cumulativeDepositsMinor).toBe(2_160_000_000n);
    expect(kycThresholdsMinor(usdt, 6).withdrawalAboveMinor).toBe(2_160_000_000n);
  });

  it('rounds a converted threshold down, never past the regulator number', () => {
    const odd: ComplianceSettings = {
      ...mga,
      eurRate: '7.123457',
      kyc: { withdrawalAboveEurCents: 1, cumulativeDepositsEurCents: 200_000 },
    };
    // 0.01 EUR * 7.123457 = 0.07123457 CNY: 7 fen.
    expect(kycThresholdsMinor(odd, 2).withdrawalAboveMinor).toBe(7n);
    expect(kycThresholdsMinor(odd, 2).cumulativeDepositsMinor).toBe(1_424_691n);
  });

  it('keeps "no withdrawal threshold" (null) apart from "every withdrawal" (0)', () => {
    expect(kycThresholdsMinor(standard, 2).withdrawalAboveMinor).toBeNull();
    expect(kycThresholdsMinor(ukgc, 2).withdrawalAboveMinor).toBe(0n);
  });
});

describe('when level 2 is required', () => {
  const mgaCny = kycThresholdsMinor(mga, 2);
  const none = 0n;

  it('asks nothing of a level 2 member', () => {
    const member = { level: 2 as const, confirmedDepositsMinor: 99_999_999n };
    expect(kycRequirements(kycThresholdsMinor(ukgc, 2), member, { kind: 'deposit' })).toEqual([]);
    expect(
      kycRequirements(mgaCny, member, { kind: 'withdrawal', amountMinor: 9_999_999n }),
    ).toEqual([]);
  });

  it('refuses a first deposit below level 2 where the profile asks it (UKGC)', () => {
    const member = { level: 1 as const, confirmedDepositsMinor: none };
    expect(kycRequirements(kycThresholdsMinor(ukgc, 2), member, { kind: 'deposit' })).toEqual([
      'before_deposit',
    ]);
    expect(kycRequirements(mgaCny, member, { kind: 'deposit' })).toEqual([]);
  });

  it('refuses a withdrawal above the threshold, not at it', () => {
    const member = { level: 1 as const, confirmedDepositsMinor: none };
    expect(
      kycRequirements(mgaCny, member, { kind: 'withdrawal', amountMinor: 1_560_000n }),
    ).toEqual([]);
    expect(
      kycRequirements(mgaCny, member, { kind: 'withdrawal', amountMinor: 1_560_001n }),
    ).toEqual(['withdrawal_amount']);
  });

  it('refuses every withdrawal when the threshold is 0, none when there is no threshold', () => {
    const member = { level: 0 as const, confirmedDepositsMinor: none };
    expect(
      kycRequirements(kycThresholdsMinor(ukgc, 2), member, { kind: 'withdrawal', amountMinor: 1n }),
    ).toEqual(['withdrawal_amount']);
    expect(
      kycRequirements(kycThresholdsMinor(standard, 2), member, {
        kind: 'withdrawal',
        amountMinor: 100_000_000n,
      }),
    ).toEqual([]);
  });

  it('requires level 2 for deposits and withdrawals once the confirmed deposits reach the threshold', () => {
    const below = { level: 1 as const, confirmedDepositsMinor: 1_559_999n };
    const reached = { level: 1 as const, confirmedDepositsMinor: 1_560_000n };
    const small = { kind: 'withdrawal' as const, amountMinor: 100n };
    expect(kycRequirements(mgaCny, below, small)).toEqual([]);
    expect(kycRequirements(mgaCny, below, { kind: 'deposit' })).toEqual([]);
    expect(kycRequirements(mgaCny, reached, small)).toEqual(['cumulative_deposits']);
    expect(kycRequirements(mgaCny, reached, { kind: 'deposit' })).toEqual(['cumulative_deposits']);
    expect(kycRequirements(mgaCny, reached, { kind: 'standing' })).toEqual(['cumulative_deposits']);
  });

  it('measures the cumulative threshold in the brand currency at its rate (USDT)', () => {
    const usdt = kycThresholdsMinor({ ...standard, eurRate: '1.08' }, 6);
    const member = { level: 1 as const, confirmedDepositsMinor: 2_159_999_999n };
    expect(kycRequirements(usdt, member, { kind: 'deposit' })).toEqual([]);
    expect(
      kycRequirements(
        usdt,
        { ...member, confirmedDepositsMinor: 2_160_000_000n },
        {
          kind: 'deposit',
        },
      ),
    ).toEqual(['cumulative_deposits']);
  });
});
