import type { ShopConfig } from '../../../shared/shops.js';
import { ProductModal } from './ProductModal.js';
import { useProductDialog } from './useProductDialog.js';

/** Shows the product modal while the URL carries `?product={id}`. */
export function ProductModalHost({ shop }: { shop: ShopConfig }) {
  const { productId, listUpdatedAt, close } = useProductDialog();
  if (productId === null) return null;
  return (
    <ProductModal key={productId} shop={shop} id={productId} listUpdatedAt={listUpdatedAt} onClose={close} />
  );
}
