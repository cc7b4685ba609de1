import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messageDetailEndpoint } from '@lobby/contracts';
import { useMemberSession } from '../../../app/member-session.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { MESSAGE_QUERY_KEYS } from './query-keys.ts';

/**
 * GET /api/findmed/v1/member/message/detail?id=: one message; the server marks it read, so once
 * it has loaded the list is invalidated and the unread count refreshed at once.
 */
export function useMessageDetail(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useMemberSession();
  const query = useQuery({
    queryKey: MESSAGE_QUERY_KEYS.detail(id),
    queryFn: ({ signal }) =>
      api.get(messageDetailEndpoint.path, {
        params: { id },
        schema: messageDetailEndpoint.response,
        signal,
      }),
    enabled: id !== '',
    retry: false,
  });
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    void session.refreshMessages({ force: true });
    void queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEYS.list });
  }, [loaded, queryClient, session]);
  return query;
}
