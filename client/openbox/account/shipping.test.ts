import { describe, expect, it } from 'vitest';
import { createPurchaseBodySchema, type CartItem } from '../../../shared/schemas/buying.js';
import { purchaseBody, shippingFromForm } from './shipping.js';

const item: CartItem = {
  product_id: 12,
  store: 'ayz',
  condition: 'verygood',
  quantity: 3,
  price: '19.99',
  title: 'Speaker',
  available_quantity: 5,
  imagecount: 1,
  updated_at: '2025-01-01T00:00:00.000Z',
};

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe('purchaseBody', () => {
  const shipping = shippingFromForm(
    form({
      address: ' 1 Main St ',
      postalCode: '02139',
      city: 'Cambridge',
      state: 'MA',
      contactName: 'Ada Lovelace',
      email: 'ada@example.com',
      phoneNumber: '+1 555 0100',
    }),
  );

  it("maps the form's names to docs/product.md §7's fields, trimmed, with the line's total", () => {
    expect(purchaseBody('sub-1', item, shipping)).toEqual({
      google_id: 'sub-1',
      product_id: 12,
      store: 'ayz',
      condition: 'verygood',
      quantity: 3,
      total_amount: '59.97',
      email: 'ada@example.com',
      address: '1 Main St',
      postal_code: '02139',
      city: 'Cambridge',
      state_prov: 'MA',
      contact_name: 'Ada Lovelace',
      phone: '+1 555 0100',
    });
  });

  it('is a body the server accepts', () => {
    expect(createPurchaseBodySchema.safeParse(purchaseBody('sub-1', item, shipping)).success).toBe(true);
  });

  it('reads a missing field as empty (the server names it)', () => {
    expect(shippingFromForm(form({})).city).toBe('');
  });
});
