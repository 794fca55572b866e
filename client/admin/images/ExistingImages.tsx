import { useId } from 'react';
import type { ShopConfig } from '../../../shared/shops.js';
import { useDeleteProductImageMutation } from '../api/deleteProductImage.js';
import { useProductImagesQuery } from '../api/productImages.js';
import { Icon } from '../../ui/Icon.js';
import controls from '../ui/Controls.module.css';
import styles from './Images.module.css';

interface ExistingImagesProps {
  shop: ShopConfig;
  productId: string | null;
  /** The version (updated_at) the edit form holds, sent with each delete. */
  heldVersion: string | null;
  /** Told the product's new version when a delete was the only change since the form's version. */
  onVersion: (version: string) => void;
}

/** The loaded product's stored images, each with a delete button (docs/product.md §2 'Product Images'). */
export function ExistingImages({ shop, productId, heldVersion, onVersion }: ExistingImagesProps) {
  const headingId = useId();
  const imagesQuery = useProductImagesQuery(shop.key, productId);
  const deleteImage = useDeleteProductImageMutation();
  const images = productId === null ? [] : (imagesQuery.data ?? []);
  // The list is renumbered after each delete, so the names repeat: make each version its own URL.
  const version = imagesQuery.dataUpdatedAt;

  const remove = (fileName: string) => {
    if (!productId) return;
    deleteImage.mutate(
      { shop: shop.key, id: productId, fileName, heldVersion: heldVersion ?? undefined },
      {
        onSuccess: (answer) => {
          if (answer.updated_at) onVersion(answer.updated_at);
        },
        onError: (error) => {
          console.error(error);
          window.alert('Error deleting the image');
        },
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Product Images
      </h3>
      {images.length === 0 ? (
        <p className={controls.hint}>
          {productId === null ? 'Load a product to see its images.' : 'No images yet.'}
        </p>
      ) : (
        <ul className={styles.previews}>
          {images.map((fileName, index) => (
            <li key={`${fileName}-${version}`} className={styles.preview}>
              <img
                src={`/api/images/${shop.imageFolder}/${encodeURIComponent(productId ?? '')}/${fileName}?v=${version}`}
                alt={`Product image ${index + 1}`}
                className={styles.thumb}
                loading="lazy"
              />
              <span className={styles.badge} aria-hidden="true">
                {index + 1}
              </span>
              <div className={styles.previewActions}>
                <button
                  type="button"
                  className={`${styles.iconButton} ${styles.deleteButton}`}
                  aria-label={`Delete ${fileName}`}
                  disabled={deleteImage.isPending}
                  onClick={() => remove(fileName)}
                >
                  <Icon name="close" size={16} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
