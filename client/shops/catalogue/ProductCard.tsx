import { previewImageUrl } from '../../../shared/rules.js';
import type { AffiliateProduct, ProductSummary } from '../../../shared/schemas/catalog.js';
import { Stars } from '../../ui/Stars.js';
import { BuyButton } from '../product/BuyButton.js';
import { Prices } from '../product/Prices.js';
import { ProductImage } from './ProductImage.js';
import { useShopContext } from '../page/ShopContext.js';
import styles from './ProductCard.module.css';

function AffiliateDetails({ product, hasRating }: { product: AffiliateProduct; hasRating: boolean }) {
  return (
    <>
      <Prices price={product.price} typicalPrice={product.typical_price} />
      {hasRating && <Stars rate={product.rate} size="sm" />}
      <div className={styles.action}>
        <BuyButton product={product} />
      </div>
    </>
  );
}

/** A product in a row or grid: picture, title, prices and the buy action; the card opens the modal. */
export function ProductCard({
  product,
  eagerImage = false,
}: {
  product: ProductSummary;
  eagerImage?: boolean;
}) {
  const { shop, openProduct, extensions } = useShopContext();
  const open = () => openProduct(product);
  return (
    <article className={styles.card} data-testid="product-card">
      <ProductImage
        src={previewImageUrl(shop.imageFolder, product.id, product.updated_at)}
        alt={product.title}
        eager={eagerImage}
      />
      <div className={styles.body}>
        <h3 className={styles.title}>
          <button type="button" className={styles.open} onClick={open}>
            {product.title}
          </button>
        </h3>
        {extensions.renderCardOffer?.(product, open) ??
          (product.kind === 'affiliate' && <AffiliateDetails product={product} hasRating={shop.hasRating} />)}
      </div>
    </article>
  );
}
