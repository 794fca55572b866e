/** Which head a page path gets: its product's, its shop's, or the generic unlisted one. */
import type { Kysely } from 'kysely';
import { productIdSchema } from '../../../shared/schemas/common.js';
import { NAV_ORDER, SHOPS, type ShopConfig } from '../../../shared/shops.js';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../http/errors.js';
import { getProduct } from '../catalog/index.js';
import type { PageHead } from './head.js';
import { productHead, shopHead, unlistedHead } from './product-head.js';

export function shopAt(pathname: string): ShopConfig | undefined {
  // React Router shows /pcshop/ as /pcshop: both get the shop's head (and its canonical URL, without the slash).
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return NAV_ORDER.map((key) => SHOPS[key]).find((shop) => shop.route === path);
}

/** The shop whose default view the page at `url` opens on: a shop path without `?product`. */
export function shopFirstViewAt(url: string): ShopConfig | undefined {
  const [pathname = '/', query = ''] = url.split(/\?(.*)/s);
  return new URLSearchParams(query).has('product') ? undefined : shopAt(pathname);
}

/**
 * The head of the page at `url` (path and query, as the request gave them). A product id that is
 * malformed or unknown gets the shop's head: the app itself then says the product is not there.
 */
export async function pageHead(db: Kysely<Database>, url: string, origin: string): Promise<PageHead> {
  const [pathname = '/', query = ''] = url.split(/\?(.*)/s);
  const shop = shopAt(pathname);
  if (!shop) return unlistedHead();
  const id = productIdSchema.safeParse(new URLSearchParams(query).get('product'));
  if (!id.success) return shopHead(origin, shop);
  try {
    return productHead(origin, shop, await getProduct(db, shop.key, id.data));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return shopHead(origin, shop);
    throw error;
  }
}
