/**
 * Outbound clicks (issue 29): a press of an affiliate product's Buy link, told by the browser with
 * `navigator.sendBeacon` while the link itself goes straight to the retailer (no redirect of ours).
 * Counted at most once per product per client per CLICK_WINDOW_MS, with the views' client identity
 * (`viewerKey`: a keyed hash of the address, an IPv6 client by its /64), and never for a bot. The admin's
 * products table shows each product's clicks of the last CLICKS_REPORT_DAYS; older rows are purged.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { SHOPS, type ShopKey } from '../../../shared/shops.js';
import type { Database } from '../../db/types.js';
import { badRequest, noSuchProduct } from '../../http/errors.js';
import { runPeriodically } from '../../periodic.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

/** A client's presses of one product's Buy link count once per this window. */
export const CLICK_WINDOW_MS = 10 * 60 * 1000;
/** The admin's products table counts clicks over this many days; older click rows are purged. */
export const CLICKS_REPORT_DAYS = 30;
const CLICKS_REPORT_MS = CLICKS_REPORT_DAYS * 24 * 60 * 60 * 1000;
/** One purge statement deletes at most this many rows; a run repeats it up to CLICK_PURGE_ROUNDS times. */
const CLICK_PURGE_BATCH = 1000;
const CLICK_PURGE_ROUNDS = 20;

/**
 * Crawlers, link checkers, preview fetchers, HTTP libraries and headless browsers by their user agent;
 * a request with none at all is not a visitor's browser either (every browser's beacon sends one).
 */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|phantomjs|lighthouse|pagespeed|curl\/|wget\/|python-|httpclient|okhttp|go-http-client|java\/|libwww|axios\/|node-fetch|undici|postman/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || BOT_AGENT.test(userAgent);
}

/** The start of the admin's click count: CLICKS_REPORT_DAYS before `now`. */
export function clicksReportStart(now = new Date()): string {
  return new Date(now.getTime() - CLICKS_REPORT_MS).toISOString();
}

/**
 * What the admin's table and CSV call clicks per view: the last 30 days' clicks over the product's views.
 * Views are all-time (view_count: product_views keeps only a day, to tell repeats apart), so for a
 * product older than 30 days this is a lower bound of its recent rate. Null while it has no views.
 */
export function clicksPerView(clicks: number, views: number): number | null {
  return views > 0 ? Math.round((clicks / views) * 10_000) / 10_000 : null;
}

/**
 * Counts one Buy click unless the client is a bot or clicked this product within the window; answers
 * whether it counted. Only a shop whose buy button links out has clicks (the registry's `sells`); an
 * unknown product is a 404, as for views.
 */
export async function recordClick(
  db: Db,
  shopKey: ShopKey,
  id: number,
  clicker: string,
  userAgent: string | undefined,
  now = new Date(),
): Promise<boolean> {
  const shop = SHOPS[shopKey];
  if (shop.sells !== 'links-out') {
    throw badRequest(
      `The ${shop.name} sells on site: its products have no retailer link to count clicks on.`,
    );
  }
  if (isBot(userAgent)) {
    // Still a 404 for a product that is not there, so the answer never depends on who asks.
    if (!(await repo.productExists(db, shopKey, id))) throw noSuchProduct(shop.name, id);
    return false;
  }
  const windowStart = new Date(now.getTime() - CLICK_WINDOW_MS).toISOString();
  const outcome = await repo.countClick(db, shopKey, id, clicker, now.toISOString(), windowStart);
  if (outcome === 'no-product') throw noSuchProduct(shop.name, id);
  return outcome === 'counted';
}

/** SQL of a products row's clicks since `since`, for an ORDER BY over `products` (the admin's sort). */
export function clicksSinceOrder(since: string) {
  return repo.clicksSinceExpression(since);
}

/** Deletes click rows past the report's days, in bounded batches; answers how many went. */
export async function purgeOldClicks(db: Db, now = new Date()): Promise<number> {
  const before = clicksReportStart(now);
  let purged = 0;
  for (let round = 0; round < CLICK_PURGE_ROUNDS; round += 1) {
    const deleted = await repo.purgeClicksBefore(db, before, CLICK_PURGE_BATCH);
    purged += deleted;
    if (deleted < CLICK_PURGE_BATCH) break;
  }
  return purged;
}

/** The purge in this process, every `everyMs` (0: never); any process may run it, it only deletes. */
export function scheduleClickPurge(app: FastifyInstance, everyMs: number): void {
  runPeriodically(app, 'outbound click purge', everyMs, async () => {
    await purgeOldClicks(app.deps.db);
  });
}
