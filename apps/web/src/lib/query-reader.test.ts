import { describe, expect, it } from 'vitest';
import { readQueryParam } from './query-reader.ts';

describe('readQueryParam', () => {
  it.each([
    // [search, name, expected]
    ['?a=1&b=2', 'a', '1'],
    ['?a=1&b=2', 'b', '2'],
    ['a=1&b=2', 'b', '2'],
    ['?a=1&b=2', 'c', null],
    ['', 'a', null],
    ['?', 'a', null],
    ['?a', 'a', null],
    ['?a=', 'a', ''],
    ['?a=&b=2', 'a', ''],
    ['?a=1=2', 'a', '1'],
    ['?a==2', 'a', ''],
    ['?a=1&a=2', 'a', '1'],
    ['?A=1', 'a', null],
    ['?ab=1&b=2', 'b', '2'],
    ['?b=2#a=1', 'a', null],
    ['?a=1#frag', 'a', '1'],
    ['?name=%E4%B8%AD%E6%96%87', 'name', '中文'],
    ['?name=%E4%B8%AD%ZZ', 'name', '%E4%B8%AD%ZZ'],
    ['?a=x+y', 'a', 'x+y'],
    ['?a=1&&b=2', 'b', '2'],
  ] as const)('%j, %s -> %j', (search, name, expected) => {
    expect(readQueryParam(search, name)).toBe(expected);
  });

  it('returns invite codes whole, equals signs included', () => {
    expect(readQueryParam('?invite_code=AbC==&x=1', 'invite_code')).toBe('AbC==');
    expect(readQueryParam('?i_code=a=b=c', 'i_code')).toBe('a=b=c');
    expect(readQueryParam('?x=1&i_code=QK7', 'i_code')).toBe('QK7');
    expect(readQueryParam('?i_code=', 'i_code')).toBe('');
    expect(readQueryParam('?other=a=b', 'other')).toBe('a');
  });

  it('refuses an empty name', () => {
    expect(readQueryParam('?=1', '')).toBeNull();
  });
});
