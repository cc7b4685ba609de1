import type { QueryClient } from '@tanstack/react-query';
import type { BrandPublicConfig, Language } from '@lobby/contracts';
import { topCoverQuery } from '../features/home/api/top-cover.ts';
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
