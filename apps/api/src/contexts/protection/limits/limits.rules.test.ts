import { describe, expect, it } from 'vitest';
import { allowance, changeOf, isConfirmable, remainingOf, windowStart } from './limits.rules.ts';

describe('limit rules', () => {
  it('rolls the windows back 24 hours, 7 days and a calendar month of the brand', () => {
    const now = new Date('2026-03-31T02:30:00Z'); // 10:30 on 31 March in Shanghai
    expect(windowStart('day', now, 'Asia/Shanghai').toISOString()).toBe('2026-03-30T02:30:00.000Z');
    expect(windowStart('week', now, 'Asia/Shanghai').toISOString()).toBe(
      '2026-03-24T02:30:00.000Z',
    );
    // A month back from 31 March is the last day of February, same wall clock.
    expect(windowStart('month', now, 'Asia/Shanghai').toISOString()).toBe(
      '2026-02-28T02:30:00.000Z',
    );
    // In New York the same instant is 30 March, 22:30 (daylight time), a month back 30 Feb -> 28.
    expect(windowStart('month', now, 'America/New_York').toISOString()).toBe(
      '2026-03-01T03:30:00.000Z',
    );
    expect(windowStart('month', new Date('2026-01-15T00:00:00Z'), 'UTC').toISOString()).toBe(
      '2025-12-15T00:00:00.000Z',
    );
  });

  it('applies a first or lower limit at once and makes a raise or removal wait', () => {
    expect(changeOf(null, 100n)).toBe('apply');
    expect(changeOf(100n, 50n)).toBe('apply');
    expect(changeOf(100n, 150n)).toBe('wait');
    expect(changeOf(100n, null)).toBe('wait');
    expect(changeOf(100n, 100n)).toBe('same');
    expect(changeOf(null, null)).toBe('same');
    const asked = new Date('2026-05-01T00:00:00Z');
    expect(isConfirmable({ pendingAt: asked }, new Date('2026-05-01T23:59:59Z'))).toBe(false);
    expect(isConfirmable({ pendingAt: asked }, new Date('2026-05-02T00:00:00Z'))).toBe(true);
    expect(isConfirmable({ pendingAt: null }, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('leaves the lowest remainder of every limit of a kind, never below zero', () => {
    const limits = [
      { kind: 'deposit' as const, period: 'day' as const, amount: 500n },
      { kind: 'deposit' as const, period: 'week' as const, amount: 800n },
      { kind: 'loss' as const, period: 'day' as const, amount: 10n },
    ];
    const used = { day: 100n, week: 750n, month: 0n };
    expect(allowance(limits, 'deposit', (period) => used[period])).toBe(50n);
    expect(allowance(limits, 'wager', () => 0n)).toBeNull();
    expect(remainingOf(100n, 130n)).toBe(0n);
  });
});
