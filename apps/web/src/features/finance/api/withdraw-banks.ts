import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { withdrawBanksEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import type { ResponseOf } from '../../../lib/endpoint-types.ts';

export type WithdrawBank = ResponseOf<typeof withdrawBanksEndpoint>[number];

/** POST /api/f/v1/withdraw/can/banks: banks a card can be added of, with their group (0-3, -1). */
export function useWithdrawBanks() {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: ['withdrawBanks', i18n.language],
    queryFn: ({ signal }) =>
      api.post(withdrawBanksEndpoint.path, { schema: withdrawBanksEndpoint.response, signal }),
    staleTime: 60 * 60_000,
  });
}
