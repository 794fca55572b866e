/** Exactly which fields of a return leave the server: the one shape both sides see, and the seller's list. */
import type { ReturnReason } from '../../../../shared/rules/returns.js';
import type { AdminReturn, Return } from '../../../../shared/schemas/returns.js';
import type { Condition } from '../../../../shared/shops.js';
import type { ReturnRow } from '../../../db/types.js';
import type { ReturnWithOrder } from './repository.js';

export function presentReturn(row: ReturnRow): Return {
  return {
    rma: row.rma,
    status: row.status,
    quantity: row.quantity,
    reason: row.reason as ReturnReason,
    note: row.note,
    instructions: row.instructions,
    reject_reason: row.reject_reason,
    restock_condition: row.restock_condition as Condition | null,
    requested_at: row.requested_at,
    approved_at: row.approved_at,
    rejected_at: row.rejected_at,
    received_at: row.received_at,
    refunded_at: row.refunded_at,
  };
}

export function presentAdminReturn(row: ReturnWithOrder): AdminReturn {
  return {
    ...presentReturn(row),
    payment_id: row.payment_id,
    group_id: row.group_id,
    store: row.shop,
    product_id: row.product_id,
    title: row.title,
    condition: row.condition,
    order_quantity: row.order_quantity,
    shipped_at: row.shipped_at,
    buyer_email: row.email,
    contact_name: row.contact_name,
  };
}
