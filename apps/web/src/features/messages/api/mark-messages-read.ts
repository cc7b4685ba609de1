import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReadEndpoint } from '@lobby/contracts';
import { useMemberSession } from '../../../app/member-session.ts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { MESSAGE_QUERY_KEYS } from './query-keys.ts';

/**
 * POST /api/findmed/v1/member/message/read: one message (its id) or every message (`all`)
 * read. Afterwards the list is invalidated and the unread count refreshed at once.
 */
export function useMarkMessagesRead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useMemberSession();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      api.post(messageReadEndpoint.path, { body: { id }, schema: messageReadEndpoint.response }),
    onSuccess: () => {
      void session.refreshMessages({ force: true });
      return queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEYS.list });
    },
  });
}
