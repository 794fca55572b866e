/** The shop being browsed and how to open a product, for the cards deep in the rows and grids. */
import { createContext, use } from 'react';
import type { ProductSummary } from '../../shared/schemas/catalog.js';
import type { ShopConfig } from '../../shared/shops.js';

export interface ShopContextValue {
  shop: ShopConfig;
  openProduct: (product: ProductSummary) => void;
}

export const ShopContext = createContext<ShopContextValue | null>(null);

export function useShopContext(): ShopContextValue {
  const value = use(ShopContext);
  if (!value) throw new Error('useShopContext must be used inside a shop page.');
  return value;
}
