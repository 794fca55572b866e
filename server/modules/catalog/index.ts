/**
 * The catalog module's front door. Beside its routes it offers the products table's reads and writes
 * that the admin modules, stock, seo, cart, chat, the seed and the test fixtures share.
 */
export {
  bumpCatalogVersion,
  clicksSince,
  countProducts,
  deferCatalogVersionBumps,
  deleteProduct,
  findConditions,
  findProduct,
  foldForSearch,
  insertProduct,
  maxProductId,
  nextProductVersion,
  orderClause,
  productExists,
  type ProductFilter,
  productsMatching,
  setImageCount,
  updateProduct,
} from './repository.js';
export { catalogStateReader } from './freshness.js';
export {
  CLICKS_REPORT_DAYS,
  clicksPerView,
  clicksReportStart,
  clicksSinceOrder,
  scheduleClickPurge,
} from './clicks.js';
export { catalogRoutes } from './routes.js';
export { sanitizeDescription } from './sanitize-description.js';
export { getCategories, getNextId, getProduct } from './service.js';
export { StateCache } from './state-cache.js';
