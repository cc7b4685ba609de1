import { createContext, useContext } from 'react';
import type { ApiClient } from './api-client.ts';

export const ApiClientContext = createContext<ApiClient | null>(null);

/** The site's one API client (features' request files call through it). */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient outside ApiClientContext');
  return client;
}
