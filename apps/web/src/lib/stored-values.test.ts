import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  captureInviteCode,
  clearToken,
  getInviteCode,
  getToken,
  getVid,
  readAffiliateCode,
  setToken,
  setVid,
} from './stored-values.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

function makeStorageThrow(): void {
  const fail = () => {
    throw new DOMException('denied', 'SecurityError');
  };
  const storage: Storage = {
    length: 0,
    clear: fail,
    getItem: fail,
    key: fail,
    removeItem: fail,
    setItem: fail,
  };
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('sessionStorage', storage);
}

describe('token and vid', () => {
  it('keeps the token in sessionStorage t', () => {
    expect(getToken()).toBeNull();
    setToken('tok-1');
    expect(sessionStorage.getItem('t')).toBe('tok-1');
    expect(localStorage.getItem('t')).toBeNull();
    expect(getToken()).toBe('tok-1');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('reads an empty stored token as none', () => {
    sessionStorage.setItem('t', '');
    expect(getToken()).toBeNull();
  });

  it('keeps vid in sessionStorage vid', () => {
    expect(getVid()).toBeNull();
    setVid('v-9');
    expect(sessionStorage.getItem('vid')).toBe('v-9');
    expect(getVid()).toBe('v-9');
  });

  it('degrades without crashing when storage throws', () => {
    makeStorageThrow();
    expect(() => setToken('x')).not.toThrow();
    expect(getToken()).toBeNull();
    expect(() => clearToken()).not.toThrow();
    expect(() => setVid('x')).not.toThrow();
    expect(getVid()).toBeNull();
    expect(getInviteCode()).toBeNull();
    expect(captureInviteCode('?i_code=QK7')).toBe('QK7');
  });
});

describe('readAffiliateCode', () => {
  it.each([
    [null, null],
    ['', null],
    ['   ', null],
    ['QK7', 'QK7'],
    [' QK7 ', 'QK7'],
    ['{"i_code":"QK7"}', 'QK7'],
    ['{"i_code":" QK7 ","other":1}', 'QK7'],
    ['{"i_code":""}', null],
    ['{"i_code":42}', null],
    ['{"other":"x"}', '{"other":"x"}'],
    ['{broken', '{broken'],
    ['"QK7"', '"QK7"'],
  ])('%j -> %j', (aid, expected) => {
    expect(readAffiliateCode(aid)).toBe(expected);
  });
});

describe('invite code', () => {
  it('prefers the session aid, plain or JSON, over localStorage i_code', () => {
    localStorage.setItem('i_code', 'LOCAL');
    expect(getInviteCode()).toBe('LOCAL');
    sessionStorage.setItem('aid', 'PLAIN');
    expect(getInviteCode()).toBe('PLAIN');
    sessionStorage.setItem('aid', JSON.stringify({ i_code: 'FROMJSON' }));
    expect(getInviteCode()).toBe('FROMJSON');
    sessionStorage.setItem('aid', JSON.stringify({ i_code: '' }));
    expect(getInviteCode()).toBe('LOCAL');
  });

  it('is null when nothing is stored', () => {
    expect(getInviteCode()).toBeNull();
    localStorage.setItem('i_code', '  ');
    expect(getInviteCode()).toBeNull();
  });

  it('captures i_code from the query into localStorage i_code and sessionStorage aid', () => {
    expect(captureInviteCode('?from=ad&i_code=QK7=&x=1')).toBe('QK7=');
    expect(localStorage.getItem('i_code')).toBe('QK7=');
    expect(sessionStorage.getItem('aid')).toBe('QK7=');
    expect(getInviteCode()).toBe('QK7=');
  });

  it('leaves stored codes alone when the query has none or an empty one', () => {
    localStorage.setItem('i_code', 'OLD');
    expect(captureInviteCode('?x=1')).toBeNull();
    expect(captureInviteCode('?i_code=')).toBeNull();
    expect(captureInviteCode('')).toBeNull();
    expect(localStorage.getItem('i_code')).toBe('OLD');
    expect(sessionStorage.getItem('aid')).toBeNull();
  });
});
