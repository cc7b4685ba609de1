import { useMutation } from '@tanstack/react-query';
import { realNameEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { useApplyMemberUpdate } from './member-update.ts';

/** POST /api/findmed/v1/member/realName: set once; afterwards only support can change it. */
export function useSetRealName() {
  const api = useApiClient();
  const applyUpdate = useApplyMemberUpdate();
  return useMutation({
    mutationFn: (realName: string) =>
      api.post(realNameEndpoint.path, {
        body: { realName: realName.trim() },
        schema: realNameEndpoint.response,
      }),
    onSuccess: applyUpdate,
  });
}
