import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { BrandPublicConfig } from '@lobby/contracts';
import { TOP_COVER_PATH } from '../features/home/api/top-cover.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { firstScreenPath, prefetchFirstScreen } from './first-screen.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0.0.0 Safari/537.36';

function setup(pathname: string, userAgent: string, mobileSite = true) {
  const get = vi.fn(async () => ({ banners: [], notices: [] }));
  const api = { get } as unknown as ApiClient;
  const config = { settings: { mobileSite } } as unknown as BrandPublicConfig;
  const queryClient = new QueryClient();
  const path = prefetchFirstScreen({
    pathname,
    userAgent,
    config,
    language: 'en',
    api,
    queryClient,
  });
  return { get, path };
}

describe('first screen', () => {
  it('is the mobile home for a phone on /home when the brand has the mobile site', () => {
    expect(firstScreenPath('/home', PHONE, true)).toBe('/app/home');
    expect(firstScreenPath('/home', PHONE, false)).toBe('/home');
    expect(firstScreenPath('/home', DESKTOP, true)).toBe('/home');
    expect(firstScreenPath('/login', PHONE, true)).toBe('/login');
  });

  it('asks for the banners at once on a home screen, in the page language', () => {
    for (const [pathname, userAgent] of [
      ['/home', DESKTOP],
      ['/home', PHONE],
      ['/app/home', PHONE],
    ] as const) {
      const { get, path } = setup(pathname, userAgent);
      expect(path).toBe(firstScreenPath(pathname, userAgent, true));
      expect(get).toHaveBeenCalledTimes(1);
      expect(get).toHaveBeenCalledWith(TOP_COVER_PATH, expect.anything());
    }
  });

  it('starts nothing for any other first screen', () => {
    const { get, path } = setup('/user', PHONE);
    expect(path).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });
});
