import { useQuery } from '@tanstack/react-query';
import { virtualProtocolsEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import type { ResponseOf } from '../../../lib/endpoint-types.ts';

export type VirtualProtocol = ResponseOf<typeof virtualProtocolsEndpoint>[number];

/** POST /api/f/v1/virtual/can/protocol: chains a coin address can be added on, with coin names. */
export function useVirtualProtocols() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['virtualProtocols'],
    queryFn: ({ signal }) =>
      api.post(virtualProtocolsEndpoint.path, {
        schema: virtualProtocolsEndpoint.response,
        signal,
      }),
    staleTime: 60 * 60_000,
  });
}
