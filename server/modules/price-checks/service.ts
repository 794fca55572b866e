/** The Price checks screen's figures, 'Check now' and a product's price history (issue 29). */
import type { Kysely } from 'kysely';
import { asinOf } from '../../../shared/asin.js';
import { centsToPrice } from '../../../shared/rules/money.js';
import type {
  PriceCheckNowResponse,
  PriceCheckResult,
  PriceChecksResponse,
  PriceHistoryResponse,
} from '../../../shared/schemas/priceChecks.js';
import { SHOPS, type ShopKey } from '../../../shared/shops.js';
import type { Database } from '../../db/types.js';
import { badRequest, HttpError, noSuchProduct } from '../../http/errors.js';
import type { PriceRefresh } from './refresh.js';
import * as repo from './repository.js';
import { PriceSourceError } from '../price-sources/index.js';

type Db = Kysely<Database>;

/** How long 'Check now' waits for its turn under the rate before answering 429. */
const CHECK_NOW_WAIT_MS = 3000;

function affiliateOnly(shop: ShopKey): void {
  if (SHOPS[shop].sells !== 'links-out') {
    throw badRequest(
      `Invalid query parameter "shop": the ${SHOPS[shop].name} has no retailer prices to check.`,
    );
  }
}

export async function priceChecks(
  db: Db,
  shop: ShopKey,
  refresh: PriceRefresh | undefined,
  refreshHours: number,
): Promise<PriceChecksResponse> {
  affiliateOnly(shop);
  const pass = await repo.findPass(db, shop);
  const broken = await repo.brokenLinks(db, shop, 50);
  return {
    source: refresh?.source.label ?? null,
    marketplace: refresh?.source.marketplace ?? null,
    refresh_hours: refreshHours,
    last_pass_started_at: pass?.started_at ?? null,
    last_pass_ended_at: pass?.ended_at ?? null,
    checked: pass?.checked ?? 0,
    price_changes: pass?.changed ?? 0,
    out_of_stock: pass?.out_of_stock ?? 0,
    not_checked: pass?.not_checked ?? 0,
    broken_links: broken.count,
    broken: broken.rows.map((row) => ({
      id: row.id,
      title: row.title,
      asin: row.asin ?? '',
      result: row.result,
    })),
    last_error: pass?.last_error ?? null,
    last_error_at: pass?.last_error_at ?? null,
  };
}

export async function checkNow(
  db: Db,
  shop: ShopKey,
  id: number,
  refresh: PriceRefresh | undefined,
): Promise<PriceCheckNowResponse> {
  affiliateOnly(shop);
  if (!refresh) throw new HttpError(409, 'No price source is configured: prices are kept as typed.');
  const product = await repo.productForCheck(db, shop, id);
  if (!product) throw noSuchProduct(SHOPS[shop].name, id);
  const asin = asinOf(product.link, refresh.source.marketplace);
  if (!asin) {
    throw new HttpError(
      409,
      `Product ${id}'s link names no product on ${refresh.source.marketplace}: its price is not checked.`,
    );
  }
  if (!(await refresh.claimWithin(CHECK_NOW_WAIT_MS))) {
    throw new HttpError(429, 'The price source is being read at its limit; try again in a few seconds.', {
      retryAfter: 5,
    });
  }
  const startedAt = refresh.now();
  try {
    const reads = await refresh.source.readItems([asin]);
    const read = reads.find((candidate) => candidate.asin === asin);
    if (!read) throw new PriceSourceError(`${refresh.source.label} said nothing of ${asin}.`);
    const applied = await refresh.apply(shop, { ...product, asin }, read);
    await refresh.release(startedAt);
    return {
      id,
      result: applied.result,
      price: centsToPrice(applied.priceCents),
      availability: applied.availability,
      checked_at: new Date(startedAt).toISOString(),
    };
  } catch (error) {
    await refresh.release(startedAt, error);
    if (error instanceof PriceSourceError) {
      await repo.recordPassError(db, shop, error.message, new Date(refresh.now()).toISOString());
      throw new HttpError(502, error.message);
    }
    throw error;
  }
}

export async function priceHistory(
  db: Db,
  shop: ShopKey,
  id: number,
  now: number,
): Promise<PriceHistoryResponse> {
  affiliateOnly(shop);
  const product = await repo.productForCheck(db, shop, id);
  if (!product) throw noSuchProduct(SHOPS[shop].name, id);
  const check = await repo.findCheck(db, shop, id);
  const points = await repo.historyOf(db, shop, id, new Date(now - 90 * 86_400_000).toISOString());
  const monthAgo = new Date(now - 30 * 86_400_000).toISOString();
  const recent = points.filter((point) => point.at >= monthAgo).map((point) => point.price_cents);
  return {
    id,
    asin: check?.asin ?? null,
    result: (check?.result as PriceCheckResult | undefined) ?? null,
    checked_at: check?.checked_at ?? null,
    points: points.map((point) => ({ at: point.at, price: centsToPrice(point.price_cents) })),
    low_30_days: recent.length > 0 ? centsToPrice(Math.min(...recent)) : null,
  };
}
