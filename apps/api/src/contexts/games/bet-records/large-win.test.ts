import { describe, expect, it } from 'vitest';
import { effectiveCompliance } from '@lobby/contracts';
import type { Brand } from '../../platform/brand/index.ts';
import { isLargeWin } from './bet-record-sync.ts';

/** A large win (issue 15, point 9): the brand's euro threshold in its currency at its rate. */
function brand(currencyCode: string, eurRate: string, largeWinEurCents: number): Brand {
  const compliance = effectiveCompliance({
    profile: 'standard',
    overrides: { eurRate, largeWinEurCents },
  });
  return { config: { currencyCode }, compliance } as unknown as Brand;
}

describe('large wins', () => {
  it('compares a payout with the euro threshold at the recorded rate, in any currency', () => {
    // EUR 5,000 at 7.8 CNY per euro: CNY 39,000.00.
    const cny = brand('CNY', '7.800000', 500_000);
    expect(isLargeWin(cny, 3_899_999n)).toBe(false);
    expect(isLargeWin(cny, 3_900_000n)).toBe(true);
    // USDT has six decimals: EUR 5,000 at 1.08 is 5,400.000000 USDT.
    const usdt = brand('USDT', '1.08', 500_000);
    expect(isLargeWin(usdt, 5_399_999_999n)).toBe(false);
    expect(isLargeWin(usdt, 5_400_000_000n)).toBe(true);
    // A threshold of zero records nothing.
    expect(isLargeWin(brand('CNY', '7.8', 0), 10n ** 12n)).toBe(false);
  });
});
