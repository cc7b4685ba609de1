import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  coinAmountFor,
  quickAmounts,
  smallerAmount,
  toMinor,
  wireAmount,
} from './amount-rules.ts';
import { filterAmountInput } from './amount-filter.ts';

const channel = { scale: 2, min: '100.00', max: '50000.00' };

describe('amountProblem', () => {
  it('takes amounts within the limits, to the currency scale', () => {
    expect(amountProblem('100', channel)).toBeNull();
    expect(amountProblem('100.5', channel)).toBeNull();
    expect(amountProblem('50000.00', channel)).toBeNull();
  });

  it('names what is wrong, with the limit in the text', () => {
    expect(amountProblem('', channel)).toMatchObject({ code: 'required' });
    expect(amountProblem('0', channel)).toMatchObject({ code: 'amountPositive' });
    expect(amountProblem('1.234', channel)).toMatchObject({ code: 'amount' });
    expect(amountProblem('abc', channel)).toMatchObject({ code: 'amount' });
    expect(amountProblem('99.99', channel)).toEqual({
      code: 'amountMin',
      values: { min: '100.00' },
      live: false,
    });
    expect(amountProblem('50000.01', channel)).toEqual({
      code: 'amountMax',
      values: { max: '50,000.00' },
      live: true,
    });
  });

  it('refuses more than the member has before the channel maximum', () => {
    expect(amountProblem('300', { ...channel, available: '250.50' })).toEqual({
      code: 'amountBalance',
      values: { available: '250.50' },
      live: true,
    });
    expect(amountProblem('250.50', { ...channel, available: '250.50' })).toBeNull();
  });

  it('accepts whatever the amount filter leaves of what a member types', () => {
    for (const typed of ['1,000', '１００', '00100', '100.999', '¥200']) {
      const filtered = filterAmountInput(typed);
      const problem = amountProblem(filtered, channel);
      expect(problem === null || problem.code !== 'amount', typed).toBe(true);
    }
  });
});

describe('quick amounts and helpers', () => {
  it('offers only the round amounts within the channel limits', () => {
    expect(quickAmounts(channel)).toEqual([
      '100',
      '200',
      '500',
      '1000',
      '2000',
      '5000',
      '10000',
      '50000',
    ]);
    expect(quickAmounts({ scale: 2, min: '50.00', max: '1000.00' })).toEqual([
      '100',
      '200',
      '500',
      '1000',
    ]);
    expect(quickAmounts({ scale: 2, min: 'x', max: '1' })).toEqual([]);
  });

  it('compares amounts as integers of minor units', () => {
    expect(toMinor('12.5', 2)).toBe(1250n);
    expect(toMinor('0.1', 2)! + toMinor('0.2', 2)!).toBe(toMinor('0.3', 2));
    expect(smallerAmount('1000.00', '250.5', 2)).toBe('250.50');
    expect(smallerAmount('x', '1', 2)).toBeNull();
  });

  it('converts to USDT at the rate, rounded up to the micro unit like the server', () => {
    expect(coinAmountFor('100', '7.20', 2)).toBe('13.888889');
    expect(coinAmountFor('72', '7.20', 2)).toBe('10.000000');
    expect(coinAmountFor('0.01', '7.2035', 2)).toBe('0.001389');
    expect(coinAmountFor('', '7.20', 2)).toBeNull();
    expect(coinAmountFor('100', '0', 2)).toBeNull();
  });
});

describe('wireAmount', () => {
  it('sends what a member typed in the one form the server accepts', () => {
    expect(wireAmount('100.', 2)).toBe('100.00');
    expect(wireAmount(' 12.5 ', 2)).toBe('12.50');
    expect(wireAmount('.5', 2)).toBe('0.50');
    expect(wireAmount('7', 6)).toBe('7.000000');
  });

  it('leaves a text that is no amount for the server to refuse', () => {
    expect(wireAmount('abc', 2)).toBe('abc');
    expect(wireAmount('1.234', 2)).toBe('1.234');
  });
});
