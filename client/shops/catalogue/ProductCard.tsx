import { memo } from 'react';
import { cardPicture } from '../../../shared/rules/images.js';
import type { AffiliateProduct, ProductSummary } from '../../../shared/schemas/catalog.js';
import type { ShopKey } from '../../../shared/shops.js';
import { Stars } from '../../ui/Stars.js';
import { BuyButton } from '../product/BuyButton.js';
import { Prices } from '../product/Prices.js';
import { ProductImage, type ImagePriority } from './ProductImage.js';
import { useShopContext } from '../page/ShopContext.js';
import styles from './ProductCard.module.css';

function AffiliateDetails({
  shop,
  product,
  hasRating,
}: {
  shop: ShopKey;
  product: AffiliateProduct;
  hasRating: boolean;
}) {
  return (
    <>
      <Prices price={product.price} typicalPrice={product.typical_price} stale={product.price_stale} />
      {hasRating && <Stars rate={product.rate} size="sm" />}
      <div className={styles.action}>
        <BuyButton shop={shop} product={product} />
      </div>
    </>
  );
}

/**
 * A product in a row or grid: picture, title, prices and the buy action; the card opens the modal.
 * Memoized: each slice that adds cards to a row renders the row again (useSlicedCount), and the cards
 * already shown have not changed.
 */
export const ProductCard = memo(function ProductCard({
  product,
  imagePriority = 'lazy',
}: {
  product: ProductSummary;
  imagePriority?: ImagePriority;
}) {
  const { shop, openProduct, extensions } = useShopContext();
  const open = () => openProduct(product);
  const picture = cardPicture(shop.imageFolder, product);
  return (
    <article className={styles.card} data-testid="product-card">
      <ProductImage
        src={picture?.src ?? null}
        srcSet={picture?.srcSet}
        sizes={picture?.sizes}
        alt={product.title}
        priority={imagePriority}
      />
      <div className={styles.body}>
        <h3 className={styles.title}>
          <button type="button" className={styles.open} onClick={open}>
            {product.title}
          </button>
        </h3>
        {extensions.renderCardOffer?.(product, open) ??
          (product.kind === 'affiliate' && (
            <AffiliateDetails shop={shop.key} product={product} hasRating={shop.hasRating} />
          ))}
      </div>
    </article>
  );
});
