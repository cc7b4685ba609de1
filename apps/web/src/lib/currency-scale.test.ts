import { describe, expect, it } from 'vitest';
import { currencyScale } from './currency-scale.ts';

describe('currencyScale', () => {
  it('gives the decimal places of a known currency, else the spec default of 2', () => {
    expect(currencyScale('CNY')).toBe(2);
    expect(currencyScale('USDT')).toBe(6);
    expect(currencyScale('XYZ')).toBe(2);
  });
});
