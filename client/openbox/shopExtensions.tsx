/**
 * What the open-box features plug into the shop engine's slots (client/shops/page/shopExtensions.ts).
 * The route table asks for them by registry flags, never by shop name. The header and card pieces
 * load with the shop page and stay tiny; the modal's offer, which grows with the cart and chat,
 * loads when a product is opened.
 */
import { lazy, Suspense } from 'react';
import type { ShopConfig } from '../../shared/shops.js';
import type { ShopExtensions } from '../shops/page/shopExtensions.js';
import { OpenBoxHeaderActions } from './header/OpenBoxHeaderActions.js';
import { OpenboxCardOffer } from './offer/OpenboxCardOffer.js';

const OpenBoxOffer = lazy(() => import('./offer/OpenBoxOffer.js').then((m) => ({ default: m.OpenBoxOffer })));

/** The extensions of a shop that sells on site (open-box stock, cart); undefined for one that links out. */
export function openBoxExtensions(shop: ShopConfig): ShopExtensions | undefined {
  if (shop.sells !== 'on-site') return undefined;
  return {
    headerActions: <OpenBoxHeaderActions />,
    renderOffer: (product) =>
      product.kind === 'openbox' ? (
        <Suspense fallback={null}>
          <OpenBoxOffer product={product} store={shop.key} />
        </Suspense>
      ) : undefined,
    renderCardOffer: (product, open) =>
      product.kind === 'openbox' ? <OpenboxCardOffer product={product} onOpen={open} /> : undefined,
  };
}
