import { describe, expect, it } from 'vitest';
import { cartStockRefusal, outOfStockSentence, shortLineSentence } from './cart-stock.js';

describe('a cart line never holds more than is in stock (issue 20)', () => {
  it('lets a request that fits through', () => {
    expect(cartStockRefusal({ left: 1, inCart: 0, change: 'add', quantity: 1 })).toBeUndefined();
    expect(cartStockRefusal({ left: 3, inCart: 2, change: 'add', quantity: 1 })).toBeUndefined();
    expect(cartStockRefusal({ left: 3, inCart: 1, change: 'set', quantity: 3 })).toBeUndefined();
    // Lowering a line whose stock fell, down to what is left, is what the buyer is asked to do.
    expect(cartStockRefusal({ left: 1, inCart: 3, change: 'set', quantity: 1 })).toBeUndefined();
  });

  it('says the issue’s sentence when the one left is already in the cart', () => {
    expect(cartStockRefusal({ left: 1, inCart: 1, change: 'add', quantity: 1 })).toBe(
      'Only 1 left — it is already in your cart.',
    );
    // The cart's + at the stock asks the same.
    expect(cartStockRefusal({ left: 1, inCart: 1, change: 'set', quantity: 2 })).toBe(
      'Only 1 left — it is already in your cart.',
    );
  });

  it('words every unit left already in the cart in the right number', () => {
    expect(cartStockRefusal({ left: 2, inCart: 2, change: 'add', quantity: 1 })).toBe(
      'Only 2 left — both are already in your cart.',
    );
    expect(cartStockRefusal({ left: 5, inCart: 5, change: 'set', quantity: 6 })).toBe(
      'Only 5 left — all 5 are already in your cart.',
    );
  });

  it('says how many more may be added when the cart holds fewer than are left', () => {
    expect(cartStockRefusal({ left: 2, inCart: 1, change: 'add', quantity: 2 })).toBe(
      'Only 2 left — 1 is in your cart, so you can add 1 more.',
    );
    expect(cartStockRefusal({ left: 5, inCart: 2, change: 'add', quantity: 4 })).toBe(
      'Only 5 left — 2 are in your cart, so you can add 3 more.',
    );
    expect(cartStockRefusal({ left: 2, inCart: 0, change: 'add', quantity: 3 })).toBe(
      'Only 2 left — you can add at most 2.',
    );
    expect(cartStockRefusal({ left: 3, inCart: 1, change: 'set', quantity: 4 })).toBe(
      'Only 3 left — choose 3 or fewer.',
    );
  });

  it('asks to lower a line that holds more than is left, whatever was asked', () => {
    const sentence = 'Only 1 left — your cart holds 3: lower the quantity to 1.';
    expect(shortLineSentence(1, 3)).toBe(sentence);
    expect(cartStockRefusal({ left: 1, inCart: 3, change: 'add', quantity: 1 })).toBe(sentence);
    expect(cartStockRefusal({ left: 1, inCart: 3, change: 'set', quantity: 2 })).toBe(sentence);
  });

  it('says a condition with none left is out of stock', () => {
    expect(outOfStockSentence('Very Good')).toBe('The Very Good condition is out of stock.');
  });
});
