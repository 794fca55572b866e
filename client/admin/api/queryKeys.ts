/** TanStack Query keys of the admin area, in one place so invalidation matches what was fetched. */
import type { ActivityQuery } from '../../../shared/schemas/activity.js';
import type { AdminProductsQuery } from '../../../shared/schemas/adminProducts.js';
import type { AdminOrdersQuery } from '../../../shared/schemas/buying.js';
import type { OutboxQuery } from '../../../shared/schemas/mail.js';
import type { ReturnFilter } from '../../../shared/schemas/returns.js';
import type { ShopKey } from '../../../shared/shops.js';

export const adminKeys = {
  all: ['admin'] as const,
  verifyToken: (token: string) => ['admin', 'verify-token', token] as const,
  nextId: (shop: ShopKey) => ['admin', 'next-id', shop] as const,
  categories: (shop: ShopKey) => ['admin', 'categories', shop] as const,
  productImages: (shop: ShopKey, id: string) => ['admin', 'product-images', shop, id] as const,
  orders: ['admin', 'orders'] as const,
  ordersPage: (query: AdminOrdersQuery) => ['admin', 'orders', query] as const,
  products: (shop: ShopKey) => ['admin', 'products', shop] as const,
  productsPage: (query: AdminProductsQuery) => ['admin', 'products', query.shop, query] as const,
  sales: (days: number) => ['admin', 'sales', days] as const,
  ledger: (from: string, to: string) => ['admin', 'ledger', from, to] as const,
  returns: ['admin', 'returns'] as const,
  returnsList: (status: ReturnFilter) => ['admin', 'returns', status] as const,
  outbox: ['admin', 'outbox'] as const,
  outboxPage: (query: OutboxQuery) => ['admin', 'outbox', query] as const,
  activity: ['admin', 'activity'] as const,
  activityPage: (query: ActivityQuery) => ['admin', 'activity', query] as const,
};
