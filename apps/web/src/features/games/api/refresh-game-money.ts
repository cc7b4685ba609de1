import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemberSession } from '../../../app/member-session.ts';
import { TRANSACTION_RECORDS_QUERY_KEY } from '../../../lib/api/query-keys.ts';
import { GAMES_QUERY_KEYS } from './query-keys.ts';

/**
 * After money moved between the centre wallet and a platform (a transfer, a recycle, the
 * automatic transfer of a launch), or may have: the centre balance at once, and the wallets,
 * transfer orders, platform balances and transaction records the next time they show.
 */
export function useRefreshGameMoney(): () => Promise<void> {
  const queryClient = useQueryClient();
  const session = useMemberSession();
  return useCallback(async () => {
    await Promise.all([
      session.refreshBalance({ force: true }),
      queryClient.invalidateQueries({ queryKey: GAMES_QUERY_KEYS.walletList }),
      queryClient.invalidateQueries({ queryKey: GAMES_QUERY_KEYS.transferOrders }),
      queryClient.invalidateQueries({ queryKey: GAMES_QUERY_KEYS.gameList }),
      queryClient.invalidateQueries({ queryKey: TRANSACTION_RECORDS_QUERY_KEY }),
    ]);
  }, [queryClient, session]);
}
