import { describe, expect, it } from 'vitest';
import { readReturnState, returnPath } from './return-path.ts';

describe('returnPath', () => {
  it('goes back to a screen of this site, query and hash kept', () => {
    expect(returnPath('/user/personal')).toBe('/user/personal');
    expect(returnPath('/activity/list/3?tab=rules#top')).toBe('/activity/list/3?tab=rules#top');
  });

  it('goes to /home without a usable origin', () => {
    expect(returnPath(undefined)).toBe('/home');
    expect(returnPath(42)).toBe('/home');
    expect(returnPath('')).toBe('/home');
    expect(returnPath('user')).toBe('/home');
  });

  it('never leaves the site', () => {
    for (const target of [
      '//evil.test/x',
      'https://evil.test/',
      '/\\evil.test',
      'javascript:alert(1)',
    ]) {
      expect(returnPath(target), target).toBe('/home');
    }
  });

  it('never returns to the screens that lead to logging in', () => {
    expect(returnPath('/login')).toBe('/home');
    expect(returnPath('/register?i_code=QK7')).toBe('/home');
    expect(returnPath('/forgetPassword')).toBe('/home');
  });

  it('reads the origin from navigation state', () => {
    expect(readReturnState({ from: '/user' })).toBe('/user');
    expect(readReturnState({ from: 3 })).toBeUndefined();
    expect(readReturnState(null)).toBeUndefined();
    expect(readReturnState('x')).toBeUndefined();
  });
});
