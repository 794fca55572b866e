import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type AdminOrder,
  type AdminOrdersQuery,
  type CreatePurchaseBody,
  MAX_OPEN_ORDERS_PER_BUYER,
  PAYMENT_STATUSES,
  type PaymentStatus,
  type Purchase,
  type SessionUser,
} from '../../../shared/schemas/buying.js';
import {
  canDeleteOrder,
  canShipOrder,
  isMoneyArriving,
  paymentStatusPredecessors,
  releasesStock,
} from '../../../shared/rules.js';
import { CONDITION_INFO, type ShopConfig } from '../../../shared/shops.js';
import type { Database, OrderRow } from '../../db/types.js';
import { badRequest, conflict, HttpError, notFound, noSuchProduct } from '../../http/errors.js';
import { insertUserIfMissing, lockUser } from '../buyers/repository.js';
import { assertBuyable, findOffer, sellingShop } from '../cart/service.js';
import { type PaymentProvider, PaymentProviderError } from '../payments/provider.js';
import * as stock from '../stock/index.js';
import { dollars, presentAdminOrder, presentPurchase } from './presenter.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

export const PROVIDER_DOWN = 'The payment provider is not answering. Please try again in a moment.';
/** How long a buyer waits for the provider's invoice before the purchase is undone (docs/architecture.md §7). */
export const INVOICE_TIMEOUT_MS = 10_000;
/** Totals are stored as 32-bit integer cents on both databases. */
const MAX_TOTAL_CENTS = 2_147_483_647;

/** The order's own reference (the product doc's payment_id): unguessable, so it can sit in a payment page's URL. */
function newPaymentId(): string {
  return `ord_${crypto.randomBytes(16).toString('base64url')}`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PaymentProviderError(`no invoice within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const noSuchOrder = (paymentId: string) => notFound(`There is no order ${paymentId}.`);

/** The order, or the 404 that names it. */
export async function getOrder(db: Db, paymentId: string): Promise<OrderRow> {
  const order = await repo.findOrder(db, paymentId);
  if (!order) throw noSuchOrder(paymentId);
  return order;
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
  invoiceTimeoutMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

const tooManyOpenOrders = () =>
  conflict(`You have ${MAX_OPEN_ORDERS_PER_BUYER} unpaid orders. Pay or delete one before ordering more.`);

/**
 * Buys one cart line (docs/architecture.md §7): units reserved and the order written in one transaction, priced from
 * the database (the client's total_amount is never read); then the provider's invoice, outside the
 * transaction. A provider that fails or stalls leaves no order and no reserved units behind.
 */
export async function createPurchase(
  db: Db,
  provider: PaymentProvider,
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
    await insertUserIfMissing(trx, buyer, at);
    // The buyer's own purchases one at a time, or two at once could each count four and make a seventh.
    await lockUser(trx, buyer.sub);
    if ((await repo.countOpenOrdersOfUser(trx, buyer.sub)) >= MAX_OPEN_ORDERS_PER_BUYER) {
      throw tooManyOpenOrders();
    }
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
      email: body.email,
      contact_name: body.contact_name,
      phone: body.phone,
      address: body.address,
      city: body.city,
      state_prov: body.state_prov,
      postal_code: body.postal_code,
      payment_status: 'waiting',
      provider: provider.name,
      provider_invoice_id: null,
      invoice_url: null,
      stock_reserved: 1,
      created_at: at,
      updated_at: at,
    });
    return { title, totalCents };
  });

  let invoice;
  try {
    invoice = await withTimeout(
      provider.createInvoice({
        paymentId,
        priceUsd: dollars(totalCents),
        description: `${title} (${CONDITION_INFO[body.condition].label}) × ${body.quantity}`,
      }),
      options.invoiceTimeoutMs ?? INVOICE_TIMEOUT_MS,
    );
  } catch (error) {
    options.log?.warn({ err: error, paymentId }, 'payment provider failed; purchase undone');
    await undoPurchase(db, paymentId);
    throw new HttpError(502, PROVIDER_DOWN);
  }
  await repo.setInvoice(db, paymentId, invoice.invoiceId, invoice.invoiceUrl, new Date().toISOString());
  return { payment_url: invoice.invoiceUrl, payment_id: paymentId };
}

/** No invoice was made: the order goes, and its units with it back to stock. */
async function undoPurchase(db: Db, paymentId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await stock.lockProductOfOrder(trx, paymentId);
    await stock.releaseReservation(trx, paymentId, new Date().toISOString());
    await repo.deleteOrder(trx, paymentId, PAYMENT_STATUSES);
  });
}

/** Moves the status if `from` allows it, releasing the units when the new status gives them up. */
async function moveStatus(
  db: Db,
  paymentId: string,
  to: PaymentStatus,
  from: readonly PaymentStatus[],
  at: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (releasesStock(to)) await stock.lockProductOfOrder(trx, paymentId);
    // An order that failed or expired takes no more money, so its Pay Now link goes.
    const unpayable = to === 'failed' || to === 'expired';
    const changed = await repo.advanceStatus(trx, paymentId, to, from, at, unpayable);
    if (changed && releasesStock(to)) await stock.releaseReservation(trx, paymentId, at);
    return changed;
  });
}

/**
 * The one place an order's payment status changes (the sandbox's Pay comes here, verified callbacks
 * through applyProviderStatus). Statuses only move forward; failed, expired and refunded give the units
 * back, exactly once. Returns whether anything changed.
 */
export async function applyPaymentStatus(
  db: Db,
  paymentId: string,
  status: PaymentStatus,
  now = new Date(),
): Promise<boolean> {
  return moveStatus(db, paymentId, status, paymentStatusPredecessors(status), now.toISOString());
}

/**
 * A status the payment provider reported in a verified callback. As applyPaymentStatus, and one more
 * case: money arriving for an order the sweep expired (the provider's invoice outlives our hold). The
 * buyer paid, so the order comes back: holding its units again if they are still there, else flagged
 * needs_attention for the seller to restock or refund, and logged as an error.
 */
export async function applyProviderStatus(
  db: Db,
  paymentId: string,
  status: PaymentStatus,
  now: Date,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<boolean> {
  const at = now.toISOString();
  const from = paymentStatusPredecessors(status);
  if (await moveStatus(db, paymentId, status, from, at)) return true;
  if (!isMoneyArriving(status)) return false;
  const revived = await reviveExpiredOrder(db, paymentId, status, at);
  if (revived === 'unreserved') {
    log.error(
      { paymentId, status },
      'an expired order was paid but its units are gone: restock or refund it (needs_attention)',
    );
  }
  // Not expired (any more): another callback may have revived it meanwhile, and this one may follow it.
  return revived === undefined ? moveStatus(db, paymentId, status, from, at) : true;
}

/** Revives an expired order (see applyProviderStatus); undefined when it is not, or no longer, expired. */
async function reviveExpiredOrder(
  db: Db,
  paymentId: string,
  to: PaymentStatus,
  at: string,
): Promise<'reserved' | 'unreserved' | undefined> {
  return db
    .transaction()
    .execute(async (trx) => {
      const order = await repo.findOrder(trx, paymentId);
      if (order?.payment_status !== 'expired' || order.stock_reserved === 1) return undefined;
      const reserved = await reserveAgain(trx, order, at);
      // Conditional: a second callback reviving it at the same time rolls back, units and all.
      if (!(await repo.reviveExpiredOrder(trx, paymentId, to, reserved, at))) throw new OrderChanged();
      return reserved ? 'reserved' : 'unreserved';
    })
    .catch((error: unknown) => {
      if (error instanceof OrderChanged) return undefined;
      throw error;
    });
}

/**
 * Takes an expired order's units again with the purchase's own conditional decrement, the product row
 * first. A price set to 0 since does not stop it: the buyer paid the order's price.
 */
async function reserveAgain(db: Db, order: OrderRow, at: string): Promise<boolean> {
  const line = {
    shop: order.shop,
    product_id: order.product_id,
    condition: order.condition,
    quantity: order.quantity,
  };
  return typeof (await stock.takeUnits(db, line, at, { forSale: false })) === 'object';
}

/**
 * Expires 'waiting' orders past the hold, giving their units back. 'waiting' covers more than untouched
 * orders: NOWPayments reports 'waiting' too once the buyer has opened a payment and it awaits the coins.
 * So an order with any verified callback within the last hold window is left for now (its hold runs from
 * the provider's latest word), and money that still arrives after an expiry revives the order
 * (applyProviderStatus). A shipped order is never expired. Safe with several processes sweeping at once;
 * returns how many this call expired.
 */
export async function sweepUnpaidOrders(db: Db, now: Date, holdMinutes: number): Promise<number> {
  const cutoff = new Date(now.getTime() - holdMinutes * 60_000).toISOString();
  const at = now.toISOString();
  const batch = 100;
  let expired = 0;
  // Bounded: each pass takes its orders out of the next pass's query, but a sweep never runs unbounded.
  for (let pass = 0; pass < 100; pass += 1) {
    const ids = await repo.findHeldOrdersBefore(db, ['waiting'], cutoff, cutoff, batch);
    for (const id of ids) {
      if (await moveStatus(db, id, 'expired', ['waiting'], at)) expired += 1;
    }
    if (ids.length < batch) break;
  }
  return expired;
}

export async function listMyPurchases(db: Db, buyer: SessionUser): Promise<Purchase[]> {
  const rows = await repo.findOrdersOfUser(db, buyer.sub);
  return rows.map(presentPurchase);
}

/** Who is deleting: a buyer (their own unpaid orders) or the admin (any unfinished one), docs/architecture.md §6. */
export type OrderCaller = { kind: 'buyer'; buyer: SessionUser } | { kind: 'admin' };

function refusal(order: OrderRow, caller: OrderCaller): HttpError | undefined {
  if (caller.kind === 'buyer' && order.user_id !== caller.buyer.sub) {
    return new HttpError(403, 'That order is not yours.');
  }
  const status = order.payment_status as PaymentStatus;
  if (canDeleteOrder(status, caller.kind)) return undefined;
  if (status === 'finished') return conflict('A paid order cannot be deleted.');
  return conflict('The payment for this order is under way, so it cannot be deleted now.');
}

/** Deletes an order and gives back the units it still holds. */
export async function deletePurchase(db: Db, caller: OrderCaller, paymentId: string): Promise<void> {
  const refused = refusal(await getOrder(db, paymentId), caller);
  if (refused) throw refused;
  const deletable = PAYMENT_STATUSES.filter((status) => canDeleteOrder(status, caller.kind));
  const deleted = await db
    .transaction()
    .execute(async (trx) => {
      await stock.lockProductOfOrder(trx, paymentId);
      await stock.releaseReservation(trx, paymentId, new Date().toISOString());
      // Conditional: a payment that finished since the read above keeps its order and, by the
      // rollback, its units.
      if (await repo.deleteOrder(trx, paymentId, deletable)) return true;
      throw new OrderChanged();
    })
    .catch((error: unknown) => {
      if (error instanceof OrderChanged) return false;
      throw error;
    });
  if (deleted) return;
  const current = await getOrder(db, paymentId);
  throw refusal(current, caller) ?? conflict('This order changed while it was being deleted. Try again.');
}

class OrderChanged extends Error {}

export async function listAdminOrders(
  db: Db,
  query: AdminOrdersQuery,
): Promise<{ items: AdminOrder[]; total: number }> {
  const { rows, total } = await repo.findOrderPage(
    db,
    query.filter,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return { items: rows.map(presentAdminOrder), total };
}

/** Marks an order sent (or not) with its tracking details; only a paid order can be marked sent. */
export async function setShipped(
  db: Db,
  paymentId: string,
  shipping: { shipped: boolean; postal_service: string; tracking_number: string },
): Promise<void> {
  const shippable = PAYMENT_STATUSES.filter(canShipOrder);
  if (await repo.setShipping(db, paymentId, shipping, shippable, new Date().toISOString())) return;
  await getOrder(db, paymentId);
  throw conflict('Only paid orders can be marked sent.');
}
