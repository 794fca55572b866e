import { useState } from 'react';
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
import { emptySelection, type Selection } from './selection.js';
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
  const filter = (next: AdminProductsQuery) => {
    setParams(productsSearchFor({ ...next, page: 1 }));
    // A new filter is a new set of products: what was chosen under the old one is not carried over.
    setSelection(emptySelection);
  };

  return (
    <main className={panel.page}>
      <ProductsHeader shop={shop} />
      <CsvTools shop={shop} />
      <ProductsFilters shop={shop} query={query} onChange={filter} />
      <BulkBar
        shop={shop}
        query={query}
        selection={selection}
        total={products.data?.total ?? 0}
        onSelectAll={() => setSelection({ ids: new Set(), allMatching: true })}
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
