/** The shop being browsed, how to open a product and the shop's extensions, for the cards deep in the rows and grids. */
import { createContext, use } from 'react';
import type { ProductSummary } from '../../../shared/schemas/catalog.js';
import type { ShopConfig } from '../../../shared/shops.js';
import type { ShopExtensions } from './shopExtensions.js';

export interface ShopContextValue {
  shop: ShopConfig;
  openProduct: (product: ProductSummary) => void;
  extensions: ShopExtensions;
}

export const ShopContext = createContext<ShopContextValue | null>(null);

export function useShopContext(): ShopContextValue {
  const value = use(ShopContext);
  if (!value) throw new Error('useShopContext must be used inside a shop page.');
  return value;
}
