import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { captchaEndpoint } from '@lobby/contracts';
import type { ApiClient } from '../api-client.ts';
import { useApiClient } from '../api-context.tsx';
import type { ResponseOf } from '../endpoint-types.ts';

/** GET /api/f/v1/captcha: a graphic captcha, `{key, img}` with img a data URL. */
export type Captcha = ResponseOf<typeof captchaEndpoint>;

export function fetchCaptcha(api: ApiClient, signal?: AbortSignal): Promise<Captcha> {
  return api.get(captchaEndpoint.path, { schema: captchaEndpoint.response, signal });
}

export type CaptchaState = {
  captcha: Captcha | undefined;
  loading: boolean;
  failed: boolean;
  /** A new picture: after a click on it and after every submit (each captcha is single use). */
  refresh(): void;
};

/** One captcha per form; none is fetched while `enabled` is false (the brand turned it off). */
export function useCaptcha(enabled = true): CaptchaState {
  const api = useApiClient();
  const formId = useId();
  const query = useQuery({
    queryKey: ['captcha', formId],
    queryFn: ({ signal }) => fetchCaptcha(api, signal),
    enabled,
    // Never reused: a captcha answers one submit, so it is never fresh enough to share.
    staleTime: Infinity,
    gcTime: 0,
  });
  return {
    captcha: query.data,
    loading: query.isFetching,
    failed: query.isError,
    refresh: () => {
      void query.refetch();
    },
  };
}
