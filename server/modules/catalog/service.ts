import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ROW_PREVIEW_COUNT, TOP_PRODUCTS_COUNT } from '../../../shared/constants.js';
import type {
  CatalogOverview,
  CatalogPage,
  CatalogQuery,
  CategoriesResponse,
  CategoryMap,
  OverviewQuery,
  ProductDetail,
  ProductSummary,
} from '../../../shared/schemas/catalog.js';
import { SHOPS, type ShopConfig, type ShopKey, type SortMode } from '../../../shared/shops.js';
import { groupTextKeyed, textKeyed } from '../../../shared/textKeyed.js';
import type { Database, ProductRow } from '../../db/types.js';
import { clientNetwork } from '../../http/client-address.js';
import { badRequest, noSuchProduct } from '../../http/errors.js';
import * as repo from './repository.js';
import { conditionsByProduct, presentProductDetail, presentProductSummary } from './presenter.js';

type Db = Kysely<Database>;

/** The sort to run: the one asked for if the shop offers it, else the shop's default order. */
export function resolveSort(shop: ShopConfig, sort: SortMode | undefined): SortMode {
  if (sort === undefined) return shop.defaultSort;
  if (sort === 'rating' && !shop.hasRating) {
    throw badRequest(`Invalid query parameter "sort": the ${shop.name} has no ratings to sort by.`);
  }
  if (sort === 'stock' && shop.sells !== 'on-site') {
    throw badRequest(`Invalid query parameter "sort": the ${shop.name} has no stock order.`);
  }
  return sort;
}

function filterFor(shop: ShopConfig, search: string, sort: SortMode, category?: string): repo.ProductFilter {
  const isPriceSort = sort === 'price_asc' || sort === 'price_desc';
  return { shop: shop.key, search, category, positivePriceOnly: isPriceSort && shop.sells === 'on-site' };
}

async function presentList(db: Db, shop: ShopConfig, rows: readonly ProductRow[]): Promise<ProductSummary[]> {
  if (shop.sells !== 'on-site') return rows.map((row) => presentProductSummary(row));
  const conditions = conditionsByProduct(
    await repo.findConditions(
      db,
      shop.key,
      rows.map((row) => row.id),
    ),
  );
  return rows.map((row) => presentProductSummary(row, conditions.get(row.id)));
}

export async function listCatalogPage(db: Db, query: CatalogQuery): Promise<CatalogPage> {
  const shop = SHOPS[query.shop];
  const sort = resolveSort(shop, query.sort);
  const offset = (query.page - 1) * query.pageSize;
  const { rows, total } = await repo.findProductPage(
    db,
    filterFor(shop, query.q, sort, query.category),
    sort,
    query.pageSize,
    offset,
  );
  return { items: await presentList(db, shop, rows), total, page: query.page, pageSize: query.pageSize };
}

function toCategoryMap(pairs: readonly { main_category: string; category: string }[]): CategoryMap {
  return groupTextKeyed(
    pairs,
    (pair) => pair.main_category,
    (pair) => pair.category,
  );
}

export async function categoryMap(db: Db, shop: ShopKey): Promise<CategoryMap> {
  return toCategoryMap(await repo.findCategoryPairs(db, shop));
}

export async function getCatalogOverview(db: Db, query: OverviewQuery): Promise<CatalogOverview> {
  const shop = SHOPS[query.shop];
  const sort = resolveSort(shop, query.sort);
  const filter = filterFor(shop, query.q, sort);
  const counts = await repo.countByCategory(db, filter);
  // Unfiltered counts already name every category; only a search or price filter needs the tree apart.
  const unfiltered = !filter.search && !filter.positivePriceOnly;
  const [rowProducts, top, categories, sums] = await Promise.all([
    repo.findCategoryRows(db, filter, counts, sort, ROW_PREVIEW_COUNT),
    shop.showTopProducts
      ? repo.findMostViewed(db, filterFor(shop, query.q, 'views'), TOP_PRODUCTS_COUNT)
      : [],
    unfiltered ? toCategoryMap(counts) : categoryMap(db, shop.key),
    shop.showCategoryTotals ? repo.sumPricesByCategory(db, shop.key) : [],
  ]);
  const [rowItems, topItems] = await Promise.all([
    presentList(db, shop, rowProducts),
    presentList(db, shop, top),
  ]);

  const groups: CatalogOverview['groups'] = [];
  for (const entry of counts) {
    let group = groups.at(-1);
    if (group?.main_category !== entry.main_category) {
      group = { main_category: entry.main_category, rows: [] };
      groups.push(group);
    }
    const items = rowItems.filter(
      (item) => item.category === entry.category && item.main_category === entry.main_category,
    );
    group.rows.push({ category: entry.category, count: entry.count, items });
  }

  const totals = textKeyed(
    sums.map((sum) => [
      sum.category,
      {
        typical_total: (sum.typical_cents / 100).toFixed(2),
        current_total: (sum.current_cents / 100).toFixed(2),
      },
    ]),
  );
  return { top: topItems, groups, categories, totals };
}

export async function getProduct(db: Db, shopKey: ShopKey, id: number): Promise<ProductDetail> {
  // The row (and its updated_at) before the conditions: an edit form loading this never holds quantities
  // older than its version, whatever purchase commits in between (the save is then refused, never wrong).
  const row = await repo.findProduct(db, shopKey, id);
  if (!row) throw noSuchProduct(SHOPS[shopKey].name, id);
  const conditions = SHOPS[shopKey].sells === 'on-site' ? await repo.findConditions(db, shopKey, [id]) : [];
  return presentProductDetail(row, conditions);
}

/**
 * One client's views of one product count once per this window, so a script cannot push a product into
 * TOP Products; a person coming back the next day counts again.
 */
export const VIEW_WINDOW_MS = 24 * 60 * 60 * 1000;
/** About one view in this many also deletes expired view records, a bounded batch at a time. */
const VIEW_PURGE_ONE_IN = 100;
const VIEW_PURGE_BATCH = 1000;

/**
 * Who is viewing, as stored: a keyed hash of the client's address (an IPv6 client by its /64), the same
 * in every process sharing SESSION_SECRET, and not reversible to the address without that secret.
 */
export function viewerKey(secret: string, ip: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`product-view:${clientNetwork(ip)}`)
    .digest('base64url');
}

export async function recordView(
  db: Db,
  shopKey: ShopKey,
  id: number,
  viewer: string,
  now = new Date(),
): Promise<number> {
  const windowStart = new Date(now.getTime() - VIEW_WINDOW_MS).toISOString();
  const count = await repo.countView(db, shopKey, id, viewer, now.toISOString(), windowStart);
  if (count === undefined) throw noSuchProduct(SHOPS[shopKey].name, id);
  if (Math.random() * VIEW_PURGE_ONE_IN < 1) await purgeExpiredViews(db, now);
  return count;
}

/** Deletes (a bounded batch of) view records too old to hold back a view any more. */
export async function purgeExpiredViews(db: Db, now = new Date()): Promise<number> {
  return repo.purgeViewsBefore(db, new Date(now.getTime() - VIEW_WINDOW_MS).toISOString(), VIEW_PURGE_BATCH);
}

export async function getCategories(db: Db, shopKey: ShopKey): Promise<CategoriesResponse> {
  const { main, sub } = await repo.distinctCategories(db, shopKey);
  return { categories: sub, mainCategories: main };
}

export async function getNextId(db: Db, shopKey: ShopKey): Promise<number> {
  return (await repo.maxProductId(db, shopKey)) + 1;
}
