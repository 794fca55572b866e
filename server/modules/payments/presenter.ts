/** Exactly which fields of an order the sandbox payment page sees. */
import type { PaymentStatus, SandboxOrder } from '../../../shared/schemas/buying.js';
import type { OrderRow } from '../../db/types.js';
import { dollars } from '../orders/index.js';

export function presentSandboxOrder(row: OrderRow): SandboxOrder {
  return {
    payment_id: row.payment_id,
    title: row.title,
    condition: row.condition,
    quantity: row.quantity,
    total_amount: dollars(row.total_cents),
    payment_status: row.payment_status as PaymentStatus,
  };
}
