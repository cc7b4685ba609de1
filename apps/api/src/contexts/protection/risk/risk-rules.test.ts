import { describe, expect, it } from 'vitest';
import { effectiveCompliance } from '@lobby/contracts';
import {
  cumulativeDepositsPast,
  cumulativeDepositsThreshold,
  failedDepositsBlock,
  failedDepositsWindowStart,
  lowWagerWithdrawal,
  manyPayoutAccounts,
  payoutAccountsWindowStart,
  sharedIdentifierKinds,
} from './risk-rules.ts';

const settings = effectiveCompliance({ profile: 'standard', overrides: {} });
const { risk } = settings;
const now = new Date('2026-11-27T12:00:00Z');

describe('failed deposits', () => {
  it('blocks for blockMinutes at the profile count, not below', () => {
    expect(failedDepositsWindowStart(risk, now).toISOString()).toBe('2026-11-27T11:50:00.000Z');
    expect(failedDepositsBlock(risk, 4, now)).toBeNull();
    expect(failedDepositsBlock(risk, 5, now)?.blockedUntil.toISOString()).toBe(
      '2026-11-27T12:30:00.000Z',
    );
  });
  it('follows a brand override', () => {
    const strict = { ...risk, failedDeposits: { count: 2, windowMinutes: 5, blockMinutes: 60 } };
    expect(failedDepositsBlock(strict, 2, now)?.blockedUntil.toISOString()).toBe(
      '2026-11-27T13:00:00.000Z',
    );
  });
});

describe('low wager withdrawal', () => {
  it('hits below the share of deposits, not at it, and never without deposits', () => {
    // 30 %: 10,000.00 deposited needs 3,000.00 of valid bets.
    expect(lowWagerWithdrawal(risk, { depositsMinor: 1_000_000n, validBetMinor: 299_999n })).toBe(
      true,
    );
    expect(lowWagerWithdrawal(risk, { depositsMinor: 1_000_000n, validBetMinor: 300_000n })).toBe(
      false,
    );
    expect(lowWagerWithdrawal(risk, { depositsMinor: 0n, validBetMinor: 0n })).toBe(false);
  });
  it('works in USDT (6 decimals)', () => {
    expect(
      lowWagerWithdrawal(risk, { depositsMinor: 100_000_000n, validBetMinor: 29_999_999n }),
    ).toBe(true);
  });
});

describe('payout accounts', () => {
  it('counts within windowHours', () => {
    expect(payoutAccountsWindowStart(risk, now).toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect(manyPayoutAccounts(risk, 2)).toBe(false);
    expect(manyPayoutAccounts(risk, 3)).toBe(true);
  });
});

describe('shared identifiers', () => {
  it('names the kinds found on sharedIdentifierMembers members, the member included', () => {
    expect(sharedIdentifierKinds(risk, { byDevice: 1, byIp: 1, byPayoutAccount: 0 })).toEqual([]);
    expect(sharedIdentifierKinds(risk, { byDevice: 2, byIp: 0, byPayoutAccount: 3 })).toEqual([
      'device',
      'payout_account',
    ]);
  });
});

describe('cumulative deposits', () => {
  it('converts the euro threshold into CNY at the recorded rate', () => {
    // 10,000.00 EUR at 7.8 = 78,000.00 CNY.
    expect(cumulativeDepositsThreshold(settings, 2)).toBe(7_800_000n);
    expect(cumulativeDepositsPast(settings, 2, 7_800_000n)).toBe(false);
    expect(cumulativeDepositsPast(settings, 2, 7_800_001n)).toBe(true);
  });
  it('and into USDT (6 decimals) at another rate', () => {
    const usdt = { ...settings, eurRate: '1.080000' };
    // 10,000.00 EUR at 1.08 = 10,800 USDT.
    expect(cumulativeDepositsThreshold(usdt, 6)).toBe(10_800_000_000n);
    expect(cumulativeDepositsPast(usdt, 6, 10_800_000_001n)).toBe(true);
    expect(cumulativeDepositsPast(usdt, 6, 10_799_000_000n)).toBe(false);
  });
});
