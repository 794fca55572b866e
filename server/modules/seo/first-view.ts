/**
 * A shop page's first view without a waterfall: its HTML carries the catalogue overview the page asks
 * for first (the default view: no search, no category, the shop's default sort), so the script renders
 * the rows without a request, and preloads the first pictures the first row shows, so the browser
 * fetches them while the script is still on its way.
 */
import type { FastifyInstance } from 'fastify';
import { INITIAL_OVERVIEW_ELEMENT_ID } from '../../../shared/constants.js';
import { cardPicture } from '../../../shared/rules/images.js';
import type { CatalogOverview, ProductSummary } from '../../../shared/schemas/catalog.js';
import type { ShopConfig, ShopKey } from '../../../shared/shops.js';
import { escapeMarkup, jsonTextForScript } from './escape.js';

/** The overview's JSON as GET /api/catalog/overview answers it, and the catalogue state it is computed at. */
export interface OverviewAnswer {
  json: string;
  /** The answer's ETag, naming the catalogue state (see catalog/freshness.ts). */
  etag: string;
}

export type OverviewReader = (shop: ShopKey) => Promise<OverviewAnswer>;

/**
 * Reads the default overview through the route itself (in process, no socket): the same validation,
 * defaults, shape, serialization and per-process answer cache as a browser's request, so the embedded
 * body is byte for byte what the page would have fetched, and a warm page costs a version lookup.
 */
export function overviewFromRoute(app: FastifyInstance): OverviewReader {
  return async (shop) => {
    const response = await app.inject({ method: 'GET', url: `/api/catalog/overview?shop=${shop}` });
    const etag = response.headers.etag;
    if (response.statusCode !== 200 || typeof etag !== 'string') {
      throw new Error(`The ${shop} overview answered ${response.statusCode}.`);
    }
    return { json: response.body, etag };
  };
}

/**
 * A phone shows about two cards of the first row (cards are 220 px wide); the row's further cards are
 * fetched eagerly by their own <img>, so preloading more would only share the slow first bandwidth.
 */
const PRELOADED_PICTURES = 2;

/** The cards the first row shows: the TOP strip when the shop has one and it is not empty, else the first category row. */
function firstRowProducts(shop: ShopConfig, overview: CatalogOverview): readonly ProductSummary[] {
  if (shop.showTopProducts && overview.top.length > 0) return overview.top;
  return overview.groups[0]?.rows[0]?.items ?? [];
}

function preloadLink(shop: ShopConfig, product: ProductSummary): string | null {
  const picture = cardPicture(shop.imageFolder, product);
  // A product without pictures shows a placeholder; there is nothing to fetch early.
  if (!picture) return null;
  return (
    `<link rel="preload" as="image" href="${escapeMarkup(picture.src)}" ` +
    `imagesrcset="${escapeMarkup(picture.srcSet)}" imagesizes="${escapeMarkup(picture.sizes)}" fetchpriority="high" />`
  );
}

/** The page with the first pictures preloaded at the end of its head and the overview before </body>. */
export function withFirstView(page: string, shop: ShopConfig, overviewJson: string): string {
  const overview = JSON.parse(overviewJson) as CatalogOverview;
  const preloads = firstRowProducts(shop, overview)
    .slice(0, PRELOADED_PICTURES)
    .map((product) => preloadLink(shop, product))
    .filter((tag) => tag !== null);
  // Not executable (application/json), so the strict CSP allows it; `<` is \u003c inside, so no title ends it.
  const data =
    `<script type="application/json" id="${INITIAL_OVERVIEW_ELEMENT_ID}" data-shop="${shop.key}">` +
    `${jsonTextForScript(overviewJson)}</script>`;
  const withPreloads = insertBefore(page, /<\/head>/i, preloads.map((tag) => `  ${tag}\n  `).join(''));
  return insertBefore(withPreloads, /<\/body>/i, data);
}

/** Inserts `text` before the first match of `marker`, or at the end when the page has none. */
function insertBefore(page: string, marker: RegExp, text: string): string {
  const at = page.search(marker);
  return at === -1 ? `${page}${text}` : `${page.slice(0, at)}${text}${page.slice(at)}`;
}
