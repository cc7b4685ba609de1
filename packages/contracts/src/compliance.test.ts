import { describe, expect, it } from 'vitest';
import {
  brandComplianceSchema,
  effectiveCompliance,
  eurCentsToBrandMinor,
  fixedConflicts,
} from './compliance.ts';

describe('compliance profiles', () => {
  it('start from the profile, take the overrides, and keep the fixed parts', () => {
    const stored = brandComplianceSchema.parse({
      profile: 'ukgc',
      overrides: { realityCheckDefaultMinutes: 30, kyc: { cumulativeDepositsEurCents: 100_000 } },
    });
    const settings = effectiveCompliance(stored);
    expect(settings).toMatchObject({
      depositLimitPrompt: 'registration',
      kycBeforeFirstDeposit: true,
      dateOfBirthRequired: true,
      realityCheckDefaultMinutes: 30,
      kyc: { withdrawalAboveEurCents: 0, cumulativeDepositsEurCents: 100_000 },
    });
    // An override of a fixed part is named, and never applies.
    const loosened = { profile: 'ukgc' as const, overrides: { kycBeforeFirstDeposit: false } };
    expect(fixedConflicts(loosened)).toEqual(['kycBeforeFirstDeposit']);
    expect(effectiveCompliance(loosened).kycBeforeFirstDeposit).toBe(true);
    expect(effectiveCompliance(brandComplianceSchema.parse({})).depositLimitPrompt).toBe('none');
  });

  it('refuse numbers outside the regulators bounds', () => {
    for (const overrides of [
      { minimumAge: 17 },
      { timeOutMinimumHours: 12 },
      { selfExclusionMinimumMonths: 3 },
      { eurRate: '0' },
      { eurRate: '7,8' },
      { risk: { failedDeposits: { count: 1, windowMinutes: 10, blockMinutes: 30 } } },
    ]) {
      expect(
        brandComplianceSchema.safeParse({ profile: 'standard', overrides }).success,
        JSON.stringify(overrides),
      ).toBe(false);
    }
  });

  it('turn euro cents into the brand currency exactly, rounding down', () => {
    expect(eurCentsToBrandMinor(200_000, '7.8', 2)).toBe(1_560_000n); // EUR 2,000 = CNY 15,600.00
    expect(eurCentsToBrandMinor(200_000, '1.08', 6)).toBe(2_160_000_000n); // 2,160 USDT
    expect(eurCentsToBrandMinor(1, '7.123456', 2)).toBe(7n); // 0.07123456 CNY: 0.07
    expect(eurCentsToBrandMinor(0, '7.8', 2)).toBe(0n);
  });
});
