import { MEMBER_QUERY_KEY } from '../../../lib/api/query-keys.ts';

/**
 * Query keys of the agent page. The page's info depends on who is signed in, so every key sits
 * under the member keys: they are dropped when the session ends or changes.
 */
export const AGENT_QUERY_KEYS = {
  all: [...MEMBER_QUERY_KEY, 'agent'],
  info: [...MEMBER_QUERY_KEY, 'agent', 'info'],
  downline: [...MEMBER_QUERY_KEY, 'agent', 'downline'],
  statements: [...MEMBER_QUERY_KEY, 'agent', 'statements'],
} as const;
