import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-context.tsx';

/**
 * GET /api/findmed/v1/promo/topCover: the home banners and popup notices. The home page loads
 * this eagerly, so it does not import the zod schema of @lobby/contracts (that would put zod in
 * the first-load bundle); the path equals promoTopCoverEndpoint.path (a test checks it) and the
 * answer is checked by hand below.
 */
export const TOP_COVER_PATH = '/api/findmed/v1/promo/topCover';

export type CoverItem = {
  id: string;
  title: string;
  body: string;
  imageUrl: string;
  linkUrl: string;
};
export type TopCover = { banners: CoverItem[]; notices: CoverItem[] };

function isCoverItem(value: unknown): value is CoverItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return ['id', 'title', 'body', 'imageUrl', 'linkUrl'].every(
    (key) => typeof item[key] === 'string',
  );
}

/** Keeps the well-formed items of an answer; anything else reads as empty. */
export function readTopCover(data: unknown): TopCover {
  const answer = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const items = (value: unknown) => (Array.isArray(value) ? value.filter(isCoverItem) : []);
  return { banners: items(answer.banners), notices: items(answer.notices) };
}

/**
 * The query of the banners in a language: the home screens read it, and the app starts it
 * as the page loads when a home screen comes first (app/first-screen.ts), since the banner is
 * the largest thing the home paints.
 */
export function topCoverQuery(api: ApiClient, language: string) {
  return queryOptions({
    queryKey: ['promo', 'topCover', language],
    queryFn: async ({ signal }) => readTopCover(await api.get(TOP_COVER_PATH, { signal })),
    staleTime: 60_000,
  });
}

export function useTopCover() {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery(topCoverQuery(api, i18n.language));
}
