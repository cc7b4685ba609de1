import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { preInfoEndpoint } from '@lobby/contracts';
import type { ApiClient } from '../api-client.ts';
import { useApiClient } from '../api-context.tsx';
import type { ResponseOf } from '../endpoint-types.ts';
import { encryptWithPublicKey } from '../rsa.ts';

/**
 * GET /api/f/v1/member/preInfo: the RSA public key that passwords are encrypted with and the
 * brand's registration settings (which fields register asks for, whether there is a captcha).
 */
export type PreInfo = ResponseOf<typeof preInfoEndpoint>;

export const PRE_INFO_QUERY_KEY = ['preInfo'] as const;

function preInfoQuery(api: ApiClient) {
  return {
    queryKey: PRE_INFO_QUERY_KEY,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get(preInfoEndpoint.path, { schema: preInfoEndpoint.response, signal }),
    staleTime: 5 * 60_000,
  };
}

export function usePreInfo() {
  return useQuery(preInfoQuery(useApiClient()));
}

export function fetchPreInfo(api: ApiClient, queryClient: QueryClient): Promise<PreInfo> {
  return queryClient.fetchQuery(preInfoQuery(api));
}

/**
 * Encrypts the given passwords with the server's public key (RSA-OAEP SHA-256, base64), keys
 * kept. Every password field of every member form goes through here; an encryption failure
 * rejects, and nothing is sent in plain text.
 */
export function useEncryptPasswords(): <Name extends string>(
  passwords: Record<Name, string>,
) => Promise<Record<Name, string>> {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    async <Name extends string>(passwords: Record<Name, string>) => {
      const { publicKey } = await fetchPreInfo(api, queryClient);
      const entries = await Promise.all(
        (Object.entries(passwords) as [Name, string][]).map(
          async ([name, text]) => [name, await encryptWithPublicKey(publicKey, text)] as const,
        ),
      );
      return Object.fromEntries(entries) as Record<Name, string>;
    },
    [api, queryClient],
  );
}
