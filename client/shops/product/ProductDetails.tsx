import { modalLines } from '../../../shared/productFields.js';
import { productPageTitle } from '../../../shared/rules/display.js';
import { galleryImageUrls } from '../../../shared/rules/images.js';
import type { ProductDetail } from '../../../shared/schemas/catalog.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { AffiliateOffer } from './AffiliateOffer.js';
import { useShopContext } from '../page/ShopContext.js';
import { ProductDescription } from './ProductDescription.js';
import { NoPictures } from '../gallery/NoPictures.js';
import { ProductGallery } from '../gallery/ProductGallery.js';
import styles from './ProductDetails.module.css';

function DefaultOffer({ product, shop }: { product: ProductDetail; shop: ShopConfig }) {
  return product.kind === 'affiliate' ? (
    <AffiliateOffer
      shop={shop.key}
      product={product}
      hasRating={shop.hasRating}
      showsPriceDate={shop.showsPriceDate}
    />
  ) : null;
}

/**
 * The modal's content: gallery, id, title, the offer (the shop's offer slot, else affiliate), the lines
 * of the registry fields that have one, and the description.
 */
export function ProductDetails({ product, shop }: { product: ProductDetail; shop: ShopConfig }) {
  const { extensions } = useShopContext();
  // Lines the product-field registry gives fields of this shop (shared/productFields.ts), e.g. the warranty.
  const facts = modalLines(shop, product);
  const images = galleryImageUrls(shop.imageFolder, product.id, product.imagecount, product.updated_at);
  return (
    <article className={styles.details}>
      <title>{productPageTitle(product.title, shop)}</title>
      <div className={styles.top}>
        {images.length > 0 ? (
          <ProductGallery images={images} title={product.title} />
        ) : (
          <NoPictures title={product.title} />
        )}
        <div className={styles.info}>
          <p className={styles.meta}>
            <span className={styles.id}>ID: {product.id}</span>
            <span>
              {product.main_category} › {product.category}
            </span>
          </p>
          <h2 className={styles.title}>{product.title}</h2>
          {extensions.renderOffer?.(product) ?? <DefaultOffer product={product} shop={shop} />}
          {facts.length > 0 && (
            <ul className={styles.facts}>
              {facts.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <ProductDescription html={product.description} />
    </article>
  );
}
