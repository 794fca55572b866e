/** The admin's catalogue tools: the products table, bulk actions, CSV import/export and the sales dashboard. */
import '../zodConfig.js';
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants.js';
import { productIdSchema, shopKeySchema, textInput, wholeNumber } from './common.js';

export const ADMIN_PRODUCT_SORTS = [
  'id',
  'title',
  'price_asc',
  'price_desc',
  'stock',
  'views',
  'clicks',
  'updated',
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** Open-box stock filter: none left, exactly one (the shop's "Only 1 left"), or any in stock. */
export const STOCK_FILTERS = ['out', 'single', 'in'] as const;

export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

/** At most this many ids in one bulk call; a larger selection is sent as its filter ("all N matching"). */
export const BULK_MAX_IDS = 1000;

/** Which products of a shop: the table's filters, and a bulk action's "all N matching". */
export const adminProductFilterSchema = z.object({
  q: textInput().trim().max(200, { error: 'must be at most 200 characters' }).default(''),
  category: textInput().max(NAME_MAX_LENGTH).optional(),
  availability: z.enum(['YES', 'NO'], { error: 'must be YES or NO' }).optional(),
  stock: z.enum(STOCK_FILTERS, { error: `must be one of ${STOCK_FILTERS.join(', ')}` }).optional(),
});
export type AdminProductFilter = z.infer<typeof adminProductFilterSchema>;

export const adminProductsQuerySchema = adminProductFilterSchema.extend({
  shop: shopKeySchema.default('default'),
  sort: z
    .enum(ADMIN_PRODUCT_SORTS, { error: `must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` })
    .default('id'),
  page: wholeNumber(1, 1_000_000).default(1),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

export const adminProductItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  main_category: z.string(),
  category: z.string(),
  /** Affiliate: the price; open box: the lowest positive condition price ("0" when none). */
  price: z.string(),
  availability: z.enum(['YES', 'NO']),
  /** Open box: units across conditions. */
  stock: z.number().int(),
  views: z.number().int(),
  /** Issue 29: counted presses of the Buy link in the last 30 days (0 in the shop that sells on site). */
  clicks_30d: z.number().int(),
  /**
   * clicks_30d divided by the product's views (all-time: view_count, as the Views column), rounded to 4
   * decimals; null while it has no views.
   */
  clicks_per_view: z.number().nullable(),
  /** The 300 px preview, or null for a product without images. */
  preview: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminProductItem = z.infer<typeof adminProductItemSchema>;

export const adminProductsResponseSchema = z.object({
  items: z.array(adminProductItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminProductsResponse = z.infer<typeof adminProductsResponseSchema>;

/** A signed amount in dollars with at most two decimals: "-5", "2.50". */
export const SIGNED_AMOUNT = /^-?\d{1,7}(\.\d{1,2})?$/;

const priceChangeSchema = z.union(
  [
    z.strictObject({
      percent: z
        .number({ error: 'must be a number' })
        .min(-100, { error: 'must be -100 or more' })
        .max(1000, { error: 'must be 1000 or less' }),
    }),
    z.strictObject({
      amount: z
        .union([z.string(), z.number()])
        .transform((value) => String(value).trim())
        .refine((value) => SIGNED_AMOUNT.test(value), {
          error: 'must be a signed amount such as -5 or 2.50',
        }),
    }),
  ],
  { error: 'must be { percent } or { amount }' },
);
export type PriceChange = z.infer<typeof priceChangeSchema>;

const categoryText = textInput()
  .trim()
  .min(1, { error: 'is required' })
  .max(NAME_MAX_LENGTH, { error: `must be at most ${NAME_MAX_LENGTH} characters` });

export const bulkActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('availability'),
      value: z.enum(['YES', 'NO'], { error: 'must be YES or NO' }),
    }),
    z.object({ action: z.literal('price'), value: priceChangeSchema }),
    z.object({
      action: z.literal('category'),
      value: z.object({ main_category: categoryText, category: categoryText }),
    }),
    z.object({ action: z.literal('delete') }),
  ],
  { error: 'must be one of availability, price, category, delete' },
);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/**
 * A bulk action and the products it changes: chosen ids, or every product matching a filter ("all N
 * matching"), never both.
 */
export const bulkBodySchema = z
  .object({
    ids: z
      .array(productIdSchema)
      .min(1, { error: 'must name at least one product' })
      .max(BULK_MAX_IDS, { error: `must name at most ${BULK_MAX_IDS} products; send a filter instead` })
      .optional(),
    filter: adminProductFilterSchema.optional(),
  })
  .and(bulkActionSchema)
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), {
    error: 'must be given either ids or filter, not both',
    path: ['ids'],
  });
export type BulkBody = z.infer<typeof bulkBodySchema>;
export const bulkQuerySchema = z.object({ shop: shopKeySchema.default('default') });
export const bulkResponseSchema = z.object({ changed: z.number().int() });

export const exportQuerySchema = z.object({ shop: shopKeySchema.default('default') });
export const importQuerySchema = z.object({
  shop: shopKeySchema.default('default'),
  dryRun: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

export const importErrorSchema = z.object({
  /** The CSV line the row starts on (1 is the header). */
  line: z.number().int(),
  field: z.string(),
  error: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importResponseSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows that say exactly what is stored: not written. */
  unchanged: z.number().int(),
  errors: z.array(importErrorSchema),
  /** Image links of the file that are not already the product's own images: the admin fetches them next. */
  imageLinks: z.array(z.object({ id: z.number().int(), links: z.array(z.string()) })),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;

export const salesQuerySchema = z.object({ days: wholeNumber(1, 366).default(30) });
export const salesResponseSchema = z.object({
  days: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.string() })),
  totals: z.object({ orders: z.number().int(), revenue: z.string() }),
  byStatus: z.array(z.object({ status: z.string(), orders: z.number().int() })),
  unshipped: z.array(
    z.object({
      payment_id: z.string(),
      title: z.string(),
      total: z.string(),
      created_at: z.string(),
    }),
  ),
  lowStock: z.array(
    z.object({ id: z.number().int(), title: z.string(), condition: z.string(), quantity: z.number().int() }),
  ),
  mostViewed: z.array(z.object({ id: z.number().int(), title: z.string(), views: z.number().int() })),
});
export type SalesResponse = z.infer<typeof salesResponseSchema>;
