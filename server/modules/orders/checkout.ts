import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  type CheckoutShipping,
  type CreatePurchaseBody,
  MAX_OPEN_ORDERS_PER_BUYER,
  PAYMENT_STATUSES,
  type SessionUser,
} from '../../../shared/schemas/buying.js';
import { type Condition, CONDITION_INFO, type ShopConfig } from '../../../shared/shops.js';
import type { Database, NewOrderRow } from '../../db/types.js';
import { badRequest, conflict, HttpError, noSuchProduct } from '../../http/errors.js';
import { insertUserIfMissing, lockUser, saveShippingAddress, shippingColumns } from '../buyers/index.js';
import { assertBuyable, findOffer, sellingShop } from '../cart/index.js';
import { dollars } from './presenter.js';
import * as stock from '../stock/index.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

export interface InvoiceRequest {
  /** The order's own reference (the product doc's payment_id), sent as order_id. */
  paymentId: string;
  /** USD, two decimals, computed by the server from the database. */
  priceUsd: string;
  description: string;
}

export interface Invoice {
  /** The provider's invoice id, kept as a string. */
  invoiceId: string;
  /** Where the buyer pays (the product doc's payment_url). */
  invoiceUrl: string;
}

/**
 * What checkout needs of a payment provider: its name (stored on the order, so the order's callbacks
 * are later read by the provider that made its invoice) and an invoice. Declared here so that orders
 * knows no provider; payment-providers/provider.ts builds on it.
 */
export interface InvoiceIssuer {
  readonly name: string;
  /** Creates the invoice; throws when the provider fails or does not answer in time. */
  createInvoice(request: InvoiceRequest): Promise<Invoice>;
  /**
   * Makes a deleted order's invoice unpayable, where the provider offers it (issue 33); throws when the
   * provider fails. Absent: the provider cannot, and money it still takes restores the order.
   */
  cancelInvoice?(invoiceId: string): Promise<void>;
}

export const PROVIDER_DOWN = 'The payment provider is not answering. Please try again in a moment.';
/** How long a buyer waits for the provider's invoice before the purchase is undone (docs/architecture.md §7). */
export const INVOICE_TIMEOUT_MS = 10_000;
/**
 * An order still without an invoice this long after it was made will never get one: its invoice call
 * (INVOICE_TIMEOUT_MS, started once its transaction committed) ended without storing one, as when the
 * process was killed mid-call. It no longer counts toward the buyer's cap of open orders.
 */
export const INVOICE_NEVER_MS = 2 * INVOICE_TIMEOUT_MS;
/**
 * How long such an order holds its units: the sweep (every 30 s) expires it within 90 s of its making,
 * instead of after ORDER_HOLD_MINUTES. Far longer than any invoice call, so one still under way is never
 * expired under it.
 */
export const INVOICELESS_HOLD_MS = 60_000;
/** Totals are stored as 32-bit integer cents on both databases. */
export const MAX_TOTAL_CENTS = 2_147_483_647;

/** The order's own reference (the product doc's payment_id): unguessable, so it can sit in a payment page's URL. */
export function newPaymentId(): string {
  return `ord_${crypto.randomBytes(16).toString('base64url')}`;
}

class InvoiceTimeout extends Error {}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new InvoiceTimeout(`no invoice within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The 409 sentence for a condition whose units could not be taken. */
async function notTakenReason(db: Db, shop: ShopConfig, line: CreatePurchaseBody): Promise<HttpError> {
  const offer = await findOffer(db, shop, line.product_id, line.condition);
  assertBuyable(offer, line.condition);
  const left = offer.condition.available_quantity;
  return conflict(`Not enough stock: only ${left} left.`);
}

export interface PurchaseOptions {
  now?: Date;
  /** MAX_HELD_UNITS_PER_BUYER: units one buyer may hold across every unpaid order at once. */
  maxHeldUnits?: number;
  invoiceTimeoutMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export const tooManyOpenOrders = () =>
  conflict(`You have ${MAX_OPEN_ORDERS_PER_BUYER} unpaid orders. Pay or delete one before ordering more.`);

/** The default of MAX_HELD_UNITS_PER_BUYER (issue 33). */
export const DEFAULT_MAX_HELD_UNITS = 10;

function tooManyUnits(held: number, adding: number, max: number): HttpError {
  const holding = held === 0 ? '' : ` You already hold ${held} in unpaid orders.`;
  return conflict(
    `One buyer can hold at most ${max} units in unpaid orders at once, and this would make ${held + adding}.${holding} Pay or delete an order, or buy fewer.`,
  );
}

/**
 * A checkout's first step, inside its transaction: the buyer's row, locked so that the buyer's own
 * purchases go one at a time (two at once could each count four and make a seventh), then the caps:
 * open orders (a group counts once), and units held across all of them with `adding` (issue 33: one
 * account cannot hold the whole stock).
 */
export async function lockBuyerUnderCap(
  trx: Transaction<Database>,
  buyer: SessionUser,
  at: string,
  adding: number,
  maxHeldUnits = DEFAULT_MAX_HELD_UNITS,
): Promise<void> {
  await insertUserIfMissing(trx, buyer, at);
  await lockUser(trx, buyer.sub);
  const invoicelessBefore = new Date(Date.parse(at) - INVOICE_NEVER_MS).toISOString();
  if ((await repo.countOpenOrdersOfUser(trx, buyer.sub, invoicelessBefore)) >= MAX_OPEN_ORDERS_PER_BUYER) {
    throw tooManyOpenOrders();
  }
  const held = await repo.countHeldUnitsOfUser(trx, buyer.sub);
  if (held + adding > maxHeldUnits) throw tooManyUnits(held, adding, maxHeldUnits);
}

/** What every new order holds besides its line: where it ships, and a payment still to be made. */
export function waitingOrderFields(shipping: CheckoutShipping, provider: InvoiceIssuer, at: string) {
  return {
    ...shippingColumns(shipping),
    payment_status: 'waiting',
    provider: provider.name,
    provider_invoice_id: null,
    invoice_url: null,
    stock_reserved: 1,
    created_at: at,
    updated_at: at,
  } satisfies Partial<NewOrderRow>;
}

/** A line as the invoice describes it: "Speaker (Very Good) × 2". */
export function lineDescription(title: string, condition: Condition, quantity: number): string {
  return `${title} (${CONDITION_INFO[condition].label}) × ${quantity}`;
}

/**
 * The provider's invoice for orders just written, outside their transaction, and its address stored
 * on them. A provider that fails or stalls (options.invoiceTimeoutMs) undoes the orders and answers 502.
 */
export async function invoiceOrUndo(
  db: Db,
  provider: InvoiceIssuer,
  request: InvoiceRequest,
  options: PurchaseOptions,
  undone: 'purchase' | 'cart purchase',
): Promise<string> {
  let invoice;
  try {
    invoice = await withTimeout(
      provider.createInvoice(request),
      options.invoiceTimeoutMs ?? INVOICE_TIMEOUT_MS,
    );
  } catch (error) {
    options.log?.warn(
      { err: error, paymentId: request.paymentId },
      `payment provider failed; ${undone} undone`,
    );
    await undoPurchase(db, request.paymentId);
    throw new HttpError(502, PROVIDER_DOWN);
  }
  await repo.setInvoice(
    db,
    request.paymentId,
    invoice.invoiceId,
    invoice.invoiceUrl,
    new Date().toISOString(),
  );
  return invoice.invoiceUrl;
}

/**
 * Buys one cart line (docs/architecture.md §7): units reserved and the order written in one transaction, priced from
 * the database (the client's total_amount is never read), its shipping fields kept as the buyer's last
 * address (issue 20); then the provider's invoice, outside the transaction. A provider that fails or
 * stalls leaves no order and no reserved units behind (the address stays: the buyer typed it).
 */
export async function createPurchase(
  db: Db,
  provider: InvoiceIssuer,
  buyer: SessionUser,
  body: CreatePurchaseBody,
  options: PurchaseOptions = {},
): Promise<{ payment_url: string; payment_id: string }> {
  const shop = sellingShop(body.store);
  const at = (options.now ?? new Date()).toISOString();
  const paymentId = newPaymentId();
  const line = {
    shop: shop.key,
    product_id: body.product_id,
    condition: body.condition,
    quantity: body.quantity,
  };

  const { title, totalCents } = await db.transaction().execute(async (trx) => {
    await lockBuyerUnderCap(trx, buyer, at, body.quantity, options.maxHeldUnits);
    const taken = await stock.takeUnits(trx, line, at);
    if (taken === 'no such product') throw noSuchProduct(shop.name, body.product_id);
    if (taken === 'not enough') throw await notTakenReason(trx, shop, body);
    const { title, unitCents } = taken;
    const totalCents = unitCents * body.quantity;
    if (totalCents > MAX_TOTAL_CENTS) {
      throw badRequest(
        `Invalid field "quantity": ${body.quantity} of these would cost more than one order can hold; buy fewer.`,
      );
    }
    await repo.insertOrder(trx, {
      payment_id: paymentId,
      user_id: buyer.sub,
      shop: shop.key,
      product_id: body.product_id,
      title,
      condition: body.condition,
      unit_price_cents: unitCents,
      quantity: body.quantity,
      total_cents: totalCents,
      ...waitingOrderFields(body, provider, at),
    });
    await saveShippingAddress(trx, buyer.sub, body, at);
    return { title, totalCents };
  });

  const invoiceUrl = await invoiceOrUndo(
    db,
    provider,
    {
      paymentId,
      priceUsd: dollars(totalCents),
      description: lineDescription(title, body.condition, body.quantity),
    },
    options,
    'purchase',
  );
  return { payment_url: invoiceUrl, payment_id: paymentId };
}

/**
 * No invoice was made: the order goes, and its units with it back to stock; for a group (grp_…) every
 * line of it.
 */
export async function undoPurchase(db: Db, paymentRef: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await stock.lockProductsOfPayment(trx, paymentRef);
    const at = new Date().toISOString();
    for (const line of await repo.findOrdersOfPayment(trx, paymentRef)) {
      await stock.releaseReservation(trx, line.payment_id, at);
    }
    await repo.deleteOrder(trx, paymentRef, PAYMENT_STATUSES);
  });
}
