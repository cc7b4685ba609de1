import { describe, expect, it } from 'vitest';
import { absoluteAmount, amountSign, groupDigits } from './amount-format.ts';

describe('groupDigits', () => {
  it('adds thousands separators to the whole part only', () => {
    expect(groupDigits('0.00')).toBe('0.00');
    expect(groupDigits('999.99')).toBe('999.99');
    expect(groupDigits('1000.00')).toBe('1,000.00');
    expect(groupDigits('1234567.50')).toBe('1,234,567.50');
    expect(groupDigits('12.123456')).toBe('12.123456');
    expect(groupDigits('1234567')).toBe('1,234,567');
    expect(groupDigits('-1234.50')).toBe('-1,234.50');
    expect(groupDigits('+1234.50')).toBe('1,234.50');
  });

  it('keeps text that is not a decimal as it is', () => {
    expect(groupDigits('--')).toBe('--');
    expect(groupDigits('1e5')).toBe('1e5');
    expect(groupDigits('')).toBe('');
  });
});

describe('amountSign and absoluteAmount', () => {
  it('reads the direction of a signed amount without a float', () => {
    expect(amountSign('100.00')).toBe('in');
    expect(amountSign('-0.01')).toBe('out');
    expect(amountSign('0.00')).toBe('zero');
    expect(amountSign('-0.00')).toBe('zero');
    expect(amountSign('abc')).toBe('zero');
    expect(absoluteAmount('-20.00')).toBe('20.00');
    expect(absoluteAmount('20.00')).toBe('20.00');
  });
});
