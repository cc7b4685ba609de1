import { describe, expect, it } from 'vitest';
import {
  balanceAfter,
  checkAmount,
  fromMinor,
  isZeroAmount,
  scaleOf,
  signedAmount,
  toMinor,
} from './money-input.ts';

describe('the adjustment amount', () => {
  it("reads the currency's scale off a balance the server sent", () => {
    expect(scaleOf('100.00')).toBe(2);
    expect(scaleOf('-0.000100')).toBe(6);
    expect(scaleOf('7')).toBe(0);
    expect(scaleOf('junk')).toBe(2);
  });

  it("takes a positive decimal in the currency's scale, nothing else", () => {
    expect(checkAmount('1500', 2)).toBeNull();
    expect(checkAmount(' 1500.5 ', 2)).toBeNull();
    expect(checkAmount('0.01', 2)).toBeNull();
    expect(checkAmount('', 2)).toBe('required');
    expect(checkAmount(undefined, 2)).toBe('required');
    expect(checkAmount('   ', 2)).toBe('required');
    expect(checkAmount('1.005', 2)).toBe('format');
    expect(checkAmount('-5', 2)).toBe('format');
    expect(checkAmount('+5', 2)).toBe('format');
    expect(checkAmount('1e3', 2)).toBe('format');
    expect(checkAmount('1,000', 2)).toBe('format');
    expect(checkAmount('100.', 2)).toBe('format');
    expect(checkAmount('1.5', 0)).toBe('format');
    expect(checkAmount('0', 2)).toBe('zero');
    expect(checkAmount('0.00', 2)).toBe('zero');
  });

  it('sends a debit as a negative amount', () => {
    expect(signedAmount('credit', ' 25.50 ')).toBe('25.50');
    expect(signedAmount('debit', '25.50')).toBe('-25.50');
  });

  it('computes in minor units, never through a float', () => {
    expect(toMinor('12.5', 2)).toBe(1250n);
    expect(toMinor('-0.01', 2)).toBe(-1n);
    expect(toMinor('1.005', 2)).toBeNull();
    expect(fromMinor(1250n, 2)).toBe('12.50');
    expect(fromMinor(-1n, 2)).toBe('-0.01');
    expect(fromMinor(5n, 0)).toBe('5');
    expect(fromMinor(toMinor('92233720368547758.07', 2) ?? 0n, 2)).toBe('92233720368547758.07');
  });

  it('shows the centre wallet after the adjustment, below zero for an overdraft', () => {
    expect(balanceAfter('100.00', 'credit', '1500')).toBe('1600.00');
    expect(balanceAfter('100.00', 'debit', '0.01')).toBe('99.99');
    expect(balanceAfter('100.00', 'debit', '250')).toBe('-150.00');
    expect(balanceAfter('100.00', 'credit', 'abc')).toBeNull();
    expect(balanceAfter('100.00', 'credit', undefined)).toBeNull();
  });

  it('tells a zero amount whatever its sign or scale', () => {
    expect(isZeroAmount('0.00')).toBe(true);
    expect(isZeroAmount('-0')).toBe(true);
    expect(isZeroAmount('0.01')).toBe(false);
    expect(isZeroAmount('n/a')).toBe(false);
  });
});
