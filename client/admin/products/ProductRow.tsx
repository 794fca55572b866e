import type { AdminProductItem } from '../../../shared/schemas/adminProducts.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { formatDollars } from '../../../shared/rules/money.js';
import { Link } from '../../app/router.js';
import styles from './Products.module.css';

interface ProductRowProps {
  shop: ShopConfig;
  product: AdminProductItem;
  selected: boolean;
  onToggle: () => void;
}

export function ProductRow({ shop, product, selected, onToggle }: ProductRowProps) {
  return (
    <tr className={selected ? styles.selectedRow : undefined}>
      <td>
        <input
          type="checkbox"
          aria-label={`Select ${product.title}`}
          checked={selected}
          onChange={onToggle}
        />
      </td>
      <td>
        {product.preview ? (
          <img
            className={styles.preview}
            src={product.preview}
            alt=""
            width={48}
            height={48}
            loading="lazy"
          />
        ) : (
          <span className={styles.noPreview} role="img" aria-label="No image" />
        )}
      </td>
      <td className={styles.number}>{product.id}</td>
      <td>
        {/* The panel opens on its Edit tab for this id. */}
        <Link to={`${shop.adminRoute}?edit=${product.id}`} className={styles.titleLink}>
          {product.title}
        </Link>
      </td>
      <td>
        {product.main_category} › {product.category}
      </td>
      <td className={styles.number}>{formatDollars(product.price)}</td>
      <td className={styles.number}>
        {shop.sells === 'on-site' ? product.stock : product.availability === 'YES' ? 'Yes' : 'No'}
      </td>
      <td className={styles.number}>{product.views}</td>
      {shop.sells === 'links-out' && (
        <>
          <td className={styles.number}>{product.clicks_30d}</td>
          <td className={styles.number}>
            {product.clicks_per_view === null ? '–' : `${(product.clicks_per_view * 100).toFixed(1)}%`}
          </td>
        </>
      )}
    </tr>
  );
}
