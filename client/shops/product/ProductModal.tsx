import type { ShopConfig } from '../../../shared/shops.js';
import { useProductQuery } from '../../endpoints/product.js';
import { ModalShell } from '../../ui/ModalShell.js';
import { StatusMessage } from '../../ui/StatusMessage.js';
import { ProductDetails } from './ProductDetails.js';
import { useRecordViewOnce } from './useRecordViewOnce.js';
import styles from './ProductModal.module.css';

interface ProductModalProps {
  shop: ShopConfig;
  id: number;
  listUpdatedAt: string | undefined;
  onClose: () => void;
}

/** The product dialog: loads the full product (through the product cache) and records a view. */
export function ProductModal({ shop, id, listUpdatedAt, onClose }: ProductModalProps) {
  const query = useProductQuery({ shop: shop.key, id, listUrl: shop.route, listUpdatedAt });
  useRecordViewOnce(shop.key, id);

  if (query.isPending) {
    return (
      <ModalShell label="Loading product" onClose={onClose}>
        <div className={styles.loading} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          Loading product…
        </div>
      </ModalShell>
    );
  }
  if (query.isError) {
    return (
      <ModalShell label="Product unavailable" onClose={onClose} size="md">
        <div className={styles.error}>
          <StatusMessage
            title="This product could not be loaded."
            tone="error"
            action={{ label: 'Go back', onClick: onClose }}
          >
            {query.error.message}
          </StatusMessage>
        </div>
      </ModalShell>
    );
  }
  return (
    <ModalShell label={query.data.title} onClose={onClose}>
      <ProductDetails product={query.data} shop={shop} />
    </ModalShell>
  );
}
