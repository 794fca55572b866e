import { lazy, Suspense, useEffect } from 'react';
import type { ShopConfig } from '../../../shared/shops.js';
import { useProductDialog } from './useProductDialog.js';

// The modal (details, gallery, fullscreen, focus trap) is not needed to paint a shop, so it is its own
// chunk: fetched while the browser is idle after the first view, or at once when a product is opened.
const loadProductModal = () => import('./ProductModal.js');
const ProductModal = lazy(() => loadProductModal().then((m) => ({ default: m.ProductModal })));

/** Fetches the modal's chunk once the page has settled, so opening a product does not wait for it. */
function usePreloadWhenIdle(): void {
  useEffect(() => {
    const preload = () => void loadProductModal().catch(() => undefined);
    // Safari before 18 has no requestIdleCallback.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = globalThis.setTimeout(preload, 3000);
      return () => globalThis.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(preload, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
}

/** Shows the product modal while the URL carries `?product={id}`. */
export function ProductModalHost({ shop }: { shop: ShopConfig }) {
  const { productId, listUpdatedAt, close } = useProductDialog();
  usePreloadWhenIdle();
  if (productId === null) return null;
  return (
    <Suspense fallback={null}>
      <ProductModal
        key={productId}
        shop={shop}
        id={productId}
        listUpdatedAt={listUpdatedAt}
        onClose={close}
      />
    </Suspense>
  );
}
