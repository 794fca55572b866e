import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../db/types.js';
import { notFound } from '../../http/errors.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

const noSuchOrder = (paymentId: string) => notFound(`There is no order ${paymentId}.`);

/** The order, or the 404 that names it. */
export async function getOrder(db: Db, paymentId: string): Promise<OrderRow> {
  const order = await repo.findOrder(db, paymentId);
  if (!order) throw noSuchOrder(paymentId);
  return order;
}

/** A conditional write found the order changed under it: thrown to roll its transaction back. */
export class OrderChanged extends Error {}
