/**
 * Returns with an RMA number (issue 28): the buyer asks within RETURN_WINDOW_DAYS of the line being
 * marked sent; the seller approves (with instructions) or rejects (with a reason), marks the parcel
 * received (its units back on sale under a grade, once, or not at all), and the refund call with the
 * RMA completes it. Each step is a conditional status change in its own transaction with its e-mail and,
 * for the seller's decisions, its activity row.
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '../../../../shared/schemas/buying.js';
import type {
  AdminReturn,
  CreateReturnBody,
  CreateReturnResponse,
  Return,
  ReturnFilter,
} from '../../../../shared/schemas/returns.js';
import type { Condition } from '../../../../shared/shops.js';
import type { Database, OrderRow, ReturnRow } from '../../../db/types.js';
import { conflict, HttpError, notFound } from '../../../http/errors.js';
import { recordActivity } from '../../activity/index.js';
import * as stock from '../../stock/index.js';
import { getOrder } from '../lookup.js';
import { queueReturnDecisionMail, queueReturnRequestedMail } from './notifications.js';
import { presentAdminReturn, presentReturn } from './presenter.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const DAY_MS = 86_400_000;
/** The most returns the seller's list shows at once, newest first. */
export const RETURNS_LIST_LIMIT = 500;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** "RMA-" and 8 base32 characters from 40 random bits. */
export function newRma(): string {
  let bits = BigInt(`0x${crypto.randomBytes(5).toString('hex')}`);
  let code = '';
  for (let i = 0; i < 8; i += 1) {
    code = BASE32[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return `RMA-${code}`;
}

/** Until when the line may be returned: the window from its being marked sent; null when it may not. */
export function returnUntil(order: OrderRow, windowDays: number): string | null {
  if (order.payment_status !== 'finished' || order.shipped !== 1 || !order.shipped_at) return null;
  return new Date(Date.parse(order.shipped_at) + windowDays * DAY_MS).toISOString();
}

const unitsInReturn = (returns: readonly ReturnRow[]) =>
  returns.filter((item) => item.status !== 'rejected').reduce((sum, item) => sum + item.quantity, 0);

/** What the buyer sees of a line's returns: each return, the units still returnable now, and until when. */
export function buyerReturnFacts(
  order: OrderRow,
  returns: readonly ReturnRow[],
  windowDays: number,
  now: number,
) {
  const until = returnUntil(order, windowDays);
  const open = until !== null && Date.parse(until) > now;
  const left = open ? Math.max(order.quantity - unitsInReturn(returns), 0) : 0;
  return {
    returns: returns.map(presentReturn),
    returnable_quantity: left,
    return_until: left > 0 ? until : null,
  };
}

/** The returns of these order lines by line: one query. */
export async function returnsByOrder(db: Db, orderIds: readonly number[]): Promise<Map<number, ReturnRow[]>> {
  const byOrder = new Map<number, ReturnRow[]>();
  for (const item of await repo.findReturnsOfOrders(db, orderIds))
    byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
  return byOrder;
}

/** Why the line cannot be returned now (a 409 sentence), or undefined when it can. */
function refusal(order: OrderRow, windowDays: number, now: number): HttpError | undefined {
  if (order.payment_status !== 'finished') return conflict('Only a paid order can be returned.');
  if (order.shipped !== 1) return conflict('This order is not marked sent yet, so it cannot be returned.');
  const until = returnUntil(order, windowDays);
  if (until === null || Date.parse(until) <= now) {
    const ended = until ? ` ended on ${until.slice(0, 10)}` : ' has ended';
    return conflict(`The ${windowDays}-day return window of this order${ended}.`);
  }
  return undefined;
}

/**
 * The buyer asks to return units of one of their order lines. The line's row is held while the units
 * already being returned are counted and the return written, so two requests at once cannot together
 * return more than was bought. The seller's e-mail is queued in the same transaction.
 */
export async function requestReturn(
  db: Db,
  buyer: SessionUser,
  paymentId: string,
  body: CreateReturnBody,
  windowDays: number,
): Promise<CreateReturnResponse> {
  const found = await getOrder(db, paymentId);
  if (found.user_id !== buyer.sub) throw new HttpError(403, 'That order is not yours.');
  return db.transaction().execute(async (trx) => {
    const order = (await repo.lockOrderLine(trx, paymentId))!;
    const now = Date.now();
    const refused = refusal(order, windowDays, now);
    if (refused) throw refused;
    const left = order.quantity - (await repo.unitsInReturn(trx, order.id));
    if (left <= 0) throw conflict('Every unit of this order is already being returned.');
    if (body.quantity > left) {
      throw conflict(`Only ${left} of this order ${left === 1 ? 'unit' : 'units'} can still be returned.`);
    }
    let rma = newRma();
    while (await repo.rmaTaken(trx, rma)) rma = newRma();
    const at = new Date(now).toISOString();
    await repo.insertReturn(trx, {
      rma,
      order_id: order.id,
      user_id: order.user_id,
      quantity: body.quantity,
      reason: body.reason,
      note: body.note,
      status: 'requested',
      restock_condition: null,
      requested_at: at,
      updated_at: at,
    });
    await queueReturnRequestedMail(trx, (await repo.findReturn(trx, rma))!, at);
    return { rma, status: 'requested' as const };
  });
}

export async function listAdminReturns(db: Db, status: ReturnFilter): Promise<AdminReturn[]> {
  return (await repo.listReturns(db, status, RETURNS_LIST_LIMIT)).map(presentAdminReturn);
}

const noSuchReturn = (rma: string) => notFound(`There is no return ${rma}.`);
const wrongState = (item: { rma: string; status: string }, allowed: string, doing: string) =>
  conflict(`${item.rma} is ${item.status}: only ${allowed} return can be ${doing}.`);

type Decision = 'approve' | 'reject';
const DECISIONS = {
  approve: { status: 'approved', stamp: 'approved_at', field: 'instructions', verb: 'approved' },
  reject: { status: 'rejected', stamp: 'rejected_at', field: 'reject_reason', verb: 'rejected' },
} as const;

/** The seller approves (with instructions) or rejects (with a reason) a requested return. */
export async function decideReturn(
  db: Db,
  actor: string,
  rma: string,
  decision: Decision,
  text: string,
): Promise<Return> {
  const step = DECISIONS[decision];
  return db.transaction().execute(async (trx) => {
    const item = await repo.findReturn(trx, rma, { lock: true });
    if (!item) throw noSuchReturn(rma);
    const at = new Date().toISOString();
    const moved = await repo.moveReturn(trx, rma, ['requested'], {
      status: step.status,
      [step.stamp]: at,
      [step.field]: text,
      updated_at: at,
    });
    if (!moved) throw wrongState(item, 'a requested', step.verb);
    const after = (await repo.findReturn(trx, rma))!;
    await recordActivity(trx, {
      actor,
      action: `return.${decision}`,
      target: `return ${rma}`,
      before: { status: item.status },
      after: { status: after.status, [step.field]: text },
      at,
    });
    await queueReturnDecisionMail(trx, after, step.status, at);
    return presentReturn(after);
  });
}

/**
 * The seller marks an approved return received: with a grade, its units go back on sale under it
 * through the stock module (the product's row first: the lock order), exactly once, because the status
 * change approved → received is one conditional UPDATE in the same transaction; a second receive finds
 * it moved and changes nothing. A product deleted meanwhile refuses the grade and changes nothing.
 */
export async function receiveReturn(
  db: Db,
  actor: string,
  rma: string,
  condition: Condition | null,
): Promise<Return> {
  const item = await repo.findReturn(db, rma);
  if (!item) throw noSuchReturn(rma);
  return db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    const line = {
      shop: item.shop,
      product_id: item.product_id,
      condition: condition ?? '',
      quantity: item.quantity,
    };
    if (condition !== null && (await stock.lockProducts(trx, item.shop, [item.product_id])).length === 0) {
      throw conflict(
        `The product of ${rma} no longer exists, so its units cannot go back on sale: mark it received as "Cannot be sold again".`,
      );
    }
    const moved = await repo.moveReturn(trx, rma, ['approved'], {
      status: 'received',
      received_at: at,
      restock_condition: condition,
      restocked: condition === null ? 0 : 1,
      updated_at: at,
    });
    if (!moved) {
      const now = (await repo.findReturn(trx, rma))!;
      throw wrongState(now, 'an approved', 'marked received');
    }
    if (condition !== null) await stock.restockUnits(trx, line, at);
    await recordActivity(trx, {
      actor,
      action: 'return.receive',
      target: `return ${rma}`,
      before: { status: 'approved' },
      after: {
        status: 'received',
        restock_condition: condition,
        restocked_units: condition ? item.quantity : 0,
      },
      at,
    });
    return presentReturn((await repo.findReturn(trx, rma))!);
  });
}

/**
 * The refund call with an RMA (orders/refunds.ts, in its transaction after its checks): the return must
 * be of a line of that payment (the order's payment_id or its group's) and approved or received; it
 * becomes refunded. The refund's own e-mail tells the buyer; nothing more is queued here.
 */
export async function completeReturnByRefund(
  trx: Trx,
  paymentRef: string,
  rma: string,
  at: string,
): Promise<void> {
  const item = await repo.findReturn(trx, rma, { lock: true });
  if (!item) throw noSuchReturn(rma);
  if (item.payment_id !== paymentRef && item.group_id !== paymentRef) {
    throw conflict(`${rma} is not a return of this order.`);
  }
  const moved = await repo.moveReturn(trx, rma, ['approved', 'received'], {
    status: 'refunded',
    refunded_at: at,
    updated_at: at,
  });
  if (!moved) throw wrongState(item, 'an approved or received', 'refunded');
}
