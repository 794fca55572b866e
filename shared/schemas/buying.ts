/**
 * The open-box buyer side (docs/product.md §3, §7; docs/architecture.md §5–§7): sign-in, cart, purchases, payments, admin orders.
 * Request field names are the product doc's, so a client written from docs/product.md works unchanged.
 */
import '../zodConfig.js';
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../constants.js';
import { CONDITIONS, SHOP_KEYS } from '../shops.js';
import { priceStringSchema, productIdSchema, textInput, wholeNumber } from './common.js';

/** Longest free-text field a buyer may send (shipping form, names). */
export const BUYER_TEXT_MAX = 300;
// How many units of one line a buyer may hold or buy at once: kept in constants.ts, which the cart
// screens import without pulling in zod.
export { MAX_LINE_QUANTITY };
/**
 * Unpaid orders ('waiting', holding their units) one buyer may have at once: without a cap one account
 * could reserve the whole stock for ORDER_HOLD_MINUTES at a time, again and again.
 */
export const MAX_OPEN_ORDERS_PER_BUYER = 5;
/** Admin order list: default and largest page. */
export const ORDERS_PAGE_SIZE = 50;
export const MAX_ORDERS_PAGE_SIZE = 200;

const text = (max = BUYER_TEXT_MAX) =>
  textInput()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
const requiredText = (max = BUYER_TEXT_MAX) => text(max).min(1, { error: 'must not be empty' });

export const googleIdSchema = requiredText(255);
export const conditionSchema = z.enum(CONDITIONS, { error: `must be one of ${CONDITIONS.join(', ')}` });
export const storeSchema = z.enum(SHOP_KEYS, { error: `must be one of ${SHOP_KEYS.join(', ')}` });
export const quantitySchema = wholeNumber(1, MAX_LINE_QUANTITY);

// ── Sign-in ────────────────────────────────────────────────────────────────────────────────────────────

export const sessionUserSchema = z.object({
  sub: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const googleSignInBodySchema = z.object({ credential: requiredText(8192) });
export const demoSignInBodySchema = z.object({
  name: requiredText(100),
  email: z.email({ error: 'must be an e-mail address' }).max(BUYER_TEXT_MAX),
  sub: text(255)
    .regex(/^[\w.@-]+$/, { error: 'may hold only letters, digits and . _ @ -' })
    .optional(),
});
export const signInResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

// ── Cart (docs/product.md §7) ─────────────────────────────────────────────────────────────────────────────────────

const cartLineKey = {
  google_id: googleIdSchema,
  product_id: productIdSchema,
  condition: conditionSchema,
};
export const addToCartBodySchema = z.object({ ...cartLineKey, store: storeSchema, quantity: quantitySchema });
export const updateCartQuantityBodySchema = z.object({
  ...cartLineKey,
  store: storeSchema,
  quantity: quantitySchema,
});
export const removeFromCartBodySchema = z.object({ ...cartLineKey, store: storeSchema.optional() });
export const googleUserParamsSchema = z.object({ googleUserId: googleIdSchema });

export const cartItemSchema = z.object({
  product_id: z.number().int(),
  store: z.string(),
  condition: z.enum(CONDITIONS),
  quantity: z.number().int(),
  /** Unit price of that condition now, "19.99". */
  price: priceStringSchema,
  title: z.string(),
  /** Units of that condition in stock now, so the screen can say when a line can no longer be bought. */
  available_quantity: z.number().int(),
  imagecount: z.number().int(),
  updated_at: z.string(),
});
export const cartResponseSchema = z.array(cartItemSchema);
export type CartItem = z.infer<typeof cartItemSchema>;

// ── Purchases (docs/product.md §7) ────────────────────────────────────────────────────────────────────────────────

export const createPurchaseBodySchema = z.object({
  ...cartLineKey,
  store: storeSchema,
  quantity: quantitySchema,
  /** Accepted for compatibility with docs/product.md and never trusted: the server prices the order from the database. */
  total_amount: z.unknown().optional(),
  email: z.email({ error: 'must be an e-mail address' }).max(BUYER_TEXT_MAX),
  address: requiredText(),
  postal_code: requiredText(32),
  city: requiredText(100),
  state_prov: requiredText(100),
  contact_name: requiredText(100),
  phone: requiredText(40),
});
export type CreatePurchaseBody = z.infer<typeof createPurchaseBodySchema>;
export const createPurchaseResponseSchema = z.object({ payment_url: z.string(), payment_id: z.string() });

/** NOWPayments' statuses (docs/architecture.md §7); the sandbox uses the same words. */
export const PAYMENT_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const purchaseSchema = z.object({
  payment_id: z.string(),
  product_id: z.number().int(),
  store: z.string(),
  title: z.string(),
  condition: z.string(),
  quantity: z.number().int(),
  /** Dollars with two decimals, "39.98". */
  total_amount: priceStringSchema,
  created_at: z.string(),
  payment_status: paymentStatusSchema,
  shipped: z.boolean(),
  invoice_url: z.string().nullable(),
  postal_service: z.string(),
  tracking_number: z.string(),
  /** The product's pictures now: 0 when it has none or is gone, and then no picture is asked for. */
  imagecount: z.number().int(),
});
export const myPurchasesResponseSchema = z.array(purchaseSchema);
export type Purchase = z.infer<typeof purchaseSchema>;

export const paymentIdParamsSchema = z.object({
  payment_id: z.string().regex(/^[\w-]{1,64}$/, { error: 'must be an order reference such as ord_3f9a…' }),
});

// ── Admin orders (docs/product.md §2 admin orders page, §7) ───────────────────────────────────────────────────────

export const ORDER_FILTERS = ['all', 'unpaid', 'paid', 'unsent', 'sent'] as const;
export const adminOrdersQuerySchema = z.object({
  page: wholeNumber(1, 1_000_000).default(1),
  pageSize: wholeNumber(1, MAX_ORDERS_PAGE_SIZE).default(ORDERS_PAGE_SIZE),
  filter: z.enum(ORDER_FILTERS, { error: `must be one of ${ORDER_FILTERS.join(', ')}` }).default('all'),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderSchema = z.object({
  id: z.number().int(),
  payment_id: z.string(),
  product_id: z.number().int(),
  store: z.string(),
  title: z.string(),
  condition: z.string(),
  quantity: z.number().int(),
  total_amount: priceStringSchema,
  email: z.string(),
  created_at: z.string(),
  payment_status: paymentStatusSchema,
  shipped: z.boolean(),
  postal_service: z.string(),
  tracking_number: z.string(),
  contact_name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state_prov: z.string(),
  postal_code: z.string(),
  imagecount: z.number().int(),
  /**
   * Paid after the hold expired and its units were sold meanwhile (or the product deleted): the seller
   * must restock or refund it.
   */
  needs_attention: z.boolean(),
});
/** docs/product.md §7 reads an array; the page's size and the whole count travel in X-Total-Count. */
export const adminOrdersResponseSchema = z.array(adminOrderSchema);
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const shippedBodySchema = z.object({
  shipped: z.boolean({ error: 'must be true or false' }),
  postal_service: text(100).default(''),
  tracking_number: text(100).default(''),
});

// ── Payments (docs/architecture.md §7) ───────────────────────────────────────────────────────────────────────────────

/** What the sandbox payment page shows of an order. */
export const sandboxOrderSchema = z.object({
  payment_id: z.string(),
  title: z.string(),
  condition: z.string(),
  quantity: z.number().int(),
  total_amount: priceStringSchema,
  payment_status: paymentStatusSchema,
});
export type SandboxOrder = z.infer<typeof sandboxOrderSchema>;

/**
 * The fields this server reads of a NOWPayments callback (docs/architecture.md §7). Read only after the signature has
 * been checked over the body exactly as sent (a route schema would strip the fields that were signed).
 */
export const nowPaymentsIpnSchema = z.object({
  order_id: z
    .string({ error: 'must be an order reference such as ord_3f9a…' })
    .regex(/^[\w-]{1,64}$/, { error: 'must be an order reference such as ord_3f9a…' }),
  payment_status: z.enum(PAYMENT_STATUSES, { error: `must be one of ${PAYMENT_STATUSES.join(', ')}` }),
});
