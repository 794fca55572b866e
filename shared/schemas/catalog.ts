import '../zodConfig.js';
import { z } from 'zod';
import { NAME_MAX_LENGTH, SEARCH_MAX_LENGTH, MAX_PAGE_SIZE, PAGE_SIZE } from '../constants.js';
import { CONDITIONS, type Condition, SORT_MODES } from '../shops.js';
import { shopKeySchema, priceStringSchema, textInput, wholeNumber } from './common.js';
import { fieldResponseShape } from './productFieldSchemas.js';
import { textKeyedSchema } from './textKeyed.js';

/** What every product answer carries besides its registry fields (shared/productFields.ts). */
const baseProductFields = {
  id: z.number().int(),
  view_count: z.number().int(),
  updated_at: z.string(),
  imagecount: z.number().int(),
};

const conditionFields = Object.fromEntries(
  CONDITIONS.flatMap((condition) => [
    [`${condition}_condition_price`, priceStringSchema],
    [`${condition}_condition_available_quantity`, z.number().int()],
  ]),
) as {
  [K in `${Condition}_condition_price`]: typeof priceStringSchema;
} & {
  [K in `${Condition}_condition_available_quantity`]: z.ZodNumber;
};

export const affiliateProductSchema = z.object({
  kind: z.literal('affiliate'),
  ...baseProductFields,
  ...fieldResponseShape('links-out', 'summary'),
  /**
   * Issue 29: present (true) while the price must not be shown: under a price source, it is older than
   * 24 hours or the link is broken. The card and modal then say 'See the price at {Retailer}'.
   */
  price_stale: z.literal(true).optional(),
});

export const openboxProductSchema = z.object({
  kind: z.literal('openbox'),
  ...baseProductFields,
  ...fieldResponseShape('on-site', 'summary'),
  /** Lowest positive condition price, "0" when none is positive. */
  price: priceStringSchema,
  ...conditionFields,
});

export const productSummarySchema = z.discriminatedUnion('kind', [
  affiliateProductSchema,
  openboxProductSchema,
]);
export type ProductSummary = z.infer<typeof productSummarySchema>;
export type AffiliateProduct = z.infer<typeof affiliateProductSchema>;
export type OpenboxProduct = z.infer<typeof openboxProductSchema>;

export const productDetailSchema = z.discriminatedUnion('kind', [
  affiliateProductSchema.extend(fieldResponseShape('links-out', 'detail')),
  openboxProductSchema.extend(fieldResponseShape('on-site', 'detail')),
]);
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** The category map of docs/product.md §3: main category name -> its sub-category names, both sorted. */
export const categoryMapSchema = textKeyedSchema(z.array(z.string()));
export type CategoryMap = z.infer<typeof categoryMapSchema>;

/** GET /api/products: an array, or for shops whose registry says so, the list with its category map. */
export const productListResponseSchema = z.union([
  z.array(productSummarySchema),
  z.object({ products: z.array(productSummarySchema), categories: categoryMapSchema }),
]);

export const categoriesResponseSchema = z.object({
  categories: z.array(z.string()),
  mainCategories: z.array(z.string()),
});
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const nextIdResponseSchema = z.object({ nextId: z.number().int() });

export const viewResponseSchema = z.object({ ok: z.literal(true), view_count: z.number().int() });

/** POST /api/products/{id}/click (issue 29): whether this press of the Buy link was counted. */
export const clickResponseSchema = z.object({ ok: z.literal(true), counted: z.boolean() });

const searchSchema = textInput()
  .trim()
  .max(SEARCH_MAX_LENGTH, { error: `must be at most ${SEARCH_MAX_LENGTH} characters` })
  .default('');

const sortSchema = z.enum(SORT_MODES, { error: `must be one of ${SORT_MODES.join(', ')}` }).optional();

export const catalogQuerySchema = z.object({
  shop: shopKeySchema.default('default'),
  q: searchSchema,
  // As long as a stored category may be, or a long category's grid could not be opened.
  category: textInput()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(NAME_MAX_LENGTH, { error: `must be at most ${NAME_MAX_LENGTH} characters` })
    .optional(),
  sort: sortSchema,
  page: wholeNumber(1, 1_000_000).default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`).default(PAGE_SIZE),
});
export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

export const catalogPageSchema = z.object({
  items: z.array(productSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CatalogPage = z.infer<typeof catalogPageSchema>;

export const overviewQuerySchema = z.object({
  shop: shopKeySchema.default('default'),
  q: searchSchema,
  sort: sortSchema,
});
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

export const categoryRowSchema = z.object({
  category: z.string(),
  count: z.number().int(),
  items: z.array(productSummarySchema),
});

export const categoryTotalSchema = z.object({
  typical_total: z.string(),
  current_total: z.string(),
});
export type CategoryTotal = z.infer<typeof categoryTotalSchema>;

export const catalogOverviewSchema = z.object({
  /** TOP Products: the 25 most viewed; empty where the shop does not show the strip. */
  top: z.array(productSummarySchema),
  /** Rows per sub-category under main categories, both sorted alphabetically; empty ones left out. */
  groups: z.array(z.object({ main_category: z.string(), rows: z.array(categoryRowSchema) })),
  /** The whole category tree of the shop, regardless of the search. */
  categories: categoryMapSchema,
  /** PC Build: per sub-category typical and current totals, in dollars with two decimals. */
  totals: textKeyedSchema(categoryTotalSchema),
});
export type CatalogOverview = z.infer<typeof catalogOverviewSchema>;

/** GET /api/health, 200: every dependency the shop needs answered just now. */
export const healthSchema = z.object({ ok: z.literal(true), db: z.enum(['sqlite', 'postgres']) });

/** The dependencies /api/health asks: the database always, Redis when REDIS_URL is set. */
export const healthDependencySchema = z.enum(['database', 'redis']);
export type HealthDependency = z.infer<typeof healthDependencySchema>;

/** GET /api/health, 503: the dependencies that did not answer in time, and a sentence naming them. */
export const healthDownSchema = z.object({
  ok: z.literal(false),
  error: z.string(),
  down: z.array(healthDependencySchema).min(1),
});
export type HealthDown = z.infer<typeof healthDownSchema>;

/** GET /api/health/live: the process runs and answers HTTP (no dependency is asked). */
export const liveSchema = z.object({ ok: z.literal(true) });

export const publicConfigSchema = z.object({
  retailerName: z.string(),
  signInMode: z.enum(['google', 'demo']),
  googleClientId: z.string().nullable(),
  adminUserIds: z.array(z.string()),
  /**
   * Whether the demo sign-in offers 'Sign in as the seller' (POST /api/auth/demo/seller): in development,
   * with the demo sign-in on and SELLER_USER_ID set.
   */
  sellerSignIn: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
