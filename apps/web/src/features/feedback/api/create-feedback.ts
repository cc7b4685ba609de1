import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFeedbackEndpoint, type FeedbackTicketDetail } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { FEEDBACK_QUERY_KEYS } from './query-keys.ts';

export type CreateFeedbackInput = { category: string; content: string; imageIds: string[] };

/**
 * POST /api/findmed/v1/member/feedback: a ticket with a category, the text and the ids of
 * images uploaded before (comma-separated). The member's ticket list is refetched afterwards.
 */
export function useCreateFeedback() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateFeedbackInput): Promise<FeedbackTicketDetail> =>
      api.post(createFeedbackEndpoint.path, {
        body: {
          category: input.category,
          content: input.content,
          ...(input.imageIds.length > 0 ? { images: input.imageIds.join(',') } : {}),
        },
        schema: createFeedbackEndpoint.response,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDBACK_QUERY_KEYS.list }),
  });
}
