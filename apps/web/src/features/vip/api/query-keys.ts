import { MEMBER_QUERY_KEY } from '../../../lib/api/query-keys.ts';

/**
 * Query keys of the VIP screens: the member's own view sits under the member keys (dropped when
 * the session ends); the level table is the brand's, the same for guests and members.
 */
export const VIP_QUERY_KEYS = {
  member: [...MEMBER_QUERY_KEY, 'vip'],
  levels: ['vip', 'levels'],
} as const;
