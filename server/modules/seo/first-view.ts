/**
 * A shop page's first view without a waterfall: its HTML carries the catalogue overview the page asks
 * for first (the default view: no search, no category, the shop's default sort), so the script renders
 * the rows without a request.
 *
 * It preloads no picture. The server cannot know the first view: a visitor's saved category or search
 * (localStorage, docs/product.md §3) shows other pictures, so preloaded ones went unused and the
 * browser warned of it on every such load; and measured on the default view, the preload did not move
 * Lighthouse's LCP (bench/README.md: the picture waits for the script to render its card, not for its
 * download). The first row's pictures are fetched eagerly, at high priority, by their own <img>.
 */
import type { FastifyInstance } from 'fastify';
import { INITIAL_OVERVIEW_ELEMENT_ID } from '../../../shared/constants.js';
import type { ShopConfig, ShopKey } from '../../../shared/shops.js';
import { jsonTextForScript } from './escape.js';

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

/** The page with the overview before </body>. */
export function withFirstView(page: string, shop: ShopConfig, overviewJson: string): string {
  // Not executable (application/json), so the strict CSP allows it; `<` is \u003c inside, so no title ends it.
  const data =
    `<script type="application/json" id="${INITIAL_OVERVIEW_ELEMENT_ID}" data-shop="${shop.key}">` +
    `${jsonTextForScript(overviewJson)}</script>`;
  return insertBefore(page, /<\/body>/i, data);
}

/** Inserts `text` before the first match of `marker`, or at the end when the page has none. */
function insertBefore(page: string, marker: RegExp, text: string): string {
  const at = page.search(marker);
  return at === -1 ? `${page}${text}` : `${page.slice(0, at)}${text}${page.slice(at)}`;
}
