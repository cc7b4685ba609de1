import { describe, expect, it } from 'vitest';
import { mobileRedirect, shouldClearGameSelection } from './navigation-rules.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

describe('mobileRedirect', () => {
  it('sends mobile browsers on /home to /app/home keeping the query string', () => {
    expect(mobileRedirect('/home', '?x=1', IPHONE)).toBe('/app/home?x=1');
    expect(mobileRedirect('/home', '?i_code=AB12&x=1', ANDROID)).toBe('/app/home?i_code=AB12&x=1');
    expect(mobileRedirect('/home', '', IPAD)).toBe('/app/home');
    expect(mobileRedirect('/home', 'x=1', IPHONE)).toBe('/app/home?x=1');
  });

  it('matches /home exactly', () => {
    expect(mobileRedirect('/home/', '', IPHONE)).toBeNull();
    expect(mobileRedirect('/homepage', '', IPHONE)).toBeNull();
    expect(mobileRedirect('/', '', IPHONE)).toBeNull();
    expect(mobileRedirect('/user/personal', '', IPHONE)).toBeNull();
    expect(mobileRedirect('/app/home', '', IPHONE)).toBeNull();
  });

  it('leaves desktop browsers on /home', () => {
    expect(mobileRedirect('/home', '?x=1', DESKTOP)).toBeNull();
  });

  it('recognises the generic Mobile token in any case', () => {
    expect(mobileRedirect('/home', '', 'SomeBrowser/1.0 mobile')).toBe('/app/home');
  });
});

describe('shouldClearGameSelection', () => {
  it('clears when leaving an ordinary route', () => {
    expect(shouldClearGameSelection('/home', '/sports')).toBe(true);
    expect(shouldClearGameSelection('/venue/sports', '/home')).toBe(true);
    expect(shouldClearGameSelection('/game/egame', '/venues')).toBe(true);
  });

  it('keeps the selection when leaving /sports or /venues', () => {
    expect(shouldClearGameSelection('/sports', '/home')).toBe(false);
    expect(shouldClearGameSelection('/venues', '/sports')).toBe(false);
    expect(shouldClearGameSelection('/venues', '/user/betRecord')).toBe(false);
  });

  it('does not clear on the first page or when the path stays the same', () => {
    expect(shouldClearGameSelection(null, '/home')).toBe(false);
    expect(shouldClearGameSelection('/home', '/home')).toBe(false);
  });

  it('matches the keeping routes exactly', () => {
    expect(shouldClearGameSelection('/venue/sports', '/sports')).toBe(true);
    expect(shouldClearGameSelection('/sports/', '/home')).toBe(true);
  });
});
