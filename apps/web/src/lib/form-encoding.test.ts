import { describe, expect, it } from 'vitest';
import { encodeForm, withQuery, type FormValues } from './form-encoding.ts';

describe('encodeForm', () => {
  it('writes scalars as strings and skips null and undefined', () => {
    const params = encodeForm({
      username: 'li lei',
      amount: '12.50',
      count: 3,
      big: 9007199254740993n,
      remember: true,
      off: false,
      zero: 0,
      empty: '',
      gone: null,
      missing: undefined,
    });
    expect(params.toString()).toBe(
      'username=li+lei&amount=12.50&count=3&big=9007199254740993&remember=true&off=false&zero=0&empty=',
    );
  });

  it('writes arrays as repeated keys', () => {
    const params = encodeForm({ ids: [1, 2, null, 3], tags: [] });
    expect(params.getAll('ids')).toEqual(['1', '2', '3']);
    expect(params.has('tags')).toBe(false);
    expect(params.toString()).toBe('ids=1&ids=2&ids=3');
  });

  it('escapes reserved and non-ASCII characters', () => {
    expect(encodeForm({ q: 'a&b=c', name: '中文' }).toString()).toBe(
      'q=a%26b%3Dc&name=%E4%B8%AD%E6%96%87',
    );
  });

  it('refuses values that would send garbage', () => {
    expect(() => encodeForm({ x: Number.NaN })).toThrow(TypeError);
    expect(() => encodeForm({ x: Number.POSITIVE_INFINITY })).toThrow(TypeError);
    expect(() => encodeForm({ x: { nested: 1 } } as unknown as FormValues)).toThrow(TypeError);
    expect(() => encodeForm({ x: [[1]] } as unknown as FormValues)).toThrow(TypeError);
  });
});

describe('withQuery', () => {
  it('adds parameters with ? or &', () => {
    expect(withQuery('/api/x', { show: 1 })).toBe('/api/x?show=1');
    expect(withQuery('/api/x?a=1', { show: 1 })).toBe('/api/x?a=1&show=1');
  });

  it('leaves the url alone without parameters', () => {
    expect(withQuery('/api/x', undefined)).toBe('/api/x');
    expect(withQuery('/api/x', {})).toBe('/api/x');
    expect(withQuery('/api/x', { a: null })).toBe('/api/x');
  });
});
