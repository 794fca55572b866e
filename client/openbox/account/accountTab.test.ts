import { describe, expect, it } from 'vitest';
import { readAccountTab, writeAccountTab } from './accountTab.js';

describe('account tab', () => {
  const storage = (initial: Record<string, string> = {}) => {
    const values = new Map(Object.entries(initial));
    return {
      values,
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
  };

  it('defaults to cart, remembers the choice under account_tab', () => {
    const store = storage();
    expect(readAccountTab(store)).toBe('cart');
    writeAccountTab(store, 'orders');
    expect(store.values.get('account_tab')).toBe('orders');
    expect(readAccountTab(store)).toBe('orders');
  });

  it('falls back to cart for an unknown value or storage that throws', () => {
    expect(readAccountTab(storage({ account_tab: 'wishlist' }))).toBe('cart');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readAccountTab(broken)).toBe('cart');
    expect(() => writeAccountTab(broken, 'orders')).not.toThrow();
    expect(readAccountTab(undefined)).toBe('cart');
  });
});
