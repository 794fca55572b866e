/**
 * The slots a feature outside the shop engine (the open-box cart, payments, chat) fills in, so the
 * engine never imports it: the route table hands a shop's extensions to ShopPage. Every slot is
 * optional; an empty one shows the engine's default (the affiliate offer) or nothing.
 */
import type { ReactNode } from 'react';
import type { ProductDetail, ProductSummary } from '../../../shared/schemas/catalog.js';

export interface ShopExtensions {
  /** Controls in the header before the theme toggle. They load with the shop page: keep them tiny. */
  headerActions?: ReactNode;
  /** The buying block of the product modal; null or undefined falls back to the default offer. */
  renderOffer?: (product: ProductDetail) => ReactNode;
  /** The price and action part of a catalogue card; `open` opens the product modal. */
  renderCardOffer?: (product: ProductSummary, open: () => void) => ReactNode;
}

export const NO_EXTENSIONS: ShopExtensions = {};
