import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { transferOrdersEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { transitPollInterval } from '../game-rules.ts';
import { GAMES_QUERY_KEYS } from './query-keys.ts';

/**
 * GET /api/game/transfer/orders: the member's recent transfers, those in transit first, a page
 * at a time. While one of the page is in transit it is asked again every few seconds (also in
 * a background tab) until every one is final.
 */
export function useTransferOrders(page: number, pageSize: number) {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...GAMES_QUERY_KEYS.transferOrders, i18n.language, page, pageSize],
    queryFn: ({ signal }) =>
      api.get(transferOrdersEndpoint.path, {
        params: { page, pageSize },
        schema: transferOrdersEndpoint.response,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchInterval: (query) => transitPollInterval(query.state.data?.items),
    refetchIntervalInBackground: true,
  });
}
