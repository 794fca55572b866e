import { useEffect, useState } from 'react';
import type { ShopConfig } from '../../../shared/shops.js';
import type { AdminProductsQuery } from '../../../shared/schemas/adminProducts.js';
import { useSearchParams } from '../../app/router.js';
import { useAdminProductsQuery } from '../api/adminProducts.js';
import { OrdersPager } from '../orders/OrdersPager.js';
import panel from '../panel/AdminPanel.module.css';
import { BulkBar } from './BulkBar.js';
import { CsvTools } from './CsvTools.js';
import { ProductsFilters } from './ProductsFilters.js';
import { ProductsHeader } from './ProductsHeader.js';
import { ProductsTable } from './ProductsTable.js';
import { productsQueryFrom, productsSearchFor } from './productsQuery.js';
import { emptySelection, filterKey, selectAllMatching, type Selection } from './selection.js';
import styles from './Products.module.css';

/**
 * Every product of a shop, a page of 50 at a time, with filters and sort in the address bar, and bulk
 * actions over the chosen rows or over all that match.
 */
export function ProductsScreen({ shop }: { shop: ShopConfig }) {
  const [params, setParams] = useSearchParams();
  const query = productsQueryFrom(shop.key, params);
  const products = useAdminProductsQuery(query);
  const [selection, setSelection] = useState<Selection>(emptySelection);

  const showPage = (page: number) => setParams(productsSearchFor({ ...query, page }));
  const filter = (next: AdminProductsQuery) => setParams(productsSearchFor({ ...next, page: 1 }));
  // A new filter (typed, or by Back and Forward) is a new set of products: nothing chosen carries over.
  const key = filterKey(query);
  useEffect(() => setSelection(emptySelection), [key]);
  // While another page or filter loads, the count in hand is the old one's: nothing to choose all of.
  const settled = products.data !== undefined && !products.isPlaceholderData;

  return (
    <main className={panel.page}>
      <ProductsHeader shop={shop} />
      <CsvTools shop={shop} />
      <ProductsFilters shop={shop} query={query} onChange={filter} />
      <BulkBar
        shop={shop}
        selection={selection}
        total={settled ? products.data.total : 0}
        onSelectAll={() => setSelection(selectAllMatching(query))}
        onDone={() => setSelection(emptySelection)}
      />
      <ProductsTable shop={shop} products={products} selection={selection} onSelect={setSelection} />
      {products.data && (
        <OrdersPager
          label="Product pages"
          current={query.page}
          total={Math.ceil(products.data.total / products.data.pageSize)}
          onChange={showPage}
        />
      )}
      {products.isError && (
        <p role="alert" className={styles.error}>
          Could not load the products: {products.error.message}
        </p>
      )}
    </main>
  );
}
