/** The open-box sales dashboard: one aggregate query per panel, days without orders filled with zeros. */
import type { Kysely } from 'kysely';
import type { SalesResponse } from '../../../shared/schemas/adminProducts.js';
import { centsToPrice } from '../../../shared/rules/money.js';
import { SHOPS } from '../../../shared/shops.js';
import type { Database } from '../../db/types.js';
import * as ledger from '../ledger/index.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

const LIST_LIMIT = 20;

/** As centsToPrice, with a minus sign for a day that refunded more than it received. */
const signedPrice = (cents: number) => (cents < 0 ? `-${centsToPrice(-cents)}` : centsToPrice(cents));
const DAY_MS = 86_400_000;

/** The UTC days of the range, oldest first, ending today. */
export function dayRange(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

export async function salesDashboard(db: Db, days: number, now = new Date()): Promise<SalesResponse> {
  const range = dayRange(days, now);
  const since = `${range[0]!}T00:00:00.000Z`;
  const shop = Object.values(SHOPS).find((s) => s.sells === 'on-site')!.key;
  const until = new Date(Date.parse(`${range.at(-1)!}T00:00:00.000Z`) + DAY_MS).toISOString();
  const [perDay, netPerDay, byStatus, unshipped, lowStock, mostViewed] = await Promise.all([
    repo.ordersPerDay(db, since),
    ledger.netPerDay(db, since, until),
    repo.ordersByStatus(db, since),
    repo.paidNotShipped(db, LIST_LIMIT),
    repo.lowStockConditions(db, shop, LIST_LIMIT),
    repo.mostViewed(db, shop, 10),
  ]);
  const ordersOn = new Map(perDay.map((row) => [row.day, row.orders]));
  // Revenue is money: what the ledger received less what it refunded that day (issue 28), so the
  // dashboard and the Money screen agree on any period.
  const netOn = new Map(netPerDay.map((row) => [row.day, row.net_cents]));
  const series = range.map((date) => ({
    date,
    orders: ordersOn.get(date) ?? 0,
    revenue: signedPrice(netOn.get(date) ?? 0),
  }));
  return {
    days: series,
    totals: {
      orders: perDay.reduce((sum, row) => sum + row.orders, 0),
      revenue: signedPrice(netPerDay.reduce((sum, row) => sum + row.net_cents, 0)),
    },
    byStatus,
    unshipped: unshipped.map((order) => ({
      payment_id: order.payment_id,
      title: order.title,
      total: centsToPrice(order.total_cents),
      created_at: order.created_at,
    })),
    lowStock: lowStock.map((row) => ({ ...row, quantity: Number(row.quantity) })),
    mostViewed: mostViewed.map((row) => ({ ...row, views: Number(row.views) })),
  };
}
