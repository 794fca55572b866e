/** Exactly which fields of an order leave the server: the buyer's view and the admin's. */
import { takesPayment } from '../../../shared/rules/payment-status.js';
import type { AdminOrder, PaymentStatus, Purchase } from '../../../shared/schemas/buying.js';
import type { RefundRow, ReturnRow } from '../../db/types.js';
import { presentReturn } from './returns/presenter.js';
import type { AdminOrderRow, OrderWithImagesRow } from './repository.js';

/** Totals always carry two decimals (docs/product.md §9), "0.00" included: 3998 -> "39.98". */
export const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Until when an unpaid invoice may still be paid: the hold (ORDER_HOLD_MINUTES) runs from the order's
 * making or from its provider's latest word, whichever is later (the sweep's rule, orders/sweep.ts).
 * Null once the order is not waiting for money, or has no invoice to pay.
 */
export function payUntil(row: OrderWithImagesRow, holdMinutes: number): string | null {
  const status = row.payment_status as PaymentStatus;
  if ((status !== 'waiting' && status !== 'partially_paid') || !row.invoice_url) return null;
  const from = [row.created_at, row.last_payment_event_at ?? ''].sort().at(-1)!;
  return new Date(Date.parse(from) + holdMinutes * 60_000).toISOString();
}

/** The contract's paymentFacts (shared/schemas/buying.ts): the same for buyer and seller. */
function paymentFacts(row: OrderWithImagesRow, holdMinutes: number) {
  return {
    group_id: row.group_id,
    invoice_total: dollars(Number(row.invoice_total_cents)),
    amount_paid: row.invoice_paid_cents === null ? null : dollars(row.invoice_paid_cents),
    pay_until: payUntil(row, holdMinutes),
    refunded_amount: dollars(row.refunded_cents),
    settled_at: row.settled_at,
  };
}

/** What the buyer sees of a line's returns (returns/service.ts buyerReturnFacts). */
type BuyerReturnFacts = Pick<Purchase, 'returns' | 'returnable_quantity' | 'return_until'>;

export function presentPurchase(
  row: OrderWithImagesRow,
  holdMinutes: number,
  returns: BuyerReturnFacts,
): Purchase {
  return {
    payment_id: row.payment_id,
    product_id: row.product_id,
    store: row.shop,
    title: row.title,
    condition: row.condition,
    quantity: row.quantity,
    total_amount: dollars(row.total_cents),
    created_at: row.created_at,
    payment_status: row.payment_status as PaymentStatus,
    shipped: row.shipped === 1,
    invoice_url: takesPayment(row.payment_status as PaymentStatus) ? row.invoice_url : null,
    postal_service: row.postal_service,
    tracking_number: row.tracking_number,
    imagecount: row.image_count ?? 0,
    ...paymentFacts(row, holdMinutes),
    ...returns,
  };
}

export function presentAdminOrder(
  row: AdminOrderRow,
  refunds: RefundRow[],
  returns: ReturnRow[],
  holdMinutes: number,
): AdminOrder {
  return {
    id: row.id,
    payment_id: row.payment_id,
    product_id: row.product_id,
    store: row.shop,
    title: row.title,
    condition: row.condition,
    quantity: row.quantity,
    total_amount: dollars(row.total_cents),
    email: row.email,
    created_at: row.created_at,
    payment_status: row.payment_status as PaymentStatus,
    shipped: row.shipped === 1,
    postal_service: row.postal_service,
    tracking_number: row.tracking_number,
    contact_name: row.contact_name,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state_prov: row.state_prov,
    postal_code: row.postal_code,
    imagecount: row.image_count ?? 0,
    needs_attention: row.needs_attention === 1,
    ...paymentFacts(row, holdMinutes),
    paid_late: row.paid_late === 1,
    attention_reason: row.attention_reason,
    refunds: refunds.map((refund) => ({
      amount: dollars(refund.amount_cents),
      note: refund.note,
      restocked: refund.restocked === 1,
      created_at: refund.created_at,
    })),
    shipped_at: row.shipped_at,
    returns: returns.map(presentReturn),
  };
}
