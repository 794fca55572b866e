/** Issue 29: the admin's Price checks screen (server/modules/price-sources/). */
import '../zodConfig.js';
import { z } from 'zod';
import { priceStringSchema } from './common.js';

export const priceCheckResultSchema = z.enum([
  'ok',
  'out-of-stock',
  'not-found',
  'not-accessible',
  'no-price',
  'not-checked',
]);
export type PriceCheckResult = z.infer<typeof priceCheckResultSchema>;

/** GET /api/admin/price-checks?shop= */
export const priceChecksResponseSchema = z.object({
  /** The source checking this shop's prices (e.g. "Amazon Creators API"), null when none is configured. */
  source: z.string().nullable(),
  /** The marketplace whose links are checked, e.g. www.amazon.com; null without a source. */
  marketplace: z.string().nullable(),
  /** Every product is read at least this often. */
  refresh_hours: z.number().int(),
  last_pass_started_at: z.string().nullable(),
  last_pass_ended_at: z.string().nullable(),
  /** Of the current (or last) pass. */
  checked: z.number().int(),
  price_changes: z.number().int(),
  out_of_stock: z.number().int(),
  not_checked: z.number().int(),
  /** Products whose link the source answers as not found or not accessible (now). */
  broken_links: z.number().int(),
  broken: z.array(
    z.object({ id: z.number().int(), title: z.string(), asin: z.string(), result: z.string() }),
  ),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
});
export type PriceChecksResponse = z.infer<typeof priceChecksResponseSchema>;

/** POST /api/admin/price-checks/{id}/check?shop= */
export const priceCheckNowResponseSchema = z.object({
  id: z.number().int(),
  result: priceCheckResultSchema,
  price: priceStringSchema,
  availability: z.enum(['YES', 'NO']),
  checked_at: z.string(),
});
export type PriceCheckNowResponse = z.infer<typeof priceCheckNowResponseSchema>;

/** GET /api/admin/price-checks/{id}/history?shop= */
export const priceHistoryResponseSchema = z.object({
  id: z.number().int(),
  asin: z.string().nullable(),
  result: priceCheckResultSchema.nullable(),
  checked_at: z.string().nullable(),
  points: z.array(z.object({ at: z.string(), price: priceStringSchema })),
  /** The lowest price of the last 30 days, null when none was recorded. */
  low_30_days: priceStringSchema.nullable(),
});
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponseSchema>;
