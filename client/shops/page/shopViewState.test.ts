import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memoryStorage.js';
import {
  INITIAL_SHOP_VIEW_STATE,
  isSortActive,
  readShopViewState,
  withCategory,
  withPage,
  withSearch,
  withSort,
  writeShopViewState,
} from './shopViewState.js';

describe('shop view state in localStorage', () => {
  it('starts from the defaults when nothing is stored', () => {
    expect(readShopViewState(memoryStorage(), '/pcshop')).toEqual(INITIAL_SHOP_VIEW_STATE);
  });

  it('round-trips every key, namespaced by path', () => {
    const storage = memoryStorage();
    const state = withPage(
      withSort(withCategory(withSearch(INITIAL_SHOP_VIEW_STATE, 'mouse'), 'Mice'), 'views'),
      3,
    );
    writeShopViewState(storage, '/smartshop', state);
    expect(storage.getItem('/smartshop:selectedCategory')).toBe('Mice');
    expect(storage.getItem('/smartshop:currentPage')).toBe('3');
    expect(storage.getItem('/smartshop:searchQuery')).toBe('mouse');
    expect(storage.getItem('/smartshop:sortByViews')).toBe('true');
    expect(storage.getItem('/smartshop:sortByRating')).toBe('false');
    expect(storage.getItem('/smartshop:sortByPrice')).toBeNull();
    expect(readShopViewState(storage, '/smartshop')).toEqual(state);
    expect(readShopViewState(storage, '/')).toEqual(INITIAL_SHOP_VIEW_STATE);
  });

  it("stores sortByPrice as 'asc' or 'desc' and removes it when unset", () => {
    const storage = memoryStorage();
    writeShopViewState(storage, '/', withSort(INITIAL_SHOP_VIEW_STATE, 'price_desc'));
    expect(storage.getItem('/:sortByPrice')).toBe('desc');
    writeShopViewState(storage, '/', withSort(INITIAL_SHOP_VIEW_STATE, 'title'));
    expect(storage.getItem('/:sortByPrice')).toBeNull();
  });

  it('ignores malformed values', () => {
    const storage = memoryStorage();
    storage.setItem('/:currentPage', '-4');
    storage.setItem('/:sortByPrice', 'sideways');
    storage.setItem('/:selectedCategory', '');
    expect(readShopViewState(storage, '/')).toEqual(INITIAL_SHOP_VIEW_STATE);
  });

  it('keeps sorts exclusive even when storage holds several', () => {
    const storage = memoryStorage();
    storage.setItem('/:sortByRating', 'true');
    storage.setItem('/:sortByPrice', 'asc');
    expect(readShopViewState(storage, '/').sort).toEqual({
      sortByViews: false,
      sortByRating: true,
      sortByPrice: null,
    });
  });
});

describe('transitions (docs/product.md §4)', () => {
  const deep = { ...INITIAL_SHOP_VIEW_STATE, currentPage: 4, selectedCategory: 'Mice' };

  it('a sort clears the others and resets to page 1', () => {
    const next = withSort(withSort(deep, 'rating'), 'price_asc');
    expect(next.sort).toEqual({ sortByViews: false, sortByRating: false, sortByPrice: 'asc' });
    expect(next.currentPage).toBe(1);
    expect(isSortActive(next, 'price_asc')).toBe(true);
    expect(isSortActive(next, 'title')).toBe(false);
  });

  it('choosing a category or searching resets to page 1', () => {
    expect(withCategory(deep, 'Keyboards').currentPage).toBe(1);
    expect(withSearch(deep, '  usb  ')).toMatchObject({ searchQuery: 'usb', currentPage: 1 });
  });

  it('All Products is active when no sort flag is set', () => {
    expect(isSortActive(INITIAL_SHOP_VIEW_STATE, 'title')).toBe(true);
    expect(isSortActive(INITIAL_SHOP_VIEW_STATE, 'stock')).toBe(true);
    expect(isSortActive(INITIAL_SHOP_VIEW_STATE, 'views')).toBe(false);
  });
});
