import { createContext, useContext } from 'react';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { ApiClient, ApiError, CallInput, Endpoint, ResponseOf } from './api-client.ts';

export const ApiClientContext = createContext<ApiClient | null>(null);

/** The API client of the console (src/app/providers.tsx provides it). */
export function useApi(): ApiClient {
  const api = useContext(ApiClientContext);
  if (!api) throw new Error('useApi outside ApiClientContext');
  return api;
}

/** The react-query key of a call: method, path, then what the call sends. */
export function endpointKey<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}) {
  return [endpoint.method, endpoint.path, input.params ?? null, input.query ?? null] as const;
}

/**
 * `useEndpointQuery(adminApprovalsEndpoint, { query: filters })`: a GET of the operator API
 * through react-query, keyed by the endpoint and its input, so two screens asking for the same
 * thing share it and `invalidateQueries()` after an action refreshes every list.
 */
export function useEndpointQuery<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E> = {},
  options: Omit<UseQueryOptions<ResponseOf<E>, ApiError>, 'queryKey' | 'queryFn'> = {},
): UseQueryResult<ResponseOf<E>, ApiError> {
  const api = useApi();
  return useQuery<ResponseOf<E>, ApiError>({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => api.call(endpoint, { ...input, signal }),
    ...options,
  });
}

/**
 * A change through the operator API; every query is refreshed when it succeeds (the back office
 * shows server state, and a refetch is cheap next to a stale list).
 */
export function useEndpointMutation<E extends Endpoint>(endpoint: E) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<ResponseOf<E>, ApiError, CallInput<E>>({
    mutationFn: (input) => api.call(endpoint, input),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
