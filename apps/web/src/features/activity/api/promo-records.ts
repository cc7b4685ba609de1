import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { promoRecordEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { PROMO_QUERY_KEYS } from './query-keys.ts';

/** POST /api/findmed/v1/promo/active/record: the member's claims and gift exchanges. */
export function usePromoRecords(page: number, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: PROMO_QUERY_KEYS.records(page),
    queryFn: ({ signal }) =>
      api.post(promoRecordEndpoint.path, {
        body: { page, pageSize: 10 },
        schema: promoRecordEndpoint.response,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
