import { useEffect } from 'react';
import { PAGE_SIZE } from '../../../shared/constants.js';
import { pageCount } from '../../../shared/rules/display.js';
import type { ShopConfig, SortMode } from '../../../shared/shops.js';
import { useCatalogPageQuery } from '../../endpoints/catalogPage.js';
import { countOf } from '../../ui/plural.js';
import { StatusMessage } from '../../ui/StatusMessage.js';
import { ListQueryFallback } from './ListQueryFallback.js';
import { Pagination } from './Pagination.js';
import { ProductGrid } from './ProductGrid.js';
import { SectionTitle } from './SectionTitle.js';
import type { ShopViewActions } from '../page/usePersistentShopState.js';
import styles from './Stale.module.css';

interface CategoryViewProps {
  shop: ShopConfig;
  category: string;
  searchQuery: string;
  sort: SortMode | undefined;
  page: number;
  actions: ShopViewActions;
}

/** A chosen category: its name as the title, a grid of 25 per page and the page buttons (docs/product.md §2). */
export function CategoryView({ shop, category, searchQuery, sort, page, actions }: CategoryViewProps) {
  const query = useCatalogPageQuery({ shop: shop.key, q: searchQuery, category, sort, page });
  const pages = query.data ? pageCount(query.data.total, PAGE_SIZE) : 1;
  const beyondLastPage = query.data !== undefined && !query.isPlaceholderData && page > pages;

  useEffect(() => {
    if (beyondLastPage) actions.goToPage(pages); // A remembered page past the end, e.g. after a search.
  }, [beyondLastPage, pages, actions]);

  const back = { label: 'Back to all categories', onClick: () => actions.chooseCategory(null) };
  const subtitle = query.data ? countOf(query.data.total, 'product') : undefined;
  const title = <SectionTitle title={category} subtitle={subtitle} searchQuery={searchQuery} back={back} />;

  if (query.isPending || query.isError) {
    return (
      <>
        {title}
        <ListQueryFallback query={query} errorTitle="We could not load these products." />
      </>
    );
  }
  if (query.data.items.length === 0) {
    return (
      <>
        {title}
        <StatusMessage title="No products found." action={{ ...back, label: 'Show all categories' }}>
          {searchQuery
            ? `Nothing in ${category} matches “${searchQuery}”.`
            : `${category} has no products yet.`}
        </StatusMessage>
      </>
    );
  }
  return (
    <>
      {title}
      <div className={query.isPlaceholderData ? styles.stale : undefined} aria-busy={query.isPlaceholderData}>
        <ProductGrid items={query.data.items} label={category} />
      </div>
      <Pagination page={Math.min(page, pages)} pageCount={pages} onChange={actions.goToPage} />
    </>
  );
}
