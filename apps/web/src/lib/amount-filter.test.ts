import { AMOUNT_DECIMALS } from '@lobby/contracts';
import { describe, expect, it } from 'vitest';
import { filterAmountInput } from './amount-filter.ts';

describe('filterAmountInput', () => {
  it.each([
    // Empty and lone dots.
    ['', ''],
    ['.', ''],
    ['..', ''],
    ['abc', ''],
    ['a.b', ''],
    // Leading zeros.
    ['0', '0'],
    ['00', '0'],
    ['000', '0'],
    ['007', '7'],
    ['0012.5', '12.5'],
    ['00.5', '0.5'],
    ['0.', '0.'],
    ['0.0', '0.0'],
    ['10', '10'],
    ['100', '100'],
    // Characters other than digits and dot.
    ['12a3', '123'],
    ['-12', '12'],
    ['+12', '12'],
    ['1,000.50', '1000.50'],
    ['1 000', '1000'],
    ['１２', ''],
    ['¥12.3', '12.3'],
    ['1e5', '15'],
    // One dot only.
    ['1.2.3', '1.23'],
    ['1..2', '1.2'],
    ['.5', '0.5'],
    ['.5.', '0.5'],
    // Decimals cut to two places.
    ['12.', '12.'],
    ['12.3', '12.3'],
    ['12.34', '12.34'],
    ['12.345', '12.34'],
    ['12.349', '12.34'],
    ['0.001', '0.00'],
  ])('%j -> %j', (typed, expected) => {
    expect(filterAmountInput(typed)).toBe(expected);
  });

  it('cuts to AMOUNT_DECIMALS by default', () => {
    expect(AMOUNT_DECIMALS).toBe(2);
    expect(filterAmountInput('1.23456')).toBe(filterAmountInput('1.23456', AMOUNT_DECIMALS));
  });

  it.each([
    ['1.1234567', 6, '1.123456'],
    ['1.12', 6, '1.12'],
    ['1.5', 0, '1'],
    ['1.', 0, '1'],
    ['.5', 0, '0'],
    ['00.', 0, '0'],
    ['1.29', 1, '1.2'],
  ])('%j with %i decimals -> %j', (typed, decimals, expected) => {
    expect(filterAmountInput(typed, decimals)).toBe(expected);
  });

  it('is idempotent: filtering its own output changes nothing', () => {
    for (const typed of ['00', '1.2.3', '.5', '12.345', 'a1b2.c3d4', '0.', '']) {
      const once = filterAmountInput(typed);
      expect(filterAmountInput(once)).toBe(once);
    }
  });

  it('refuses a bad decimals parameter', () => {
    expect(() => filterAmountInput('1', -1)).toThrow(RangeError);
    expect(() => filterAmountInput('1', 1.5)).toThrow(RangeError);
  });
});
