import { MEMBER_QUERY_KEY } from '../../../lib/api/query-keys.ts';

/** Query keys of the member's feedback, dropped with the rest of the member's data on logout. */
export const FEEDBACK_QUERY_KEYS = {
  all: [...MEMBER_QUERY_KEY, 'feedback'],
  list: [...MEMBER_QUERY_KEY, 'feedback', 'list'],
  detail: (id: string) => [...MEMBER_QUERY_KEY, 'feedback', 'detail', id],
} as const;
