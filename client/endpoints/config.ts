/** GET /api/config: what the client needs at start (retailer name, sign-in mode, admin ids). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/schemas/catalog.js';
import { fetchJson, serverChecked } from './http.js';

export function fetchPublicConfig(): Promise<PublicConfig> {
  return fetchJson('/api/config', serverChecked<PublicConfig>());
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: fetchPublicConfig,
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
