import { describe, expect, it } from 'vitest';
import { formatMoney, groupDecimal, isNegativeAmount } from './money.ts';

describe('money display', () => {
  it('groups the whole part and keeps every decimal as sent', () => {
    expect(groupDecimal('1234567.50')).toBe('1,234,567.50');
    expect(groupDecimal('999.999999')).toBe('999.999999');
    expect(groupDecimal('-1000000')).toBe('-1,000,000');
    expect(groupDecimal('0.10')).toBe('0.10');
  });

  it('never goes through a float: amounts beyond 2^53 stay exact', () => {
    expect(groupDecimal('92233720368547758.07')).toBe('92,233,720,368,547,758.07');
    expect(formatMoney('9007199254740993.01', 'CNY')).toBe('9,007,199,254,740,993.01 CNY');
  });

  it('puts the currency after the amount and shows a non-amount as it is', () => {
    expect(formatMoney('12.5', 'USDT')).toBe('12.5 USDT');
    expect(formatMoney('12.50')).toBe('12.50');
    expect(formatMoney('n/a', 'CNY')).toBe('n/a CNY');
  });

  it('tells a negative amount, minus zero not being one', () => {
    expect(isNegativeAmount('-0.01')).toBe(true);
    expect(isNegativeAmount('-0.00')).toBe(false);
    expect(isNegativeAmount('5')).toBe(false);
  });
});
