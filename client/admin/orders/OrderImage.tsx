import { useState } from 'react';
import type { AdminOrder } from '../../../shared/schemas/buying.js';
import { productPreviewUrl } from '../../../shared/rules/images.js';
import { orderShop } from './orderFormat.js';
import styles from './OrderCard.module.css';

/** The product's preview image from its shop's folder; nothing at all when it is missing (docs/product.md §2). */
export function OrderImage({ order }: { order: AdminOrder }) {
  const [missing, setMissing] = useState(false);
  const shop = orderShop(order);
  // imagecount 0: the product (or every image of it) was deleted since, so there is nothing to ask for.
  const src = shop ? productPreviewUrl(shop.imageFolder, order) : null;
  if (!src || missing) return null;
  return (
    <img
      className={styles.image}
      src={src}
      alt=""
      width={88}
      height={88}
      loading="lazy"
      decoding="async"
      onError={() => setMissing(true)}
    />
  );
}
