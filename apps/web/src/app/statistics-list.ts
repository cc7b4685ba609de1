import { siteStatisticsEndpoint, type StatisticsEntry } from '@lobby/contracts';
import type { ApiClient } from '../lib/api-client.ts';

/**
 * The API-provided statistics list of the brand (used when its statistics source is "api").
 * Loaded on demand, with its schema, so neither weighs on /home's first load.
 */
export function fetchStatisticsList(api: ApiClient): Promise<StatisticsEntry[]> {
  return api.get(siteStatisticsEndpoint.path, { schema: siteStatisticsEndpoint.response });
}
