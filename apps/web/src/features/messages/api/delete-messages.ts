import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageDeleteEndpoint } from '@lobby/contracts';
import { useMemberSession } from '../../../app/member-session.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { MESSAGE_QUERY_KEYS } from './query-keys.ts';

/**
 * POST /api/findmed/v1/member/message/delete: deletes these messages for this member (all or,
 * when any is not theirs, none). Afterwards the list is invalidated and the unread count
 * refreshed at once. Opened messages are only marked stale, not fetched again: a message deleted
 * from its own screen is gone, and asking for it would only answer "not found".
 */
export function useDeleteMessages() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useMemberSession();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      api.post(messageDeleteEndpoint.path, {
        body: { ids: ids.join(',') },
        schema: messageDeleteEndpoint.response,
      }),
    onSuccess: () => {
      void session.refreshMessages({ force: true });
      void queryClient.invalidateQueries({
        queryKey: MESSAGE_QUERY_KEYS.details,
        refetchType: 'none',
      });
      return queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEYS.list });
    },
  });
}
