/**
 * The price-sources module's front door (issue 29): the source seam and its one registry. It imports
 * no other module, so config.ts builds its schema from the registry (as from payment-providers'); the
 * refresh and the admin's Price checks are the price-checks module's.
 */
export {
  PRICE_SOURCES_ENV,
  configuredPriceSource,
  createPriceSource,
  priceSourceProblems,
} from './registry.js';
export { type ItemRead, MAX_ITEMS_PER_CALL, type PriceSource, PriceSourceError } from './source.js';
