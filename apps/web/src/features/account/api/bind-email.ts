import { useMutation } from '@tanstack/react-query';
import { bindEmailEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import type { BodyOf } from '../../../lib/endpoint-types.ts';
import { useApplyMemberUpdate } from './member-update.ts';

/** POST /api/findmed/v1/member/bind/email with the code sent for purpose bindEmail. */
export function useBindEmail() {
  const api = useApiClient();
  const applyUpdate = useApplyMemberUpdate();
  return useMutation({
    mutationFn: (body: BodyOf<typeof bindEmailEndpoint>) =>
      api.post(bindEmailEndpoint.path, { body, schema: bindEmailEndpoint.response }),
    onSuccess: applyUpdate,
  });
}
