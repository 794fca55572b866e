/** The open-box sales dashboard: one aggregate query per panel, days without orders filled with zeros. */
import type { Kysely } from 'kysely';
import type { SalesResponse } from '../../../shared/schemas/adminProducts.js';
import { centsToPrice } from '../../../shared/rules/money.js';
import { SHOPS } from '../../../shared/shops.js';
import type { Database } from '../../db/types.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

const LIST_LIMIT = 20;
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
  const [perDay, byStatus, unshipped, lowStock, mostViewed] = await Promise.all([
    repo.ordersPerDay(db, since),
    repo.ordersByStatus(db, since),
    repo.paidNotShipped(db, LIST_LIMIT),
    repo.lowStockConditions(db, shop, LIST_LIMIT),
    repo.mostViewed(db, shop, 10),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const series = range.map((date) => {
    const row = byDay.get(date);
    return { date, orders: row?.orders ?? 0, revenue: centsToPrice(row?.revenue_cents ?? 0) };
  });
  return {
    days: series,
    totals: {
      orders: perDay.reduce((sum, row) => sum + row.orders, 0),
      revenue: centsToPrice(perDay.reduce((sum, row) => sum + row.revenue_cents, 0)),
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
