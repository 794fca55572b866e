/**
 * The refresh (issue 29): keeps the prices of affiliate products whose link names an ASIN on the
 * source's marketplace current, without any shop request ever waiting for it.
 *
 * - Passes: per affiliate shop, a pass walks the products in id order (a cursor in `price_passes`, so
 *   any process may go on with it), at most SCAN_ROWS products examined and one call of at most
 *   MAX_ITEMS_PER_CALL ASINs per tick. A new pass starts when the last one started PRICE_REFRESH_HOURS
 *   ago and has ended (the first at once), so every product is read at least that often.
 * - Rate: each call is made under the source's lease (`price_source_leases`): one conditional UPDATE
 *   lets one process at a time call, and the next call may start no sooner than CALL_SPACING_MS after
 *   this one started, across every process. 429, 5xx, timeouts and unreachable sources back off
 *   exponentially with jitter (the failures count is in the lease row, shared); the pass goes on later
 *   from where it stood.
 * - Hiding: `products.price_hidden` is kept by a sweep (SWEEP_ROWS per tick, round the shops): a
 *   checked product's price is hidden while its version (updated_at, the 'Price as of') is older than
 *   STALE_AFTER_MS or its link is broken. The flag's change bumps the catalogue version (trigger), so
 *   every cached catalogue answer is made again: a price is hidden at most a sweep round late.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { asinOf } from '../../../shared/asin.js';
import { SHOPS, SHOP_KEYS, type ShopKey } from '../../../shared/shops.js';
import type { PriceCheckResult } from '../../../shared/schemas/priceChecks.js';
import type { Database } from '../../db/types.js';
import { updateProduct } from '../catalog/index.js';
import * as repo from './repository.js';
import {
  type ItemRead,
  MAX_ITEMS_PER_CALL,
  type PriceSource,
  PriceSourceError,
} from '../price-sources/index.js';

type Db = Kysely<Database>;

export const STALE_AFTER_MS = 24 * 3_600_000;
export const CALL_SPACING_MS = 1000;
/** A call holds the lease at most this long (past the source's deadlines for a token and the items). */
const LEASE_MS = 30_000;
const SCAN_ROWS = 500;
const SWEEP_ROWS = 1000;
const HISTORY_DAYS = 90;
/** After a first 429 or 5xx the next call waits 2.5 to 5 s, doubling with each failure in a row, up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 5000;
const MAX_BACKOFF_MS = 15 * 60_000;
export const LEASE_NAME = 'price-source';

/** The shops whose buy button links out: the only ones with retailer prices. */
export const AFFILIATE_SHOPS: readonly ShopKey[] = SHOP_KEYS.filter(
  (key) => SHOPS[key].sells === 'links-out',
);

export interface RefreshOptions {
  now?: () => number;
  refreshHours: number;
  random?: () => number;
}

/** What applying one read did, for the pass's counts. */
interface Applied {
  result: PriceCheckResult;
  changed: boolean;
  priceCents: number;
  availability: 'YES' | 'NO';
}

export class PriceRefresh {
  readonly now: () => number;
  private readonly holder = crypto.randomUUID();
  private readonly random: () => number;
  private sweepAt: { shop: number; afterId: number } = { shop: 0, afterId: 0 };
  private purgedAt = 0;
  private leaseReady: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    readonly source: PriceSource,
    private readonly options: RefreshOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  private iso(at = this.now()): string {
    return new Date(at).toISOString();
  }

  /** One tick: sweep a slice of prices, purge old history hourly, and make at most one call. */
  async tick(): Promise<void> {
    await this.sweep();
    if (this.now() - this.purgedAt > 3_600_000) {
      this.purgedAt = this.now();
      await repo.purgeHistory(this.db, this.iso(this.now() - HISTORY_DAYS * 86_400_000));
    }
    const shop = await this.shopToRead();
    if (!shop) return;
    if (!(await this.claim())) return;
    await this.readNext(shop);
  }

  /** The first affiliate shop whose pass is under way, starting a new pass where one is due. */
  private async shopToRead(): Promise<ShopKey | undefined> {
    const dueBefore = this.now() - this.options.refreshHours * 3_600_000;
    for (const shop of AFFILIATE_SHOPS) {
      const pass = await repo.findPass(this.db, shop);
      if (pass?.started_at && !pass.ended_at) return shop;
    }
    for (const shop of AFFILIATE_SHOPS) {
      const pass = await repo.findPass(this.db, shop);
      if (!pass?.started_at || Date.parse(pass.started_at) <= dueBefore) {
        await repo.startPass(this.db, shop, this.iso());
        return shop;
      }
    }
    return undefined;
  }

  private async claim(): Promise<boolean> {
    this.leaseReady ??= repo.ensureLease(this.db, LEASE_NAME);
    await this.leaseReady;
    const now = this.now();
    return repo.claimLease(this.db, LEASE_NAME, this.holder, now, now + LEASE_MS);
  }

  /** Waits (at most `withinMs`) for the lease: the admin's 'Check now' keeps to the rate too. */
  async claimWithin(withinMs: number): Promise<boolean> {
    const until = Date.now() + withinMs;
    for (;;) {
      if (await this.claim()) return true;
      if (Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Lets the lease go: the next call no sooner than CALL_SPACING_MS after this one began, or after a back-off. */
  async release(startedAt: number, error?: unknown): Promise<void> {
    if (error instanceof PriceSourceError && error.retryLater) {
      const lease = await repo.readLease(this.db, LEASE_NAME);
      const failures = (lease?.failures ?? 0) + 1;
      const backoff = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (failures - 1));
      const jittered = Math.round(backoff / 2 + (backoff / 2) * this.random());
      await repo.releaseLease(this.db, LEASE_NAME, this.holder, this.now() + jittered, 'add');
      return;
    }
    const next = Math.max(startedAt + CALL_SPACING_MS, this.now());
    await repo.releaseLease(this.db, LEASE_NAME, this.holder, next, error ? 'keep' : 'reset');
  }

  /** The next products of the shop's pass: one call for up to ten ASINs, the rest 'not checked'. */
  private async readNext(shop: ShopKey): Promise<void> {
    const startedAt = this.now();
    const pass = await repo.findPass(this.db, shop);
    const rows = await repo.productsAfter(this.db, shop, pass?.cursor_id ?? 0, SCAN_ROWS);
    const asked: { id: number; asin: string; price_cents: number; availability: string }[] = [];
    let notChecked = 0;
    let cursor = pass?.cursor_id ?? 0;
    for (const row of rows) {
      const asin = asinOf(row.link, this.source.marketplace);
      if (asin && asked.length === MAX_ITEMS_PER_CALL) break;
      cursor = row.id;
      if (asin)
        asked.push({ id: row.id, asin, price_cents: row.price_cents, availability: row.availability });
      else {
        notChecked += 1;
        await repo.saveCheck(this.db, {
          shop,
          product_id: row.id,
          asin: null,
          checked_at: this.iso(),
          result: 'not-checked',
          broken: 0,
        });
      }
    }
    const ended = rows.length < SCAN_ROWS && cursor === (rows.at(-1)?.id ?? cursor);
    if (asked.length === 0) {
      await repo.advancePass(
        this.db,
        shop,
        { cursor_id: cursor, not_checked: notChecked },
        ended ? this.iso() : undefined,
      );
      await this.release(startedAt - CALL_SPACING_MS);
      return;
    }
    let reads: ItemRead[];
    try {
      reads = await this.source.readItems(asked.map((entry) => entry.asin));
    } catch (error) {
      const sentence = error instanceof PriceSourceError ? error.message : 'The price source failed.';
      await repo.recordPassError(this.db, shop, sentence, this.iso());
      const retry = error instanceof PriceSourceError && error.retryLater;
      // 429 and 5xx: the pass goes on from here later; anything else skips these products this pass.
      if (!retry) {
        await repo.advancePass(
          this.db,
          shop,
          { cursor_id: cursor, not_checked: notChecked },
          ended ? this.iso() : undefined,
        );
      }
      await this.release(startedAt, error);
      if (!(error instanceof PriceSourceError)) throw error;
      return;
    }
    const counts = { checked: 0, changed: 0, out_of_stock: 0, broken: 0 };
    // One transaction for the whole call: its reads change the catalogue once, so every process's
    // cached answers are made again once a call, not once a product (bench/README.md, price refresh).
    await this.db.transaction().execute(async (trx) => {
      for (const entry of asked) {
        const read = reads.find((candidate) => candidate.asin === entry.asin);
        if (!read) continue;
        const applied = await this.applyIn(trx, shop, entry, read);
        counts.checked += 1;
        if (applied.changed) counts.changed += 1;
        if (applied.result === 'out-of-stock' || applied.result === 'no-price') counts.out_of_stock += 1;
        if (applied.result === 'not-found' || applied.result === 'not-accessible') counts.broken += 1;
      }
      await repo.advancePass(
        trx,
        shop,
        { cursor_id: cursor, not_checked: notChecked, ...counts },
        ended ? this.iso() : undefined,
      );
    });
    await this.release(startedAt);
  }

  /** What one read changes: price, availability and version on a good read; the broken flag otherwise. */
  async apply(
    shop: ShopKey,
    product: { id: number; asin: string; price_cents: number; availability: string },
    read: ItemRead,
  ): Promise<Applied> {
    return this.db.transaction().execute((trx) => this.applyIn(trx, shop, product, read));
  }

  /** As apply, in the caller's transaction. */
  private async applyIn(
    trx: Db,
    shop: ShopKey,
    product: { id: number; asin: string; price_cents: number; availability: string },
    read: ItemRead,
  ): Promise<Applied> {
    const at = this.iso();
    if (read.status !== 'found') {
      await repo.saveCheck(trx, {
        shop,
        product_id: product.id,
        asin: product.asin,
        checked_at: at,
        result: read.status,
        broken: 1,
      });
      await repo.setPriceHidden(trx, shop, [product.id], 1);
      return {
        result: read.status,
        changed: false,
        priceCents: product.price_cents,
        availability: product.availability as 'YES' | 'NO',
      };
    }
    const availability = read.inStock && read.priceCents !== undefined ? 'YES' : 'NO';
    const priceCents = read.priceCents ?? product.price_cents;
    const changed = read.priceCents !== undefined && read.priceCents !== product.price_cents;
    await updateProduct(trx, shop, product.id, {
      price_cents: priceCents,
      availability,
      // No price read: the old one is not confirmed, so it is not shown.
      price_hidden: read.priceCents === undefined ? 1 : 0,
      updated_at: at,
    });
    if (changed) await repo.addHistory(trx, shop, product.id, at, priceCents);
    const result: PriceCheckResult =
      read.priceCents === undefined ? 'no-price' : read.inStock ? 'ok' : 'out-of-stock';
    await repo.saveCheck(
      trx,
      { shop, product_id: product.id, asin: product.asin, checked_at: at, result, broken: 0 },
      read.priceCents === undefined ? undefined : at,
    );
    return { result, changed, priceCents, availability };
  }

  /**
   * Keeps `price_hidden` right for a slice of one shop's products: hidden while the link names an ASIN
   * on the marketplace and the price is older than STALE_AFTER_MS or the link is broken; shown otherwise.
   */
  async sweep(rows = SWEEP_ROWS): Promise<void> {
    const shop = AFFILIATE_SHOPS[this.sweepAt.shop % AFFILIATE_SHOPS.length]!;
    const slice = await repo.productsAfter(this.db, shop, this.sweepAt.afterId, rows);
    const cutoff = this.now() - STALE_AFTER_MS;
    const hide: number[] = [];
    const show: number[] = [];
    for (const row of slice) {
      const checked = asinOf(row.link, this.source.marketplace) !== undefined;
      const hidden = checked && (row.broken === 1 || Date.parse(row.updated_at) < cutoff);
      if (hidden && row.price_hidden !== 1) hide.push(row.id);
      // A product whose price could not be read stays hidden until a good read (apply) shows it.
      if (!checked && row.price_hidden === 1) show.push(row.id);
    }
    await repo.setPriceHidden(this.db, shop, hide, 1);
    await repo.setPriceHidden(this.db, shop, show, 0);
    if (slice.length < rows) this.sweepAt = { shop: this.sweepAt.shop + 1, afterId: 0 };
    else this.sweepAt = { ...this.sweepAt, afterId: slice.at(-1)!.id };
  }

  /** Sweeps every affiliate shop whole, now (tests, and the start). */
  async sweepAll(): Promise<void> {
    this.sweepAt = { shop: 0, afterId: 0 };
    while (this.sweepAt.shop < AFFILIATE_SHOPS.length) await this.sweep();
    this.sweepAt = { shop: 0, afterId: 0 };
  }
}
