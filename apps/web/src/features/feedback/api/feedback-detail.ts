import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedbackDetailEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { FEEDBACK_QUERY_KEYS } from './query-keys.ts';

/**
 * GET /api/findmed/v1/member/feedback/detail: one ticket with its images (signed addresses an
 * `<img>` can show). Opening it marks the reply seen, so the list is refetched to drop the mark.
 */
export function useFeedbackDetail(id: string | null) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...FEEDBACK_QUERY_KEYS.detail(id ?? ''), i18n.language],
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const ticket = await api.get(feedbackDetailEndpoint.path, {
        params: { id: id ?? '' },
        schema: feedbackDetailEndpoint.response,
        signal,
      });
      void queryClient.invalidateQueries({ queryKey: FEEDBACK_QUERY_KEYS.list });
      return ticket;
    },
    staleTime: 60_000,
  });
}
