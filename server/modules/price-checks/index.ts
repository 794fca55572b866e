/**
 * The price-checks module's front door (issue 29): the refresh that keeps affiliate prices current
 * through the configured price source (price-sources/), and the admin's Price checks routes, both
 * registered by app.ts.
 */
export { registerPriceSources, type PriceSourceOptions } from './routes.js';
export type { PriceRefresh } from './refresh.js';
