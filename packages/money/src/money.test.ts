import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  formatAmount,
  formatDecimal,
  fromDecimalString,
  isCurrencyCode,
  MAX_AMOUNT_TEXT_LENGTH,
  MAX_MINOR_UNITS,
  MAX_SCALE,
  MIN_MINOR_UNITS,
  MoneyFormatError,
  parseAmount,
  parseDecimal,
  scaleOf,
  toDecimalString,
  type CurrencyCode,
} from './index.ts';

describe('currencies', () => {
  it('has the scales of the design guide', () => {
    expect(scaleOf('CNY')).toBe(2);
    expect(scaleOf('USDT')).toBe(6);
    expect(Object.keys(CURRENCIES).sort()).toEqual(['CNY', 'USDT']);
  });

  it('refuses unknown codes', () => {
    expect(isCurrencyCode('CNY')).toBe(true);
    expect(isCurrencyCode('cny')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
    expect(() => scaleOf('EUR' as CurrencyCode)).toThrow(RangeError);
  });
});

describe('parseAmount', () => {
  it.each([
    ['12.50', 'CNY', 1250n],
    ['12.5', 'CNY', 1250n],
    ['12', 'CNY', 1200n],
    ['0', 'CNY', 0n],
    ['0.01', 'CNY', 1n],
    ['007.10', 'CNY', 710n],
    ['1.000001', 'USDT', 1_000_001n],
    ['1', 'USDT', 1_000_000n],
    ['92233720368547758.07', 'CNY', MAX_MINOR_UNITS],
  ] as const)('reads %j as %s minor units', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'invalid_format'],
    // On the wire an amount is exactly digits, a dot and 1..scale decimals.
    ['12.', 'invalid_format'],
    ['.5', 'invalid_format'],
    [' 100 ', 'invalid_format'],
    ['100.', 'invalid_format'],
    ['100\n', 'invalid_format'],
    ['12.505', 'too_many_decimals'],
    ['0.001', 'too_many_decimals'],
    ['-1', 'negative'],
    ['-0.01', 'negative'],
    ['1e5', 'exponent'],
    ['1.5E-2', 'exponent'],
    ['.', 'invalid_format'],
    ['-', 'invalid_format'],
    ['+1', 'invalid_format'],
    ['1,000', 'invalid_format'],
    ['1.2.3', 'invalid_format'],
    ['abc', 'invalid_format'],
    ['12a', 'invalid_format'],
    ['0x10', 'invalid_format'],
    ['1_000', 'invalid_format'],
    ['NaN', 'invalid_format'],
    ['Infinity', 'invalid_format'],
    ['１２', 'invalid_format'],
    ['1 2', 'invalid_format'],
    ['1e', 'invalid_format'],
    ['92233720368547758.08', 'out_of_range'],
    ['9'.repeat(MAX_AMOUNT_TEXT_LENGTH + 1), 'too_long'],
  ])('refuses %j with %s', (text, error) => {
    expect(parseAmount(text, 'CNY')).toEqual({ ok: false, error });
  });

  it.each([
    ['12.', 1200n],
    ['.5', 50n],
    ['  7.25 ', 725n],
    ['100.', 10000n],
  ] as const)('reads what a member types, %j, as %s minor units when typed', (text, minor) => {
    expect(parseAmount(text, 'CNY', { typed: true })).toEqual({ ok: true, minor });
  });

  it('refuses blanks and lone dots even when typed', () => {
    expect(parseAmount('   ', 'CNY', { typed: true })).toEqual({ ok: false, error: 'empty' });
    expect(parseAmount('.', 'CNY', { typed: true })).toEqual({
      ok: false,
      error: 'invalid_format',
    });
  });

  it('reads negatives only when allowed', () => {
    expect(parseAmount('-12.50', 'CNY', { allowNegative: true })).toEqual({
      ok: true,
      minor: -1250n,
    });
    expect(parseAmount('-92233720368547758.08', 'CNY', { allowNegative: true })).toEqual({
      ok: true,
      minor: MIN_MINOR_UNITS,
    });
    expect(parseAmount('-92233720368547758.09', 'CNY', { allowNegative: true })).toEqual({
      ok: false,
      error: 'out_of_range',
    });
  });

  it('refuses a scale that is not a small whole number', () => {
    expect(() => parseDecimal('1', -1)).toThrow(RangeError);
    expect(() => parseDecimal('1', 1.5)).toThrow(RangeError);
    expect(() => parseDecimal('1', MAX_SCALE + 1)).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it.each([
    [1250n, 'CNY', '12.50'],
    [1n, 'CNY', '0.01'],
    [0n, 'CNY', '0.00'],
    [-5n, 'CNY', '-0.05'],
    [-123456n, 'CNY', '-1234.56'],
    [1_500_000n, 'USDT', '1.500000'],
    [1n, 'USDT', '0.000001'],
  ] as const)('writes %s %s as %j', (minor, currency, text) => {
    expect(formatAmount(minor, currency)).toBe(text);
    expect(toDecimalString(minor, currency)).toBe(text);
  });

  it('groups thousands only when asked', () => {
    expect(formatAmount(123456789n, 'CNY', { grouping: true })).toBe('1,234,567.89');
    expect(formatAmount(-100000n, 'CNY', { grouping: true })).toBe('-1,000.00');
    expect(formatAmount(99999n, 'CNY', { grouping: true })).toBe('999.99');
    expect(formatDecimal(1234567n, 0, { grouping: true })).toBe('1,234,567');
    expect(formatAmount(123456789n, 'CNY')).toBe('1234567.89');
  });

  it('writes scale 0 without a dot', () => {
    expect(formatDecimal(42n, 0)).toBe('42');
    expect(formatDecimal(-42n, 0)).toBe('-42');
  });
});

describe('fromDecimalString', () => {
  it('reads JSON decimal strings, negatives included', () => {
    expect(fromDecimalString('12.50', 'CNY')).toBe(1250n);
    expect(fromDecimalString('-0.000001', 'USDT')).toBe(-1n);
  });

  it('throws a typed error on a broken value', () => {
    expect(() => fromDecimalString('12.505', 'CNY')).toThrow(MoneyFormatError);
    try {
      fromDecimalString('1e3', 'CNY');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MoneyFormatError);
      expect((error as MoneyFormatError).code).toBe('exponent');
    }
  });
});

describe('properties', () => {
  const int64 = fc.bigInt({ min: MIN_MINOR_UNITS, max: MAX_MINOR_UNITS });
  const scale = fc.integer({ min: 0, max: MAX_SCALE });

  it('parse(format(x)) is x for every amount and scale', () => {
    fc.assert(
      fc.property(int64, scale, (minor, scaleValue) => {
        const result = parseDecimal(formatDecimal(minor, scaleValue), scaleValue, {
          allowNegative: true,
        });
        expect(result).toEqual({ ok: true, minor });
      }),
      { numRuns: 2000 },
    );
  });

  it('parse(format(x)) is x for both currencies', () => {
    const currency = fc.constantFrom<CurrencyCode>('CNY', 'USDT');
    fc.assert(
      fc.property(int64, currency, (minor, code) => {
        expect(fromDecimalString(toDecimalString(minor, code), code)).toBe(minor);
      }),
    );
  });

  it('grouping only adds commas', () => {
    fc.assert(
      fc.property(int64, scale, (minor, scaleValue) => {
        const grouped = formatDecimal(minor, scaleValue, { grouping: true });
        expect(grouped.replaceAll(',', '')).toBe(formatDecimal(minor, scaleValue));
        expect(grouped).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d+)?$/);
      }),
    );
  });

  it('format always writes exactly `scale` decimals', () => {
    fc.assert(
      fc.property(int64, fc.integer({ min: 1, max: MAX_SCALE }), (minor, scaleValue) => {
        const text = formatDecimal(minor, scaleValue);
        expect(text.split('.')[1]).toHaveLength(scaleValue);
      }),
    );
  });

  it('parse never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), scale, (text, scaleValue) => {
        const result = parseDecimal(text, scaleValue, { allowNegative: true });
        if (result.ok) expect(typeof result.minor).toBe('bigint');
        else expect(typeof result.error).toBe('string');
      }),
    );
  });
});
