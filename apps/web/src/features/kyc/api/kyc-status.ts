import { useQuery } from '@tanstack/react-query';
import { memberKycEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { MEMBER_QUERY_KEY } from '../../../lib/api/query-keys.ts';

/** The member's KYC data, dropped with the rest of the member's data on logout. */
export const KYC_QUERY_KEY = [...MEMBER_QUERY_KEY, 'kyc'] as const;

/**
 * GET /api/f/v1/kyc: the level, the brand's thresholds, the latest document set and its outcome.
 * Its image addresses last a few minutes: the answer is fetched again when older than a minute.
 */
export function useKycStatus() {
  const api = useApiClient();
  return useQuery({
    queryKey: KYC_QUERY_KEY,
    queryFn: ({ signal }) =>
      api.get(memberKycEndpoint.path, { schema: memberKycEndpoint.response, signal }),
    staleTime: 60_000,
  });
}
