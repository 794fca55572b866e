import { CARD_IMAGE_WIDTHS } from '../../../shared/constants.js';
import { imageSrcSet, imageVariantUrl } from '../../../shared/rules.js';
import type { AffiliateProduct, ProductSummary } from '../../../shared/schemas/catalog.js';
import { Stars } from '../../ui/Stars.js';
import { BuyButton } from '../product/BuyButton.js';
import { Prices } from '../product/Prices.js';
import { ProductImage, type ImagePriority } from './ProductImage.js';
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

/** Rows draw a card 220 px wide; the phone grid two to a row; wider grids up to about 260 px. */
const CARD_IMAGE_SIZES = '(max-width: 640px) 50vw, 260px';

/** A product in a row or grid: picture, title, prices and the buy action; the card opens the modal. */
export function ProductCard({
  product,
  imagePriority = 'lazy',
}: {
  product: ProductSummary;
  imagePriority?: ImagePriority;
}) {
  const { shop, openProduct, extensions } = useShopContext();
  const open = () => openProduct(product);
  const folder = shop.imageFolder;
  return (
    <article className={styles.card} data-testid="product-card">
      <ProductImage
        src={imageVariantUrl(folder, product.id, 1, 320, product.updated_at)}
        srcSet={imageSrcSet(folder, product.id, 1, CARD_IMAGE_WIDTHS, product.updated_at)}
        sizes={CARD_IMAGE_SIZES}
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
          (product.kind === 'affiliate' && <AffiliateDetails product={product} hasRating={shop.hasRating} />)}
      </div>
    </article>
  );
}
