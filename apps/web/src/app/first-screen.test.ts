import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { BrandPublicConfig } from '@lobby/contracts';
import { TOP_COVER_PATH, topCoverQuery } from '../features/home/api/top-cover.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { FIRST_SCREEN_ELEMENT_ID } from '@lobby/contracts';
import { firstScreenPath, prefetchFirstScreen, seedFirstScreen } from './first-screen.ts';

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

describe('first screen data in the page', () => {
  const banner = {
    id: '7',
    title: 'Welcome',
    body: 'First deposit',
    imageUrl: '/images/a.webp',
    linkUrl: '/activity',
  };

  function page(json: string | null): Document {
    const document = window.document.implementation.createHTMLDocument('page');
    if (json !== null) {
      const block = document.createElement('script');
      block.type = 'application/json';
      block.id = FIRST_SCREEN_ELEMENT_ID;
      block.textContent = json;
      document.head.append(block);
    }
    return document;
  }

  function seed(document: Document, language: 'zh-CN' | 'en') {
    const get = vi.fn(async () => ({ banners: [], notices: [] }));
    const api = { get } as unknown as ApiClient;
    const config = { language: 'zh-CN', settings: { mobileSite: true } } as BrandPublicConfig;
    const queryClient = new QueryClient();
    const seeded = seedFirstScreen({ config, language, api, queryClient, document });
    const cached = queryClient.getQueryData(topCoverQuery(api, language).queryKey);
    // A home screen then asks nothing: the banners are there and fresh.
    prefetchFirstScreen({
      pathname: '/home',
      userAgent: DESKTOP,
      config,
      language,
      api,
      queryClient,
    });
    return { seeded, cached, get };
  }

  it("puts the page's banners in the cache, so a home screen asks for none", () => {
    const json = JSON.stringify({ topCover: { banners: [banner], notices: [] } });
    const { seeded, cached, get } = seed(page(json), 'zh-CN');
    expect(seeded).toBe(true);
    expect(cached).toEqual({ banners: [banner], notices: [] });
    expect(get).not.toHaveBeenCalled();
  });

  it('keeps only well-formed banners of it', () => {
    const json = JSON.stringify({ topCover: { banners: [banner, { id: 3 }], notices: 'x' } });
    expect(seed(page(json), 'zh-CN').cached).toEqual({ banners: [banner], notices: [] });
  });

  it('uses nothing in another language, nothing unreadable and nothing absent: the screen asks', () => {
    const json = JSON.stringify({ topCover: { banners: [banner], notices: [] } });
    for (const [document, language] of [
      [page(json), 'en'],
      [page('{not json'), 'zh-CN'],
      [page(JSON.stringify({ other: 1 })), 'zh-CN'],
      [page(null), 'zh-CN'],
    ] as const) {
      const { seeded, cached, get } = seed(document, language);
      expect(seeded).toBe(false);
      expect(cached).toBeUndefined();
      expect(get).toHaveBeenCalledTimes(1);
    }
  });
});
