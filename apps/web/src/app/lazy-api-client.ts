import type { ApiClient, ApiClientOptions } from '../lib/api-client.ts';

/**
 * The API client, loaded on its first call. The client validates every answer with the
 * contracts' zod schemas; loading it with the first request keeps zod out of the code that
 * /home needs before it can render (the bundle budget, scripts/bundle-budget.ts).
 */
export function createLazyApiClient(options: ApiClientOptions): ApiClient {
  let loaded: Promise<ApiClient> | undefined;
  const client = (): Promise<ApiClient> =>
    (loaded ??= import('../lib/api-client.ts').then((module) => module.createApiClient(options)));
  return {
    get: (path, callOptions) => client().then((api) => api.get(path, callOptions)),
    post: (path, callOptions) => client().then((api) => api.post(path, callOptions)),
    put: (path, callOptions) => client().then((api) => api.put(path, callOptions)),
    upload: (path, formData, callOptions) =>
      client().then((api) => api.upload(path, formData, callOptions)),
  };
}
