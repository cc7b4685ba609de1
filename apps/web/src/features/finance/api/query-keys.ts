import { MEMBER_QUERY_KEY, TRANSACTION_RECORDS_QUERY_KEY } from '../../../lib/api/query-keys.ts';

/**
 * Query keys of the cashier's data, under the member keys: dropped with the rest of the
 * member's data when the session ends.
 */
export const FINANCE_QUERY_KEYS = {
  depositChannels: [...MEMBER_QUERY_KEY, 'depositChannels'],
  depositOrders: [...MEMBER_QUERY_KEY, 'depositOrders'],
  depositOrder: (orderNo: string) => [...MEMBER_QUERY_KEY, 'depositOrder', orderNo],
  payoutAccounts: [...MEMBER_QUERY_KEY, 'payoutAccounts'],
  withdrawOrders: [...MEMBER_QUERY_KEY, 'withdrawOrders'],
  transactionRecords: TRANSACTION_RECORDS_QUERY_KEY,
} as const;
