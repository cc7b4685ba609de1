/** Query keys under this prefix hold member data and are dropped when the member leaves. */
export const MEMBER_QUERY_KEY = ['member'] as const;

/**
 * The member's transaction records (features/records), under the member keys. Named here
 * because the screens that move money (the cashier, the game wallets) invalidate it too.
 */
export const TRANSACTION_RECORDS_QUERY_KEY = [...MEMBER_QUERY_KEY, 'transactionRecords'];
