import { useQueries, useQuery } from '@tanstack/react-query';
import {
  memberPayoutAccountsEndpoint,
  WITHDRAW_TYPES,
  type PayoutAccount,
  type PayoutAccountType,
} from '@lobby/contracts';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { FINANCE_QUERY_KEYS } from './query-keys.ts';

export const PAYOUT_TYPES = Object.keys(WITHDRAW_TYPES) as PayoutAccountType[];

function payoutAccountsQuery(api: ApiClient, type: PayoutAccountType, language: string) {
  return {
    // Bank names come in the request's language.
    queryKey: [...FINANCE_QUERY_KEYS.payoutAccounts, type, language],
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<PayoutAccount[]> =>
      api.post(memberPayoutAccountsEndpoint.path, {
        body: { withdraw_type: WITHDRAW_TYPES[type] },
        schema: memberPayoutAccountsEndpoint.response,
        signal,
      }),
  };
}

/**
 * POST /api/f/v1/member/banks with withdraw_type (1 bank cards, 2 Alipay, 3 virtual-coin
 * addresses): the member's payout accounts of one type, numbers masked.
 */
export function usePayoutAccounts(type: PayoutAccountType) {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery(payoutAccountsQuery(api, type, i18n.language));
}

/** Every payout account of the member, the three types in one list (bank, Alipay, coins). */
export function useAllPayoutAccounts() {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQueries({
    queries: PAYOUT_TYPES.map((type) => payoutAccountsQuery(api, type, i18n.language)),
    combine: (results) => ({
      accounts: results.flatMap((result) => result.data ?? []),
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
      refetch: () => Promise.all(results.map((result) => result.refetch())),
    }),
  });
}
