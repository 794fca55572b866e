/** A shop page's browsing state, restored from and saved to localStorage under its path. */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SortMode } from '../../../shared/shops.js';
import {
  INITIAL_SHOP_VIEW_STATE,
  readShopViewState,
  withCategory,
  withPage,
  withSearch,
  withSort,
  writeShopViewState,
  type ShopViewState,
} from './shopViewState.js';

function initialState(path: string): ShopViewState {
  try {
    return readShopViewState(window.localStorage, path);
  } catch {
    return INITIAL_SHOP_VIEW_STATE;
  }
}

export interface ShopViewActions {
  chooseSort: (mode: SortMode) => void;
  chooseCategory: (category: string | null) => void;
  applySearch: (query: string) => void;
  goToPage: (page: number) => void;
  reset: () => void;
}

export function usePersistentShopState(path: string): [ShopViewState, ShopViewActions] {
  const [state, setState] = useState(() => initialState(path));
  // What storage holds already: the state read at mount is not written back, so a page still starting
  // cannot overwrite what another tab saved meanwhile (the first render is a transition, its effects late).
  const stored = useRef(state);

  useEffect(() => {
    if (stored.current === state) return;
    stored.current = state;
    try {
      writeShopViewState(window.localStorage, path, state);
    } catch {
      // Storage unavailable: the state still works for this visit.
    }
  }, [path, state]);

  const actions = useMemo<ShopViewActions>(
    () => ({
      chooseSort: (mode) => setState((current) => withSort(current, mode)),
      chooseCategory: (category) => setState((current) => withCategory(current, category)),
      applySearch: (query) => setState((current) => withSearch(current, query)),
      goToPage: (page) => setState((current) => withPage(current, page)),
      reset: () => setState(INITIAL_SHOP_VIEW_STATE),
    }),
    [],
  );

  return [state, actions];
}
