import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { notForSaleSentence } from '../../../shared/rules/offers.js';
import type { CreateCartPurchaseBody, SessionUser } from '../../../shared/schemas/buying.js';
import { CONDITION_INFO } from '../../../shared/shops.js';
import type { Database } from '../../db/types.js';
import { badRequest, conflict, type HttpError, noSuchProduct } from '../../http/errors.js';
import { saveShippingAddress } from '../buyers/index.js';
import { findOffer, sellingShop } from '../cart/index.js';
import * as stock from '../stock/index.js';
import {
  invoiceOrUndo,
  type InvoiceIssuer,
  lineDescription,
  lockBuyerUnderCap,
  MAX_TOTAL_CENTS,
  newPaymentId,
  type PurchaseOptions,
  waitingOrderFields,
} from './checkout.js';
import { dollars } from './presenter.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;
type Line = CreateCartPurchaseBody['lines'][number];

/** A "Checkout all" group's reference: its invoice's order reference, unguessable as an order's own. */
function newGroupId(): string {
  return `grp_${crypto.randomBytes(16).toString('base64url')}`;
}

/** The 409 or 404 sentence naming the line that could not be taken. */
function shortLineError(shopName: string, line: Line, short: stock.ShortLine, title: string): HttpError {
  if (short.reason === 'no such product') return noSuchProduct(shopName, line.product_id);
  const named = `"${title}" (${CONDITION_INFO[line.condition].label})`;
  if (short.reason === 'no price') return conflict(notForSaleSentence(named));
  if (short.available === 0) return conflict(`${named} is out of stock.`);
  return conflict(`Only ${short.available} of ${named} left.`);
}

/** The same product and condition twice would be two orders of one cart line: refused by name. */
function assertDistinctLines(lines: readonly Line[]): void {
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const key = `${line.product_id}:${line.condition}`;
    if (seen.has(key)) {
      throw badRequest(
        `Invalid field "lines.${index}": product ${line.product_id} (${CONDITION_INFO[line.condition].label}) is listed twice.`,
      );
    }
    seen.add(key);
  }
}

/**
 * "Checkout all" (issue 18): every listed cart line bought on one invoice. The units of all lines are
 * reserved in ONE transaction (every product row locked first, in id order), all or none: a short line
 * rolls everything back and is named in the 409. Each line becomes an order of its own (its payment_id,
 * priced from the database) sharing the group's reference, which the invoice carries as its order
 * reference, for the sum of the lines. The open-orders cap counts the group once. A provider that fails
 * or stalls undoes the whole group. The shipping fields become the buyer's last address, as with the
 * per-line checkout. The cart itself is left as it is, as the per-line checkout leaves it: the client
 * drops the bought lines.
 */
export async function createCartPurchase(
  db: Db,
  provider: InvoiceIssuer,
  buyer: SessionUser,
  body: CreateCartPurchaseBody,
  options: PurchaseOptions = {},
): Promise<{ payment_url: string; payment_id: string; payment_ids: string[] }> {
  const shop = sellingShop(body.store);
  assertDistinctLines(body.lines);
  const at = (options.now ?? new Date()).toISOString();
  const groupId = newGroupId();
  const paymentIds = body.lines.map(() => newPaymentId());

  const { totalCents, description } = await db.transaction().execute(async (trx) => {
    await lockBuyerUnderCap(
      trx,
      buyer,
      at,
      body.lines.reduce((sum, line) => sum + line.quantity, 0),
      options.maxHeldUnits,
    );
    const taken = await stock.takeUnitsOfLines(trx, shop.key, body.lines, at);
    if (!Array.isArray(taken)) {
      const line = body.lines[taken.index]!;
      // Named as the buyer knows it; a product gone since the cart was read answers 404 here.
      const { product } = await findOffer(trx, shop, line.product_id, line.condition);
      throw shortLineError(shop.name, line, taken, product.title);
    }
    let totalCents = 0;
    const parts: string[] = [];
    for (const [index, line] of body.lines.entries()) {
      const { title, unitCents } = taken[index]!;
      const lineCents = unitCents * line.quantity;
      totalCents += lineCents;
      if (totalCents > MAX_TOTAL_CENTS) {
        throw badRequest(
          'Invalid field "lines": together they would cost more than one payment can hold; buy fewer.',
        );
      }
      parts.push(lineDescription(title, line.condition, line.quantity));
      await repo.insertOrder(trx, {
        payment_id: paymentIds[index]!,
        group_id: groupId,
        user_id: buyer.sub,
        shop: shop.key,
        product_id: line.product_id,
        title,
        condition: line.condition,
        unit_price_cents: unitCents,
        quantity: line.quantity,
        total_cents: lineCents,
        ...waitingOrderFields(body, provider, at),
      });
    }
    await saveShippingAddress(trx, buyer.sub, body, at);
    return { totalCents, description: parts.join('; ').slice(0, 500) };
  });

  const invoiceUrl = await invoiceOrUndo(
    db,
    provider,
    { paymentId: groupId, priceUsd: dollars(totalCents), description },
    options,
    'cart purchase',
  );
  return { payment_url: invoiceUrl, payment_id: groupId, payment_ids: paymentIds };
}
