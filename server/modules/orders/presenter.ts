/** Exactly which fields of an order leave the server: the buyer's view and the admin's. */
import type { AdminOrder, PaymentStatus, Purchase } from '../../../shared/schemas/buying.js';
import type { AdminOrderRow, OrderWithImagesRow } from './repository.js';

/** Totals always carry two decimals (docs/product.md §9), "0.00" included: 3998 -> "39.98". */
export const dollars = (cents: number) => (cents / 100).toFixed(2);

export function presentPurchase(row: OrderWithImagesRow): Purchase {
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
    invoice_url: row.invoice_url,
    postal_service: row.postal_service,
    tracking_number: row.tracking_number,
    imagecount: row.image_count ?? 0,
  };
}

export function presentAdminOrder(row: AdminOrderRow): AdminOrder {
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
  };
}
