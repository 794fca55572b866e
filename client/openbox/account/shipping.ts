/** The checkout's shipping form (docs/product.md §3) and the purchase it becomes (docs/product.md §7 field names). */
import type { z } from 'zod';
import { centsToPrice, priceToCents } from '../../../shared/rules/money.js';
import type { ShippingAddress } from '../../../shared/schemas/account.js';
import type { CartItem, CheckoutShipping, createPurchaseBodySchema } from '../../../shared/schemas/buying.js';
import { knownStore } from '../cart/cartMath.js';

export type CreatePurchaseBody = z.infer<typeof createPurchaseBodySchema>;

/** docs/product.md §3 "Shipping form": all free text; only the e-mail has a type check (docs/product.md §5). */
export interface ShippingForm {
  address: string;
  postalCode: string;
  city: string;
  state: string;
  contactName: string;
  email: string;
  phoneNumber: string;
}

export function shippingFromForm(data: FormData): ShippingForm {
  const read = (name: keyof ShippingForm) => String(data.get(name) ?? '').trim();
  return {
    address: read('address'),
    postalCode: read('postalCode'),
    city: read('city'),
    state: read('state'),
    contactName: read('contactName'),
    email: read('email'),
    phoneNumber: read('phoneNumber'),
  };
}

/** The shipping form as both checkouts post it (docs/product.md §7 field names). */
export function shippingBody(shipping: ShippingForm): CheckoutShipping {
  return {
    email: shipping.email,
    address: shipping.address,
    postal_code: shipping.postalCode,
    city: shipping.city,
    state_prov: shipping.state,
    contact_name: shipping.contactName,
    phone: shipping.phoneNumber,
  };
}

/**
 * What the form starts with (issue 20): the buyer's last shipping address when they have one, else
 * only the e-mail of their sign-in.
 */
export function initialShipping(
  saved: ShippingAddress | null | undefined,
  email: string,
): Partial<ShippingForm> {
  if (!saved) return { email };
  return {
    address: saved.address,
    postalCode: saved.postal_code,
    city: saved.city,
    state: saved.state_prov,
    contactName: saved.contact_name,
    email: saved.email,
    phoneNumber: saved.phone,
  };
}

/**
 * POST /api/create-purchase's body for one cart line. total_amount is sent as docs/product.md §7 lists it; the
 * server prices the order from the database and never trusts it (docs/architecture.md §6).
 */
export function purchaseBody(googleId: string, item: CartItem, shipping: ShippingForm): CreatePurchaseBody {
  return {
    google_id: googleId,
    product_id: item.product_id,
    store: knownStore(item),
    condition: item.condition,
    quantity: item.quantity,
    total_amount: centsToPrice((priceToCents(item.price) ?? 0) * item.quantity),
    ...shippingBody(shipping),
  };
}
