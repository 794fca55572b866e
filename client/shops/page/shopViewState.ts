/**
 * What a shop page remembers per page path (docs/product.md §3): selectedCategory, currentPage, searchQuery,
 * sortByViews, sortByRating and sortByPrice, stored in localStorage as `${path}:${key}`.
 * The transitions follow docs/product.md §4: sorts are exclusive and, like a category or a search, reset to page 1.
 */
import { NO_SORT_FLAGS, sortFlagsFor, type SortFlags } from '../../../shared/rules/sorting.js';
import type { SortMode } from '../../../shared/shops.js';
import type { StorageLike } from '../catalogue/productCache.js';

export interface ShopViewState {
  selectedCategory: string | null;
  currentPage: number;
  searchQuery: string;
  sort: SortFlags;
}

export const INITIAL_SHOP_VIEW_STATE: ShopViewState = {
  selectedCategory: null,
  currentPage: 1,
  searchQuery: '',
  sort: NO_SORT_FLAGS,
};

export function storageKey(path: string, name: string): string {
  return `${path}:${name}`;
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Reads the flags back, keeping them exclusive even if storage was edited by hand. */
function parseSort(views: string | null, rating: string | null, price: string | null): SortFlags {
  if (views === 'true') return sortFlagsFor('views');
  if (rating === 'true') return sortFlagsFor('rating');
  if (price === 'asc') return sortFlagsFor('price_asc');
  if (price === 'desc') return sortFlagsFor('price_desc');
  return NO_SORT_FLAGS;
}

export function readShopViewState(storage: StorageLike, path: string): ShopViewState {
  const read = (name: string) => storage.getItem(storageKey(path, name));
  const category = read('selectedCategory');
  return {
    selectedCategory: category ? category : null,
    currentPage: parsePage(read('currentPage')),
    searchQuery: read('searchQuery') ?? '',
    sort: parseSort(read('sortByViews'), read('sortByRating'), read('sortByPrice')),
  };
}

export function writeShopViewState(storage: StorageLike, path: string, state: ShopViewState): void {
  const write = (name: string, value: string | null) => {
    if (value === null) storage.removeItem(storageKey(path, name));
    else storage.setItem(storageKey(path, name), value);
  };
  write('selectedCategory', state.selectedCategory);
  write('currentPage', String(state.currentPage));
  write('searchQuery', state.searchQuery);
  write('sortByViews', String(state.sort.sortByViews));
  write('sortByRating', String(state.sort.sortByRating));
  write('sortByPrice', state.sort.sortByPrice);
}

export function withSort(state: ShopViewState, mode: SortMode): ShopViewState {
  return { ...state, sort: sortFlagsFor(mode), currentPage: 1 };
}

export function withCategory(state: ShopViewState, category: string | null): ShopViewState {
  return { ...state, selectedCategory: category, currentPage: 1 };
}

export function withSearch(state: ShopViewState, query: string): ShopViewState {
  return { ...state, searchQuery: query.trim(), currentPage: 1 };
}

export function withPage(state: ShopViewState, page: number): ShopViewState {
  return { ...state, currentPage: Math.max(1, Math.floor(page)) };
}

/** Whether a sort option is the one in effect (All Products when no flag is set). */
export function isSortActive(state: ShopViewState, mode: SortMode): boolean {
  const flags = sortFlagsFor(mode);
  return (
    flags.sortByViews === state.sort.sortByViews &&
    flags.sortByRating === state.sort.sortByRating &&
    flags.sortByPrice === state.sort.sortByPrice
  );
}
