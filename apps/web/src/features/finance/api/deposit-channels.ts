import { useQuery } from '@tanstack/react-query';
import { depositChannelsEndpoint, type DepositChannel } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { FINANCE_QUERY_KEYS } from './query-keys.ts';

/** GET /api/f/v1/deposit/channels: the brand's enabled channels, in the brand's order. */
export function useDepositChannels() {
  const api = useApiClient();
  return useQuery({
    queryKey: FINANCE_QUERY_KEYS.depositChannels,
    queryFn: async ({ signal }): Promise<DepositChannel[]> => {
      const channels = await api.get(depositChannelsEndpoint.path, {
        schema: depositChannelsEndpoint.response,
        signal,
      });
      return channels.toSorted((a, b) => a.sort - b.sort);
    },
    staleTime: 60_000,
  });
}
