import { describe, expect, it } from 'vitest';
import { addMonths, monthOf } from '@lobby/time';
import {
  commissionFor,
  lastEndedMonth,
  maskUsername,
  monthHasEnded,
  monthRange,
  sortTiers,
  tierFor,
  tierTableProblem,
  type CommissionTier,
} from './agent-commission.ts';

const TIERS: CommissionTier[] = [
  { minActiveMembers: 3, minNetRevenueMinor: 100n, shareBp: 1500 },
  { minActiveMembers: 5, minNetRevenueMinor: 1_000_000n, shareBp: 2500 },
  { minActiveMembers: 15, minNetRevenueMinor: 10_000_000n, shareBp: 3500 },
];

const activity = (
  activeMembers: number,
  betMinor: bigint,
  payoutMinor: bigint,
  bonusMinor = 0n,
) => ({
  activeMembers,
  betMinor,
  payoutMinor,
  bonusMinor,
});

describe('commission tiers', () => {
  it('takes the best share whose minimums are both met, or none', () => {
    expect(tierFor(TIERS, 2, 50_000_000n)).toBeNull();
    expect(tierFor(TIERS, 3, 99n)).toBeNull();
    expect(tierFor(TIERS, 3, 100n)?.shareBp).toBe(1500);
    // Many members but the revenue of the lowest tier only.
    expect(tierFor(TIERS, 40, 999_999n)?.shareBp).toBe(1500);
    expect(tierFor(TIERS, 5, 1_000_000n)?.shareBp).toBe(2500);
    expect(tierFor(TIERS, 14, 50_000_000n)?.shareBp).toBe(2500);
    expect(tierFor(TIERS, 15, 10_000_000n)?.shareBp).toBe(3500);
    expect(tierFor([], 100, 10n ** 12n)).toBeNull();
  });

  it('picks by share, not by the order of the table', () => {
    const shuffled = [TIERS[2], TIERS[0], TIERS[1]] as CommissionTier[];
    expect(tierFor(shuffled, 20, 20_000_000n)?.shareBp).toBe(3500);
    expect(sortTiers(shuffled).map((tier) => tier.shareBp)).toEqual([1500, 2500, 3500]);
  });

  it('refuses two tiers with the same minimums, whatever their shares', () => {
    expect(tierTableProblem(TIERS)).toBeNull();
    expect(
      tierTableProblem([
        ...TIERS,
        { minActiveMembers: 5, minNetRevenueMinor: 1_000_000n, shareBp: 100 },
      ]),
    ).toBe('duplicate');
    expect(
      tierTableProblem([
        ...TIERS,
        { minActiveMembers: 5, minNetRevenueMinor: 1_000_001n, shareBp: 100 },
      ]),
    ).toBeNull();
  });
});

describe('commission of a month', () => {
  it('is the share of stakes less payouts less bonuses', () => {
    const result = commissionFor(activity(5, 3_000_000n, 1_500_000n, 200_000n), TIERS);
    expect(result).toEqual({
      grossRevenueMinor: 1_500_000n,
      netRevenueMinor: 1_300_000n,
      shareBp: 2500,
      commissionMinor: 325_000n,
    });
  });

  it('rounds down to the minor unit', () => {
    // 1 333.33 x 15 % = 199.9995: paid 199.99.
    expect(commissionFor(activity(3, 133_333n, 0n), TIERS).commissionMinor).toBe(19_999n);
    // 0.06 x 15 % = 0.009: nothing.
    expect(
      commissionFor(activity(3, 106n, 100n, 0n), [{ ...TIERS[0]!, minNetRevenueMinor: 0n }])
        .commissionMinor,
    ).toBe(0n);
  });

  it('pays nothing on a loss for the house, and keeps the negative figures', () => {
    const loss = commissionFor(activity(20, 1_000_000n, 3_000_000n), TIERS);
    expect(loss.grossRevenueMinor).toBe(-2_000_000n);
    expect(loss.netRevenueMinor).toBe(-2_000_000n);
    expect(loss.shareBp).toBe(0);
    expect(loss.commissionMinor).toBe(0n);
    // A tier with a negative minimum is met by members alone, but a negative net still pays nothing.
    const zeroTier = [{ minActiveMembers: 1, minNetRevenueMinor: -(10n ** 15n), shareBp: 5000 }];
    expect(commissionFor(activity(1, 0n, 500n), zeroTier)).toMatchObject({
      shareBp: 5000,
      commissionMinor: 0n,
    });
  });

  it('counts bonuses paid back (re-sign costs) as negative bonuses', () => {
    const withCosts = commissionFor(activity(3, 200_000n, 100_000n, -5_000n), TIERS);
    expect(withCosts.netRevenueMinor).toBe(105_000n);
    expect(withCosts.commissionMinor).toBe(15_750n);
  });

  it('pays nothing without a tier', () => {
    expect(commissionFor(activity(2, 10n ** 9n, 0n), TIERS)).toMatchObject({
      shareBp: 0,
      commissionMinor: 0n,
    });
  });
});

const SHANGHAI = 'Asia/Shanghai';
const NEW_YORK = 'America/New_York';

describe("months of the brand's time zone", () => {
  it('starts a month at midnight in Shanghai (16:00 UTC the day before)', () => {
    expect(monthRange('2026-03', SHANGHAI)).toEqual({
      from: new Date('2026-02-28T16:00:00.000Z'),
      to: new Date('2026-03-31T16:00:00.000Z'),
    });
    expect(monthRange('2026-12', SHANGHAI).to).toEqual(new Date('2026-12-31T16:00:00.000Z'));
    expect(monthOf(new Date('2026-02-28T15:59:59.999Z'), SHANGHAI)).toBe('2026-02');
    expect(monthOf(new Date('2026-02-28T16:00:00.000Z'), SHANGHAI)).toBe('2026-03');
  });

  it('starts a month at midnight in New York, whatever its offset that day', () => {
    // March starts in winter time (UTC-5) and ends in summer time (UTC-4).
    expect(monthRange('2026-03', NEW_YORK)).toEqual({
      from: new Date('2026-03-01T05:00:00.000Z'),
      to: new Date('2026-04-01T04:00:00.000Z'),
    });
    const now = new Date('2026-03-31T16:30:00.000Z'); // 1 April in Shanghai, 31 March in New York.
    expect(lastEndedMonth(now, NEW_YORK)).toBe('2026-02');
    expect(monthHasEnded('2026-03', now, NEW_YORK)).toBe(false);
    expect(monthHasEnded('2026-03', new Date('2026-04-01T04:00:00.000Z'), NEW_YORK)).toBe(true);
  });

  it('steps over year ends and knows which months have ended', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', -13)).toBe('2025-04');
    const now = new Date('2026-03-31T16:30:00.000Z'); // 1 April, 00:30 in Shanghai.
    expect(lastEndedMonth(now, SHANGHAI)).toBe('2026-03');
    expect(monthHasEnded('2026-03', now, SHANGHAI)).toBe(true);
    expect(monthHasEnded('2026-04', now, SHANGHAI)).toBe(false);
    expect(monthHasEnded('2026-03', new Date('2026-03-31T15:59:00.000Z'), SHANGHAI)).toBe(false);
  });
});

describe('masked usernames', () => {
  it('shows two first characters and the last one', () => {
    expect(maskUsername('abcdef9')).toBe('ab***9');
    expect(maskUsername('abcd')).toBe('ab***d');
    expect(maskUsername('abc')).toBe('a***');
    expect(maskUsername('张三丰李四')).toBe('张三***四');
  });
});
