import type { AffiliateProduct } from '../../../shared/schemas/catalog.js';
import { Icon } from '../../ui/Icon.js';
import { useRetailerName } from '../../ui/useRetailerName.js';
import { externalUrl } from './externalUrl.js';
import styles from './BuyButton.module.css';

interface BuyButtonProps {
  product: Pick<AffiliateProduct, 'availability' | 'link'>;
  size?: 'md' | 'lg';
}

/** The affiliate buy action (docs/product.md §1): a link to the retailer, or a dead 'Out of Stock' button. */
export function BuyButton({ product, size = 'md' }: BuyButtonProps) {
  const retailerName = useRetailerName();
  const className = `${styles.button} ${styles[size]}`;
  if (product.availability === 'NO') {
    return (
      <button type="button" className={`${className} ${styles.out}`} disabled>
        Out of Stock
      </button>
    );
  }
  const label = retailerName ? `Buy from ${retailerName.toUpperCase()}` : 'Buy now';
  const href = externalUrl(product.link);
  if (!href) {
    return (
      <button type="button" className={className} disabled>
        {label}
      </button>
    );
  }
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer sponsored">
      {label}
      <Icon name="external" size={16} />
    </a>
  );
}
