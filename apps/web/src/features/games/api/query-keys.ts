import { MEMBER_QUERY_KEY } from '../../../lib/api/query-keys.ts';

/**
 * Query keys of the games' data. They sit under the member keys, so everything that carries a
 * member's balances (and the launch answers) goes with the rest of the member's data when the
 * session ends; the guest's lists are simply asked again.
 */
export const GAMES_QUERY_KEYS = {
  gameList: [...MEMBER_QUERY_KEY, 'gameList'],
  walletList: [...MEMBER_QUERY_KEY, 'walletList'],
  transferOrders: [...MEMBER_QUERY_KEY, 'transferOrders'],
  settings: [...MEMBER_QUERY_KEY, 'gameSettings'],
  launch: [...MEMBER_QUERY_KEY, 'gameLaunch'],
} as const;
