import type { MouseEvent } from 'react';
import type { AffiliateProduct } from '../../../shared/schemas/catalog.js';
import type { ShopKey } from '../../../shared/shops.js';
import { recordClick } from '../../endpoints/recordClick.js';
import { Icon } from '../../ui/Icon.js';
import { useRetailerName } from '../../ui/useRetailerName.js';
import { externalUrl } from './externalUrl.js';
import styles from './BuyButton.module.css';

interface BuyButtonProps {
  shop: ShopKey;
  product: Pick<AffiliateProduct, 'id' | 'availability' | 'link'>;
  size?: 'md' | 'lg';
}

/**
 * What a press of the Buy link does besides following it (issue 29): the click is counted by a beacon,
 * a left click or a middle click (a new tab) alike. The link itself is untouched.
 */
export function buyClickHandler(shop: ShopKey, id: number) {
  return (event: Pick<MouseEvent, 'button'>) => {
    if (event.button === 0 || event.button === 1) recordClick(shop, id);
  };
}

/**
 * The affiliate buy action (docs/product.md §1): a link to the retailer (rel sponsored, no redirect of
 * ours), or a dead 'Out of Stock' button.
 */
export function BuyButton({ shop, product, size = 'md' }: BuyButtonProps) {
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
  const onClick = buyClickHandler(shop, product.id);
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener noreferrer sponsored"
      onClick={onClick}
      onAuxClick={onClick}
    >
      {label}
      <Icon name="external" size={16} />
    </a>
  );
}
