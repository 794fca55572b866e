/**
 * The open-box buyer side (docs/product.md §3, §7; docs/architecture.md §5–§7): sign-in, cart, purchases, payments, admin orders.
 * Request field names are the product doc's, so a client written from docs/product.md works unchanged.
 */
import '../zodConfig.js';
import { z } from 'zod';
import { MAX_CART_CHECKOUT_LINES, MAX_LINE_QUANTITY } from '../constants.js';
import { CONDITIONS, SHOP_KEYS } from '../shops.js';
import { priceStringSchema, productIdSchema, textInput, wholeNumber } from './common.js';
import { RMA_PATTERN, returnSchema } from './returns.js';

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

/** Shipping fields of a checkout, the same for one line or the whole cart. */
export const checkoutShippingSchema = z.object({
  email: z.email({ error: 'must be an e-mail address' }).max(BUYER_TEXT_MAX),
  address: requiredText(),
  postal_code: requiredText(32),
  city: requiredText(100),
  state_prov: requiredText(100),
  contact_name: requiredText(100),
  phone: requiredText(40),
});
export type CheckoutShipping = z.infer<typeof checkoutShippingSchema>;

export const createPurchaseBodySchema = z.object({
  ...cartLineKey,
  store: storeSchema,
  quantity: quantitySchema,
  /** Accepted for compatibility with docs/product.md and never trusted: the server prices the order from the database. */
  total_amount: z.unknown().optional(),
  ...checkoutShippingSchema.shape,
});
export type CreatePurchaseBody = z.infer<typeof createPurchaseBodySchema>;
export const createPurchaseResponseSchema = z.object({ payment_url: z.string(), payment_id: z.string() });

// Most lines one "Checkout all" may buy: in constants.ts too, for the cart screens (no zod there).
export { MAX_CART_CHECKOUT_LINES };

/**
 * "Checkout all" (issue 18): every listed line on one invoice, the units of all reserved in one
 * transaction or none. The lines are the ones the buyer saw in the cart; the server prices them.
 */
export const createCartPurchaseBodySchema = z.object({
  google_id: googleIdSchema,
  store: storeSchema,
  lines: z
    .array(z.object({ product_id: productIdSchema, condition: conditionSchema, quantity: quantitySchema }))
    .min(1, { error: 'must list at least one cart line' })
    .max(MAX_CART_CHECKOUT_LINES, { error: `may list at most ${MAX_CART_CHECKOUT_LINES} lines` }),
  ...checkoutShippingSchema.shape,
});
export type CreateCartPurchaseBody = z.infer<typeof createCartPurchaseBodySchema>;
/** payment_id is the group's reference (grp_…), which the invoice and its callbacks carry; payment_ids are its orders. */
export const createCartPurchaseResponseSchema = z.object({
  payment_url: z.string(),
  payment_id: z.string(),
  payment_ids: z.array(z.string()),
});

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

/**
 * What buyer and seller both see of an order's payment beyond its status (issue 18). Amounts are
 * dollars with two decimals. An order paid together with others ("Checkout all") shares one invoice:
 * invoice_total and amount_paid are the invoice's, total_amount stays the line's own.
 */
const paymentFacts = {
  /** The group's reference (grp_…) when paid together with other lines; null for a line paid alone. */
  group_id: z.string().nullable(),
  /** What the invoice asks: the line's total, or the whole group's. */
  invoice_total: priceStringSchema,
  /** What the provider reported as arrived for the invoice; null until it reports an amount. */
  amount_paid: priceStringSchema.nullable(),
  /** Until when the invoice can still be paid (ISO), while it is waiting or partly paid; else null. */
  pay_until: z.string().nullable(),
  /** Refunded of this line so far ("0.00" when nothing). */
  refunded_amount: priceStringSchema,
  /**
   * When the seller settled the money of an order that went wrong (issue 28: refunded all that arrived,
   * or accepted it as the payment); null while not.
   */
  settled_at: z.string().nullable(),
};

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
  ...paymentFacts,
  /** Returns of this line (issue 28), oldest first. */
  returns: z.array(returnSchema),
  /** Units the buyer may still ask to return now (0 when none, or outside the window). */
  returnable_quantity: z.number().int(),
  /** Until when a return may be asked (ISO): RETURN_WINDOW_DAYS after it was marked sent; null when it may not. */
  return_until: z.string().nullable(),
});
export const myPurchasesResponseSchema = z.array(purchaseSchema);
export type Purchase = z.infer<typeof purchaseSchema>;

export const paymentIdParamsSchema = z.object({
  payment_id: z.string().regex(/^[\w-]{1,64}$/, { error: 'must be an order reference such as ord_3f9a…' }),
});

// ── Admin orders (docs/product.md §2 admin orders page, §7) ───────────────────────────────────────────────────────

/** 'attention': partly paid, overpaid, paid late, or needs attention (issue 18). */
export const ORDER_FILTERS = ['all', 'unpaid', 'paid', 'unsent', 'sent', 'attention'] as const;
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
  ...paymentFacts,
  /** The money arrived after the hold had expired (the order was revived). */
  paid_late: z.boolean(),
  /**
   * Why money a provider reported could not be applied to this order as its payment (issue 33: another
   * invoice, an amount far from the total, one line of a group named alone); null when none. It is
   * recorded as arrived, for the seller to refund or accept.
   */
  attention_reason: z.string().nullable(),
  /** Refunds recorded on this line, oldest first. */
  refunds: z.array(
    z.object({ amount: priceStringSchema, note: z.string(), restocked: z.boolean(), created_at: z.string() }),
  ),
  /** When it was marked sent (null when it is not), which starts the return window (issue 28). */
  shipped_at: z.string().nullable(),
  /** Returns of this line (issue 28), oldest first. */
  returns: z.array(returnSchema),
});
/** docs/product.md §7 reads an array; the page's size and the whole count travel in X-Total-Count. */
export const adminOrdersResponseSchema = z.array(adminOrderSchema);
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/**
 * A refund the seller made outside the shop (issue 18), recorded on a paid order: the amount (the whole
 * or a part of what is left to refund), a note or the transaction id, and whether the units go back on
 * sale (only with a refund of everything left: mayRestock in shared/rules/payment-amounts.ts). On an
 * order paid together with others (group_id) it acts on the whole group: the amount is up to what is
 * left of the group's payment, spread over its lines, and restock puts back every line's units.
 */
export const refundBodySchema = z
  .object({
    amount: z
      .string({ error: 'must be an amount in dollars such as 12.50' })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'must be an amount in dollars such as 12.50' }),
    note: text(300).default(''),
    restock: z.boolean({ error: 'must be true or false' }),
    /**
     * The return this refund completes (issue 28): an approved or received return of this payment, which
     * becomes 'refunded'. Its units go back on sale when it is marked received, never with the refund.
     */
    rma: z.string().regex(RMA_PATTERN, { error: 'must be a return number such as RMA-7QK2M4XA' }).optional(),
  })
  .refine((body) => !(body.rma && body.restock), {
    error: 'must be false with rma: a return’s units go back on sale when it is marked received',
    path: ['restock'],
  });
export type RefundBody = z.infer<typeof refundBodySchema>;

export const shippedBodySchema = z.object({
  shipped: z.boolean({ error: 'must be true or false' }),
  postal_service: text(100).default(''),
  tracking_number: text(100).default(''),
});

// ── Payments (docs/architecture.md §7) ───────────────────────────────────────────────────────────────────────────────

/**
 * What the sandbox payment page shows of an order, or of a "Checkout all" group (payment_id grp_…; its
 * title says how many items, total_amount is the group's). Issue 18 adds, for both: `lines` (each order
 * the invoice pays) and `amount_paid` (what arrived so far, null before anything did).
 */
export const sandboxOrderSchema = z.object({
  payment_id: z.string(),
  title: z.string(),
  condition: z.string(),
  quantity: z.number().int(),
  total_amount: priceStringSchema,
  payment_status: paymentStatusSchema,
  lines: z.array(
    z.object({
      payment_id: z.string(),
      title: z.string(),
      condition: z.string(),
      quantity: z.number().int(),
      total_amount: priceStringSchema,
    }),
  ),
  amount_paid: priceStringSchema.nullable(),
});
export type SandboxOrder = z.infer<typeof sandboxOrderSchema>;

/**
 * The sandbox's Pay (issue 18): without `amount` it pays what is left of the invoice; with one, that much
 * arrives (less: partly paid; more: overpaid), so payments that go wrong can be tried in development.
 */
export const sandboxPayBodySchema = z
  .object({
    amount: z
      .string({ error: 'must be an amount in dollars such as 12.50' })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'must be an amount in dollars such as 12.50' })
      .optional(),
  })
  // No body at all (the page's plain Pay) reads as paying what is left.
  .nullish();
export type SandboxPayBody = z.infer<typeof sandboxPayBodySchema>;

const PAYMENT_ID_ERROR = 'must be the payment id NOWPayments made';

/**
 * The fields this server reads of a NOWPayments callback (docs/architecture.md §7). Read only after the signature has
 * been checked over the body exactly as sent (a route schema would strip the fields that were signed). The callback
 * only names the payment: its status, invoice and amounts are read back from NOWPayments' API (issue 33), never taken
 * from the body.
 */
export const nowPaymentsIpnSchema = z.object({
  // The payment to read back (GET /payment/{payment_id}): a number today, kept as text.
  payment_id: z
    .union(
      [
        z
          .number({ error: PAYMENT_ID_ERROR })
          .int({ error: PAYMENT_ID_ERROR })
          .nonnegative({ error: PAYMENT_ID_ERROR }),
        z.string({ error: PAYMENT_ID_ERROR }).regex(/^\d{1,16}$/, { error: PAYMENT_ID_ERROR }),
      ],
      { error: PAYMENT_ID_ERROR },
    )
    .transform(String),
  order_id: z
    .string({ error: 'must be an order reference such as ord_3f9a…' })
    .regex(/^[\w-]{1,64}$/, { error: 'must be an order reference such as ord_3f9a…' }),
  payment_status: z.enum(PAYMENT_STATUSES, { error: `must be one of ${PAYMENT_STATUSES.join(', ')}` }),
});
