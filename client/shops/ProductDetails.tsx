import { galleryImageUrls } from '../../shared/rules.js';
import type { ProductDetail } from '../../shared/schemas/catalog.js';
import type { ShopConfig } from '../../shared/shops.js';
import { AffiliateOffer } from './AffiliateOffer.js';
import { OpenBoxOffer } from './OpenBoxOffer.js';
import { ProductDescription } from './ProductDescription.js';
import { ProductGallery } from './ProductGallery.js';
import styles from './ProductDetails.module.css';

/** The modal's content: gallery, id, title, offer (affiliate or open-box) and the description. */
export function ProductDetails({ product, shop }: { product: ProductDetail; shop: ShopConfig }) {
  const images = galleryImageUrls(shop.imageFolder, product.id, product.imagecount, product.updated_at);
  return (
    <article className={styles.details}>
      <div className={styles.top}>
        <ProductGallery images={images} title={product.title} />
        <div className={styles.info}>
          <p className={styles.meta}>
            <span className={styles.id}>ID: {product.id}</span>
            <span>
              {product.main_category} › {product.category}
            </span>
          </p>
          <h2 className={styles.title}>{product.title}</h2>
          {product.kind === 'affiliate' ? (
            <AffiliateOffer product={product} hasRating={shop.hasRating} />
          ) : (
            <OpenBoxOffer product={product} />
          )}
        </div>
      </div>
      <ProductDescription html={product.description} />
    </article>
  );
}
