/** The exclusive sort modes and the flags they keep in local storage (docs/product.md §3, §4). */
import { type ShopConfig, type SortMode } from '../shops.js';

/** The sort flags docs/product.md §3 keeps in local storage, per page path. */
export interface SortFlags {
  sortByViews: boolean;
  sortByRating: boolean;
  sortByPrice: 'asc' | 'desc' | null;
}

export const NO_SORT_FLAGS: SortFlags = { sortByViews: false, sortByRating: false, sortByPrice: null };

/** Sort modes are mutually exclusive (docs/product.md §4): the flags for one mode clear the others. */
export function sortFlagsFor(mode: SortMode): SortFlags {
  switch (mode) {
    case 'views':
      return { ...NO_SORT_FLAGS, sortByViews: true };
    case 'rating':
      return { ...NO_SORT_FLAGS, sortByRating: true };
    case 'price_asc':
      return { ...NO_SORT_FLAGS, sortByPrice: 'asc' };
    case 'price_desc':
      return { ...NO_SORT_FLAGS, sortByPrice: 'desc' };
    default:
      return NO_SORT_FLAGS;
  }
}

/** The sort mode the flags select for a shop; no flag means the shop's default order. */
export function sortModeFor(flags: SortFlags, shop: Pick<ShopConfig, 'defaultSort' | 'hasRating'>): SortMode {
  if (flags.sortByViews) return 'views';
  if (flags.sortByRating && shop.hasRating) return 'rating';
  if (flags.sortByPrice === 'asc') return 'price_asc';
  if (flags.sortByPrice === 'desc') return 'price_desc';
  return shop.defaultSort;
}
