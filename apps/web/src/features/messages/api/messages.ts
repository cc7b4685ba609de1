import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messageListEndpoint, type MessageCategory } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { MESSAGE_QUERY_KEYS } from './query-keys.ts';

export type MessageFilter = {
  category: MessageCategory | 'all';
  page: number;
  pageSize: number;
};

/**
 * GET /api/findmed/v1/member/message/list: the member's messages, newest first, by category, a
 * page at a time, each with its read flag, and the unread count of all of them.
 */
export function useMessages(filter: MessageFilter) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...MESSAGE_QUERY_KEYS.list, filter],
    queryFn: ({ signal }) =>
      api.get(messageListEndpoint.path, {
        params: filter,
        schema: messageListEndpoint.response,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
