import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_ELEMENT_ID, type BrandPublicConfig, type Language } from '@lobby/contracts';
import { readTopCover, topCoverQuery } from '../features/home/api/top-cover.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { DESKTOP_HOME_PATH, MOBILE_HOME_PATH, mobileRedirect } from './navigation-rules.ts';

export type FirstScreenInput = {
  pathname: string;
  userAgent: string;
  config: BrandPublicConfig;
  language: Language;
  api: ApiClient;
  queryClient: QueryClient;
};

/**
 * The path whose screen a visit shows first: a phone on /home goes on to /app/home when the
 * brand has the mobile site (the route loader of routes.tsx does the same).
 */
export function firstScreenPath(pathname: string, userAgent: string, mobileSite: boolean): string {
  if (!mobileSite) return pathname;
  return mobileRedirect(pathname, '', userAgent) ?? pathname;
}

/**
 * Asks for the banners of a home screen as soon as the page runs, while the language pack
 * loads: they are the largest paint of both home screens (/home and /app/home, whose screens
 * are part of the first load), and would otherwise wait for the first render to ask. Any other
 * first screen starts nothing here. Returns the home path it prepared, or null.
 */
export function prefetchFirstScreen(input: FirstScreenInput): string | null {
  const path = firstScreenPath(input.pathname, input.userAgent, input.config.settings.mobileSite);
  if (path !== DESKTOP_HOME_PATH && path !== MOBILE_HOME_PATH) return null;
  void input.queryClient.prefetchQuery(topCoverQuery(input.api, input.language));
  return path;
}

/**
 * The first screen's data the server put in the page (FIRST_SCREEN_ELEMENT_ID: a home page
 * carries its banners in the brand's language), into the query cache before the first render,
 * so the home's banner is in its first paint. Only in the language it was made for; anything
 * unreadable is ignored (the screen then asks as usual). True when it seeded something.
 */
export function seedFirstScreen(
  input: Pick<FirstScreenInput, 'config' | 'language' | 'api' | 'queryClient'> & {
    document: Document;
  },
): boolean {
  const element = input.document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element?.textContent || input.language !== input.config.language) return false;
  let data: unknown;
  try {
    data = JSON.parse(element.textContent);
  } catch {
    return false;
  }
  if (typeof data !== 'object' || data === null || !('topCover' in data)) return false;
  input.queryClient.setQueryData(
    topCoverQuery(input.api, input.language).queryKey,
    readTopCover(data.topCover),
  );
  return true;
}
