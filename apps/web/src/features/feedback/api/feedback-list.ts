import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedbackListEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { FEEDBACK_QUERY_KEYS } from './query-keys.ts';

/**
 * GET /api/findmed/v1/member/feedback/list: the member's tickets, newest first, with the
 * operator's reply and whether it is unseen; category names come in the request's language.
 */
export function useFeedbackList(page: number, pageSize: number) {
  const api = useApiClient();
  const { i18n } = useTranslation('web');
  return useQuery({
    queryKey: [...FEEDBACK_QUERY_KEYS.list, i18n.language, page, pageSize],
    queryFn: ({ signal }) =>
      api.get(feedbackListEndpoint.path, {
        params: { page, pageSize },
        schema: feedbackListEndpoint.response,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
