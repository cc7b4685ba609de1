import { describe, expect, it } from 'vitest';
import { adminUpdateVipLevelEndpoint, type AdminVipLevel } from '@lobby/contracts';
import { changesNothing, levelChanges, type LevelValues } from './level-changes.ts';

const LEVEL: AdminVipLevel = {
  level: 5,
  depositThreshold: '50000.00',
  turnoverThreshold: '250000.00',
  upgradeBonus: '188.00',
  monthlyBonus: '88.00',
  rebateRatesBp: { '2': 60, '4': 80, '6': 250 },
  withdrawDailyCount: 5,
  withdrawDailyMax: '200000.00',
  bonusTurnoverMultiplierPercent: 100,
  updatedBy: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const unchanged: LevelValues = {
  depositThreshold: LEVEL.depositThreshold,
  turnoverThreshold: LEVEL.turnoverThreshold,
  upgradeBonus: LEVEL.upgradeBonus,
  monthlyBonus: LEVEL.monthlyBonus,
  withdrawDailyMax: LEVEL.withdrawDailyMax,
  withdrawDailyCount: LEVEL.withdrawDailyCount,
  bonusTurnoverMultiplierPercent: LEVEL.bonusTurnoverMultiplierPercent,
  rebateRatesBp: { '2': 60, '3': 0, '4': 80, '5': 0, '6': 250, '7': 0, '8': 0 },
};

describe('the VIP level form', () => {
  it('sends nothing but the brand when nothing changed (a missing rate is zero)', () => {
    const body = levelChanges('tianyu', LEVEL, { ...unchanged, reason: '  ' });
    expect(body).toEqual({ brand: 'tianyu' });
    expect(changesNothing(body)).toBe(true);
  });

  it('sends the changed fields alone, amounts trimmed, and a changed rate alone', () => {
    const body = levelChanges('tianyu', LEVEL, {
      ...unchanged,
      monthlyBonus: ' 99.50 ',
      withdrawDailyCount: 6,
      rebateRatesBp: { ...unchanged.rebateRatesBp, '6': 100 },
      reason: 'autumn',
    });
    expect(body).toEqual({
      brand: 'tianyu',
      monthlyBonus: '99.50',
      withdrawDailyCount: 6,
      rebateRatesBp: { '6': 100 },
      reason: 'autumn',
    });
    expect(changesNothing(body)).toBe(false);
    expect(adminUpdateVipLevelEndpoint.body.safeParse(body).success).toBe(true);
  });

  it("leaves to the endpoint's schema what it refuses", () => {
    const body = levelChanges('tianyu', LEVEL, {
      ...unchanged,
      withdrawDailyCount: -1,
      rebateRatesBp: { ...unchanged.rebateRatesBp, '4': 10_001 },
    });
    const checked = adminUpdateVipLevelEndpoint.body.safeParse(body);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'rebateRatesBp.4',
      'withdrawDailyCount',
    ]);
  });
});
