import { MARKETPLACES, type MarketplaceField } from '../../../shared/shops.js';
import { Icon } from '../../ui/Icon.js';
import { externalUrl } from '../../shops/product/externalUrl.js';
import styles from './MarketplaceLinks.module.css';

/** The product's listings on external marketplaces; each shown only if present (docs/product.md §2). */
export function MarketplaceLinks({ product }: { product: Record<MarketplaceField, string> }) {
  const links = MARKETPLACES.flatMap((marketplace) => {
    const href = externalUrl(product[marketplace.field]);
    return href ? [{ ...marketplace, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <div className={styles.wrap}>
      <p className={styles.title}>Also listed on</p>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.field}>
            <a className={styles.link} href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <Icon name="external" size={14} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
