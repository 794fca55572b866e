import { usePublicConfig } from '../endpoints/config.js';

/** The external retailer's name from GET /api/config; undefined until it has loaded. */
export function useRetailerName(): string | undefined {
  return usePublicConfig().data?.retailerName;
}
