/**
 * The product dialog lives in the URL as `?product={id}` (docs/product.md §2): opening pushes a history entry,
 * so Back closes it, and a copied link opens the same product on load.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../app/router.js';
import type { ProductSummary } from '../../../shared/schemas/catalog.js';

export const PRODUCT_PARAM = 'product';

interface DialogState {
  productDialog: true;
  listUpdatedAt: string;
}

function isDialogState(state: unknown): state is DialogState {
  return typeof state === 'object' && state !== null && 'productDialog' in state && 'listUpdatedAt' in state;
}

export function parseProductId(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

export function useOpenProduct(): (product: ProductSummary) => void {
  const navigate = useNavigate();
  return useCallback(
    (product: ProductSummary) => {
      const state: DialogState = { productDialog: true, listUpdatedAt: product.updated_at };
      void navigate({ search: `?${PRODUCT_PARAM}=${product.id}` }, { state });
    },
    [navigate],
  );
}

export function useProductDialog() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const openedHere = isDialogState(state);

  const close = useCallback(() => {
    // Opened from a card: step back so the history stays as it was. From a link: drop the param.
    if (openedHere) void navigate(-1);
    else void navigate({ search: '' }, { replace: true });
  }, [navigate, openedHere]);

  return {
    productId: parseProductId(params.get(PRODUCT_PARAM)),
    listUpdatedAt: openedHere ? state.listUpdatedAt : undefined,
    close,
  };
}
