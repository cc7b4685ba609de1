import { describe, expect, it } from 'vitest';
import { addDays, dayOf } from '@lobby/time';
import {
  budgetAllows,
  currentStreak,
  depositBonus,
  isCalendarDay,
  localized,
  resignableDays,
  rewardTurnover,
  streakEndingOn,
  streakReward,
  tierFor,
} from './promo.rules.ts';

describe('days', () => {
  it("takes the calendar day of an instant in the brand's zone", () => {
    expect(dayOf(new Date('2026-03-31T15:59:59Z'), 'Asia/Shanghai')).toBe('2026-03-31');
    expect(dayOf(new Date('2026-03-31T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-04-01');
    // The same instants are still 31 March in New York.
    expect(dayOf(new Date('2026-03-31T16:00:00Z'), 'America/New_York')).toBe('2026-03-31');
    expect(dayOf(new Date('2026-04-01T03:59:59Z'), 'America/New_York')).toBe('2026-03-31');
    expect(dayOf(new Date('2026-04-01T04:00:00Z'), 'America/New_York')).toBe('2026-04-01');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('accepts only real calendar days', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-2-3')).toBe(false);
  });
});

describe('sign-in streaks', () => {
  const signed = new Set(['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-05']);

  it('counts consecutive days ending on a day', () => {
    expect(streakEndingOn(signed, '2026-05-03')).toBe(3);
    expect(streakEndingOn(signed, '2026-05-04')).toBe(0);
    expect(streakEndingOn(signed, '2026-05-05')).toBe(1);
  });

  it('shows the streak ending today, or yesterday while today is not signed', () => {
    expect(currentStreak(signed, '2026-05-05')).toBe(1);
    expect(currentStreak(signed, '2026-05-04')).toBe(3);
    expect(currentStreak(signed, '2026-05-07')).toBe(0);
  });

  it('pays the streak day reward and repeats the last one', () => {
    const rewards = [100, 200, 300];
    expect(streakReward(rewards, 1)).toBe(100n);
    expect(streakReward(rewards, 3)).toBe(300n);
    expect(streakReward(rewards, 10)).toBe(300n);
    expect(streakReward(rewards, 0)).toBe(0n);
  });

  it('offers missed past days of this month within the window, not before the start', () => {
    const days = resignableDays({
      signed: new Set(['2026-05-09']),
      today: '2026-05-10',
      daysBack: 4,
      firstDay: '2026-05-07',
      lastDay: null,
    });
    expect(days).toEqual(['2026-05-07', '2026-05-08']);
    // The 1st of the month has no past day of the month to re-sign.
    expect(
      resignableDays({
        signed: new Set(),
        today: '2026-06-01',
        daysBack: 7,
        firstDay: '2026-01-01',
        lastDay: null,
      }),
    ).toEqual([]);
    // Days after the promotion ended are skipped.
    expect(
      resignableDays({
        signed: new Set(),
        today: '2026-05-10',
        daysBack: 3,
        firstDay: '2026-01-01',
        lastDay: '2026-05-08',
      }),
    ).toEqual(['2026-05-07', '2026-05-08']);
  });
});

describe('deposit bonus tiers', () => {
  const tiers = [
    { minDepositMinor: 10_000, percent: 100, maxBonusMinor: 18_800 },
    { minDepositMinor: 50_000, percent: 50, maxBonusMinor: 100_000 },
  ];

  it('takes the highest tier a deposit reaches', () => {
    expect(tierFor(tiers, 9_999n)).toBeUndefined();
    expect(tierFor(tiers, 10_000n)?.percent).toBe(100);
    expect(tierFor(tiers, 60_000n)?.percent).toBe(50);
  });

  it('pays the percent of the deposit, capped by the tier', () => {
    expect(depositBonus(tiers, 9_999n)).toBe(0n);
    expect(depositBonus(tiers, 15_000n)).toBe(15_000n);
    expect(depositBonus(tiers, 40_000n)).toBe(18_800n);
    expect(depositBonus(tiers, 60_001n)).toBe(30_000n);
    expect(depositBonus(tiers, 10_000_000n)).toBe(100_000n);
  });

  it('adds turnover in percent of the reward, rounded down', () => {
    expect(rewardTurnover(18_800n, 300)).toBe(56_400n);
    expect(rewardTurnover(101n, 50)).toBe(50n);
    expect(rewardTurnover(500n, 0)).toBe(0n);
  });
});

describe('budget', () => {
  it('allows a reward up to the budget exactly, and always without one', () => {
    expect(budgetAllows(10_000n, 9_000n, 1_000n)).toBe(true);
    expect(budgetAllows(10_000n, 9_000n, 1_001n)).toBe(false);
    expect(budgetAllows(null, 10n ** 15n, 1n)).toBe(true);
  });
});

describe('localized text', () => {
  it("shows the request's language, else the brand's, else any", () => {
    const text = { 'zh-CN': '签到', en: 'Sign in' };
    expect(localized(text, 'en', 'zh-CN')).toBe('Sign in');
    expect(localized(text, 'zh-TW', 'zh-CN')).toBe('签到');
    expect(localized({ en: 'Only' }, 'zh-TW', 'zh-CN')).toBe('Only');
    expect(localized({ en: '' }, 'zh-TW', 'zh-CN')).toBe('');
  });
});
