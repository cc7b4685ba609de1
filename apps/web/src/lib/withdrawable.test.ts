import { describe, expect, it } from 'vitest';
import { hasTurnoverLeft, withdrawableAmount } from './withdrawable.ts';

describe('withdrawable amount', () => {
  it('is the centre wallet when no turnover is owed', () => {
    expect(hasTurnoverLeft({ turnover: '0.00' })).toBe(false);
    expect(withdrawableAmount({ balance: '400.12', turnover: '0.00' })).toBe('400.12');
  });

  it('is zero in the same scale while turnover is owed', () => {
    expect(hasTurnoverLeft({ turnover: '0.01' })).toBe(true);
    expect(withdrawableAmount({ balance: '400.12', turnover: '100.12' })).toBe('0.00');
    expect(withdrawableAmount({ balance: '5', turnover: '1' })).toBe('0');
    expect(withdrawableAmount({ balance: '1.000000', turnover: '2.500000' })).toBe('0.000000');
  });
});
