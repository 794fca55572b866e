import { describe, expect, it } from 'vitest';
import {
  canAdvancePaymentStatus,
  canDeleteOrder,
  canShipOrder,
  centsToPrice,
  conditionOffers,
  filledStars,
  cardPicture,
  galleryImageUrls,
  productPreviewUrl,
  inStockOffers,
  isMoneyArriving,
  pageCount,
  paymentStatusPredecessors,
  priceDate,
  priceRange,
  priceToCents,
  releasesStock,
  showsTypicalPrice,
  sortFlagsFor,
  sortModeFor,
  stockLabel,
  wrapIndex,
} from './rules.js';
import { PAYMENT_STATUSES } from './schemas/buying.js';
import { SHOPS } from './shops.js';

describe('prices', () => {
  it('speaks decimal strings and cents', () => {
    expect(centsToPrice(1999)).toBe('19.99');
    expect(centsToPrice(0)).toBe('0');
    expect(centsToPrice(5)).toBe('0.05');
    expect(priceToCents('19.99')).toBe(1999);
    expect(priceToCents('7')).toBe(700);
    expect(priceToCents('1.005')).toBeNull();
    expect(priceToCents('-1')).toBeNull();
    expect(priceToCents('abc')).toBeNull();
  });

  it('shows a typical price only above zero', () => {
    expect(showsTypicalPrice('0')).toBe(false);
    expect(showsTypicalPrice('')).toBe(false);
    expect(showsTypicalPrice('n/a')).toBe(false);
    expect(showsTypicalPrice('0.01')).toBe(true);
  });

  it("dates an affiliate price by updated_at's UTC day", () => {
    expect(priceDate('2026-03-09T23:59:59.999Z')).toBe('2026-03-09');
    // Late evening in New York is already the next day in UTC: the date does not depend on the reader.
    expect(priceDate('2026-03-09T22:30:00-05:00')).toBe('2026-03-10');
    expect(priceDate('not a date')).toBeNull();
  });
});

describe('open-box stock', () => {
  const product = {
    acceptable_condition_price: '0',
    acceptable_condition_available_quantity: 3,
    good_condition_price: '49.99',
    good_condition_available_quantity: 0,
    verygood_condition_price: '79.00',
    verygood_condition_available_quantity: 1,
    excellent_condition_price: '120.00',
    excellent_condition_available_quantity: 2,
  };

  it('labels stock as docs/product.md §9 says', () => {
    expect(stockLabel(0)).toBe('Out of Stock');
    expect(stockLabel(1)).toBe('Only 1 left!');
    expect(stockLabel(7)).toBe('7 - in stock');
  });

  it('lists only conditions with stock', () => {
    expect(inStockOffers(conditionOffers(product)).map((o) => o.condition)).toEqual([
      'acceptable',
      'verygood',
      'excellent',
    ]);
  });

  it('derives the price range from positive prices only', () => {
    expect(priceRange(conditionOffers(product))).toEqual({ min: 49.99, max: 120 });
    expect(priceRange([{ condition: 'good', price: '0', quantity: 4 }])).toBeNull();
  });
});

describe('sorting flags', () => {
  it('keeps sort modes mutually exclusive', () => {
    expect(sortFlagsFor('views')).toEqual({ sortByViews: true, sortByRating: false, sortByPrice: null });
    expect(sortFlagsFor('price_desc')).toEqual({
      sortByViews: false,
      sortByRating: false,
      sortByPrice: 'desc',
    });
    expect(sortFlagsFor('title')).toEqual({ sortByViews: false, sortByRating: false, sortByPrice: null });
  });

  it('maps flags back to a mode, falling back to the shop default', () => {
    expect(sortModeFor(sortFlagsFor('rating'), SHOPS.default)).toBe('rating');
    expect(sortModeFor(sortFlagsFor('rating'), SHOPS.ayz)).toBe('stock');
    expect(sortModeFor(sortFlagsFor('price_asc'), SHOPS.ayz)).toBe('price_asc');
    expect(sortModeFor(sortFlagsFor('title'), SHOPS.smart)).toBe('title');
  });
});

describe('paging, stars and the gallery', () => {
  it('counts pages', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('fills stars up to the rating', () => {
    expect(filledStars(3.6)).toBe(4);
    expect(filledStars(9)).toBe(5);
    expect(filledStars(-2)).toBe(0);
  });

  it('wraps around both ends', () => {
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(0, 0)).toBe(0);
  });

  it('builds 1..imagecount image URLs with a version', () => {
    expect(galleryImageUrls('PCProducts', 12, 2, 'v1')).toEqual([
      '/images/PCProducts/12/1.webp?v=v1',
      '/images/PCProducts/12/2.webp?v=v1',
    ]);
  });

  it('asks for no picture of a product that has none', () => {
    // A request for a file that is not there answers 404 into the visitor's console (e2e/console.spec.ts).
    expect(galleryImageUrls('Products', 1, 0)).toEqual([]);
    expect(cardPicture('Products', { id: 1, updated_at: 'v1', imagecount: 0 })).toBeNull();
    expect(productPreviewUrl('Products', { product_id: 1, imagecount: 0 })).toBeNull();
    expect(cardPicture('Products', { id: 1, updated_at: 'v1', imagecount: 1 })?.src).toBe(
      '/images/Products/1/w/320/1.webp?v=v1',
    );
    expect(productPreviewUrl('Products', { product_id: 1, imagecount: 2, updated_at: 'v1' })).toBe(
      '/images/Products/1/preview/1.webp?v=v1',
    );
  });
});

describe('payment statuses', () => {
  it('move only forward: a late or repeated callback never undoes a later one', () => {
    expect(canAdvancePaymentStatus('waiting', 'confirming')).toBe(true);
    expect(canAdvancePaymentStatus('confirming', 'finished')).toBe(true);
    expect(canAdvancePaymentStatus('waiting', 'finished')).toBe(true);
    expect(canAdvancePaymentStatus('finished', 'waiting')).toBe(false);
    expect(canAdvancePaymentStatus('finished', 'finished')).toBe(false);
    expect(canAdvancePaymentStatus('sending', 'confirming')).toBe(false);
  });

  it('let partially_paid follow any status still under way, and the payment move on from it', () => {
    expect(paymentStatusPredecessors('partially_paid').sort()).toEqual([
      'confirmed',
      'confirming',
      'sending',
      'waiting',
    ]);
    for (const next of ['confirming', 'confirmed', 'sending', 'finished', 'failed', 'expired'] as const) {
      expect(canAdvancePaymentStatus('partially_paid', next), next).toBe(true);
    }
    for (const next of ['waiting', 'partially_paid', 'refunded'] as const) {
      expect(canAdvancePaymentStatus('partially_paid', next), next).toBe(false);
    }
    for (const end of ['finished', 'failed', 'expired', 'refunded'] as const) {
      expect(canAdvancePaymentStatus(end, 'partially_paid'), end).toBe(false);
    }
  });

  it('never turn a failed or expired order into a finished one; refund only a finished one', () => {
    for (const end of ['failed', 'expired'] as const) {
      expect(canAdvancePaymentStatus(end, 'finished')).toBe(false);
      expect(canAdvancePaymentStatus(end, 'refunded')).toBe(false);
      expect(canAdvancePaymentStatus('finished', end)).toBe(false);
    }
    expect(paymentStatusPredecessors('refunded')).toEqual(['finished']);
    expect(paymentStatusPredecessors('waiting')).toEqual([]);
    expect(paymentStatusPredecessors('finished').sort()).toEqual([
      'confirmed',
      'confirming',
      'partially_paid',
      'sending',
      'waiting',
    ]);
  });

  it('say which statuses mean money is arriving (what revives an order the sweep expired)', () => {
    expect(PAYMENT_STATUSES.filter(isMoneyArriving)).toEqual([
      'confirming',
      'confirmed',
      'sending',
      'partially_paid',
      'finished',
    ]);
  });

  it('say which statuses give units back and who may delete', () => {
    expect(['failed', 'expired', 'refunded'].every((s) => releasesStock(s as 'failed'))).toBe(true);
    expect(releasesStock('finished')).toBe(false);
    expect(canDeleteOrder('finished', 'admin')).toBe(false);
    expect(canDeleteOrder('finished', 'buyer')).toBe(false);
    expect(canDeleteOrder('confirming', 'admin')).toBe(true);
    expect(canDeleteOrder('confirming', 'buyer')).toBe(false);
    expect(canDeleteOrder('waiting', 'buyer')).toBe(true);
    expect(PAYMENT_STATUSES.filter(canShipOrder)).toEqual(['finished']);
  });
});
