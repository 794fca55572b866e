/** What the checkout tests buy and type: a cart line, a filled shipping form, and the body fields it becomes. */
import type { CartItem } from '../../../shared/schemas/buying.js';
import { shippingFromForm } from './shipping.js';

export const cartLine = (overrides: Partial<CartItem> = {}): CartItem => ({
  product_id: 12,
  store: 'ayz',
  condition: 'verygood',
  quantity: 2,
  price: '19.99',
  title: 'Speaker',
  available_quantity: 5,
  imagecount: 1,
  updated_at: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

export function formData(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

/** The address is typed with spaces around it: the form trims what it reads. */
export const filledShipping = shippingFromForm(
  formData({
    address: ' 1 Main St ',
    postalCode: '02139',
    city: 'Cambridge',
    state: 'MA',
    contactName: 'Ada Lovelace',
    email: 'ada@example.com',
    phoneNumber: '+1 555 0100',
  }),
);

/** `filledShipping` under docs/product.md §7's names, as both checkouts post it. */
export const postedShipping = {
  email: 'ada@example.com',
  address: '1 Main St',
  postal_code: '02139',
  city: 'Cambridge',
  state_prov: 'MA',
  contact_name: 'Ada Lovelace',
  phone: '+1 555 0100',
};
