import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminProductsResponse } from '../../../shared/schemas/adminProducts.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { ProductRow } from './ProductRow.js';
import { type Selection, toggleId, togglePage } from './selection.js';
import styles from './Products.module.css';

interface ProductsTableProps {
  shop: ShopConfig;
  products: UseQueryResult<AdminProductsResponse>;
  selection: Selection;
  onSelect: (selection: Selection) => void;
}

/** One page of products: a tick box per row and one for the page, preview, fields, and a link to edit. */
export function ProductsTable({ shop, products, selection, onSelect }: ProductsTableProps) {
  if (products.isPending) return <p className={styles.loading}>Loading products…</p>;
  if (!products.data) return null;
  const { items } = products.data;
  if (items.length === 0) return <p className={styles.loading}>No products match.</p>;
  const pageIds = items.map((item) => item.id);
  const pageTicked = selection.allMatching !== null || pageIds.every((id) => selection.ids.has(id));

  return (
    <div className={styles.tableWrap} aria-busy={products.isPlaceholderData}>
      <table className={styles.table}>
        <caption className="visually-hidden">Products of the {shop.name}</caption>
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select every product on this page"
                checked={pageTicked}
                onChange={() => onSelect(togglePage(selection, pageIds))}
              />
            </th>
            <th scope="col">Image</th>
            <th scope="col">ID</th>
            <th scope="col">Title</th>
            <th scope="col">Category</th>
            <th scope="col">Price</th>
            <th scope="col">{shop.sells === 'on-site' ? 'Stock' : 'Available'}</th>
            <th scope="col">Views</th>
            {shop.sells === 'links-out' && (
              <>
                <th scope="col">Clicks (30 days)</th>
                <th scope="col" title="Buy clicks of the last 30 days per view (views are all-time)">
                  Clicks / view
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <ProductRow
              key={item.id}
              shop={shop}
              product={item}
              selected={selection.allMatching !== null || selection.ids.has(item.id)}
              onToggle={() => onSelect(toggleId(selection, item.id, pageIds))}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
