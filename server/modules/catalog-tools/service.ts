/** The admin's products table and bulk actions over many products at once. */
import type { Kysely, Transaction } from 'kysely';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminProductFilter,
  type AdminProductsQuery,
  type AdminProductsResponse,
  type BulkBody,
  type PriceChange,
} from '../../../shared/schemas/adminProducts.js';
import { SHOPS, type ShopKey } from '../../../shared/shops.js';
import type { Database } from '../../db/types.js';
import { badRequest } from '../../http/errors.js';
import { recordActivity } from '../activity/index.js';
import { clicksReportStart, clicksSince, type ProductFilter } from '../catalog/index.js';
import * as images from '../images/index.js';
import * as stock from '../stock/index.js';
import { presentAdminProduct } from './presenter.js';
import * as repo from './repository.js';

type Db = Kysely<Database> | Transaction<Database>;

function productFilter(shop: ShopKey, filter: AdminProductFilter): ProductFilter {
  return {
    shop,
    search: filter.q,
    category: filter.category,
    positivePriceOnly: false,
    availability: filter.availability,
    // Only the open box keeps stock; elsewhere every product has 0 and "out of stock" would match all.
    stock: SHOPS[shop].sells === 'on-site' ? filter.stock : undefined,
  };
}

export async function listAdminProducts(db: Db, query: AdminProductsQuery): Promise<AdminProductsResponse> {
  const pageSize = ADMIN_PRODUCTS_PAGE_SIZE;
  const { rows, total } = await repo.findAdminProductPage(
    db,
    productFilter(query.shop, query),
    query.sort,
    pageSize,
    (query.page - 1) * pageSize,
  );
  const clicks = await clicksSince(
    db,
    query.shop,
    rows.map((row) => row.id),
    clicksReportStart(),
  );
  return {
    items: rows.map((row) => presentAdminProduct(row, clicks.get(row.id) ?? 0)),
    total,
    page: query.page,
    pageSize,
  };
}

/** A price change as whole numbers: percent to basis points, dollars to cents (both signed). */
export function centsChange(change: PriceChange): repo.CentsChange {
  if ('percent' in change) return { basisPoints: 10_000 + Math.round(change.percent * 100) };
  const negative = change.amount.startsWith('-');
  const cents = Math.round(Number(change.amount.replace('-', '')) * 100);
  return { addCents: negative ? -cents : cents };
}

/**
 * Runs one bulk action in one transaction and answers how many products it changed. Every change bumps
 * updated_at (and the catalogue version, by trigger), so shop caches and image URLs refresh.
 */
/** Where a bulk delete reports an image folder it could not remove (the request's logger). */
export interface WarningLog {
  warn(details: object, message: string): void;
}

/** At most this many ids of a bulk delete by filter are named in its activity row. */
const LOGGED_IDS = 1000;

export async function runBulkAction(
  db: Db,
  imagesDir: string,
  shopKey: ShopKey,
  body: BulkBody,
  log: WarningLog,
  actor: string,
): Promise<number> {
  const shop = SHOPS[shopKey];
  if (body.action === 'availability' && !shop.hasAvailability) {
    throw badRequest(`The ${shop.name} has no availability to change.`);
  }
  const at = new Date().toISOString();
  const target = async (trx: Db): Promise<repo.ProductIds> =>
    body.ids ?? repo.idsMatching(trx, productFilter(shopKey, body.filter!));
  // One row of the activity log for the whole action: its parameters and how many it changed.
  const logged = (trx: Db, changed: number, deletedIds?: number[]) =>
    recordActivity(trx, {
      actor,
      action: 'products.bulk_edit',
      target: `products ${shopKey}`,
      after: {
        action: body.action,
        ...('value' in body ? { value: body.value } : {}),
        ...(body.ids ? { ids: body.ids } : { filter: body.filter }),
        // A delete by filter names what it deleted (the first thousand): the filter no longer matches them.
        ...(deletedIds && !body.ids ? { deleted_ids: deletedIds.slice(0, LOGGED_IDS) } : {}),
        changed,
      },
      at,
    });
  if (body.action === 'delete') {
    return deleteProducts(db, imagesDir, shopKey, target, log, (trx, ids) => logged(trx, ids.length, ids));
  }
  return db.transaction().execute(async (trx) => {
    const changed = await bulkChange(trx, shopKey, await target(trx), body, at);
    await logged(trx, changed);
    return changed;
  });
}

/** The UPDATE of a bulk action other than delete; answers how many products it changed. */
async function bulkChange(
  trx: Db,
  shopKey: ShopKey,
  ids: repo.ProductIds,
  body: Exclude<BulkBody, { action: 'delete' }>,
  at: string,
): Promise<number> {
  const shop = SHOPS[shopKey];
  switch (body.action) {
    case 'availability':
      return repo.updateProducts(trx, shopKey, ids, { availability: body.value }, at);
    case 'category':
      return repo.updateProducts(trx, shopKey, ids, body.value, at);
    case 'price': {
      const change = centsChange(body.value);
      if (shop.sells !== 'on-site') {
        return repo.updateProducts(trx, shopKey, ids, { price_cents: repo.changedPrice(change) }, at);
      }
      return stock.changeConditionPrices(trx, shopKey, ids, (price) => repo.changedCents(price, change), at);
    }
  }
}

/** Deletes the products (their orders stop holding stock, as a single delete does), then their images. */
async function deleteProducts(
  db: Db,
  imagesDir: string,
  shopKey: ShopKey,
  target: (trx: Db) => Promise<repo.ProductIds>,
  log: WarningLog,
  logged: (trx: Db, ids: number[]) => Promise<void>,
): Promise<number> {
  const deleted = await db.transaction().execute(async (trx) => {
    const ids = await stock.lockProducts(trx, shopKey, await target(trx), { forDelete: true });
    await stock.dropReservations(trx, shopKey, ids, new Date().toISOString());
    await repo.deleteProducts(trx, shopKey, ids);
    await logged(trx, [...ids]);
    return ids;
  });
  // The products are gone: a folder that cannot go (a symbolic link is refused) is logged, not fatal.
  for (const id of deleted) {
    try {
      await images.deleteFolder(await images.productImageDir(imagesDir, shopKey, id));
    } catch (error) {
      log.warn({ err: error, shop: shopKey, id }, 'Could not delete the image folder of a deleted product');
    }
  }
  return deleted.length;
}
