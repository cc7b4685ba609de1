import { useMutation } from '@tanstack/react-query';
import { bindPhoneEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import type { BodyOf } from '../../../lib/endpoint-types.ts';
import { useApplyMemberUpdate } from './member-update.ts';

/** POST /api/findmed/v1/member/bind/phone with the code sent for purpose bindPhone. */
export function useBindPhone() {
  const api = useApiClient();
  const applyUpdate = useApplyMemberUpdate();
  return useMutation({
    mutationFn: (body: BodyOf<typeof bindPhoneEndpoint>) =>
      api.post(bindPhoneEndpoint.path, { body, schema: bindPhoneEndpoint.response }),
    onSuccess: applyUpdate,
  });
}
