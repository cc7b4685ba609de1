import { MEMBER_QUERY_KEY } from '../../../lib/api/query-keys.ts';

/** Query keys of the message centre, under the member keys: dropped when the session ends. */
export const MESSAGE_QUERY_KEYS = {
  all: [...MEMBER_QUERY_KEY, 'messages'],
  list: [...MEMBER_QUERY_KEY, 'messages', 'list'],
  details: [...MEMBER_QUERY_KEY, 'messages', 'detail'],
  detail: (id: string) => [...MEMBER_QUERY_KEY, 'messages', 'detail', id],
} as const;
