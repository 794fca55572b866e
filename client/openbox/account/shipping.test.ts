import { describe, expect, it } from 'vitest';
import { createPurchaseBodySchema } from '../../../shared/schemas/buying.js';
import { cartLine, filledShipping, formData, postedShipping } from './checkoutTestData.js';
import { initialShipping, purchaseBody, shippingBody, shippingFromForm } from './shipping.js';

const item = cartLine({ quantity: 3 });

describe('purchaseBody', () => {
  it("maps the form's names to docs/product.md §7's fields, trimmed, with the line's total", () => {
    expect(purchaseBody('sub-1', item, filledShipping)).toEqual({
      google_id: 'sub-1',
      product_id: 12,
      store: 'ayz',
      condition: 'verygood',
      quantity: 3,
      total_amount: '59.97',
      ...postedShipping,
    });
  });

  it('is a body the server accepts', () => {
    expect(createPurchaseBodySchema.safeParse(purchaseBody('sub-1', item, filledShipping)).success).toBe(
      true,
    );
  });

  it('reads a missing field as empty (the server names it)', () => {
    expect(shippingFromForm(formData({})).city).toBe('');
  });
});

describe('initialShipping', () => {
  it('starts from the last address, each field where the form has it, the way it was posted', () => {
    const initial = initialShipping(postedShipping, 'signed-in@example.com');
    expect(initial).toEqual(filledShipping);
    expect(shippingBody(filledShipping)).toEqual(postedShipping);
  });

  it('starts with only the sign-in e-mail before the first purchase', () => {
    expect(initialShipping(null, 'signed-in@example.com')).toEqual({ email: 'signed-in@example.com' });
    expect(initialShipping(undefined, 'signed-in@example.com')).toEqual({ email: 'signed-in@example.com' });
  });
});
