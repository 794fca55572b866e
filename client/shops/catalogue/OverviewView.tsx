import type { UseQueryResult } from '@tanstack/react-query';
import type { CatalogOverview } from '../../../shared/schemas/catalog.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { countOf } from '../../ui/plural.js';
import { StatusMessage } from '../../ui/StatusMessage.js';
import { ListQueryFallback } from './ListQueryFallback.js';
import { CategoryRows } from './CategoryRows.js';
import { SectionTitle } from './SectionTitle.js';
import { TopProductsStrip } from './TopProductsStrip.js';
import stale from './Stale.module.css';
import styles from './OverviewView.module.css';

interface OverviewViewProps {
  shop: ShopConfig;
  query: UseQueryResult<CatalogOverview>;
  searchQuery: string;
  onChooseCategory: (category: string) => void;
  onReset: () => void;
}

function countProducts(overview: CatalogOverview): number {
  return overview.groups.reduce(
    (sum, group) => sum + group.rows.reduce((rows, row) => rows + row.count, 0),
    0,
  );
}

/**
 * No category chosen: the TOP strip (where the shop shows it) and a row per sub-category (docs/product.md §2).
 * While a search is active the rows alone list the matches: the strip would show them a second time.
 */
export function OverviewView({ shop, query, searchQuery, onChooseCategory, onReset }: OverviewViewProps) {
  const total = query.data ? countProducts(query.data) : undefined;
  const subtitle = total === undefined ? undefined : countOf(total, 'product');
  const title = <SectionTitle title={shop.name} subtitle={subtitle} searchQuery={searchQuery} />;

  if (query.isPending || query.isError) {
    return (
      <>
        {title}
        <ListQueryFallback query={query} errorTitle="We could not load the shop." />
      </>
    );
  }
  if (total === 0) {
    return (
      <>
        {title}
        <StatusMessage
          title="No products found."
          action={searchQuery ? { label: 'Clear search', onClick: onReset } : undefined}
        >
          {searchQuery
            ? `Nothing matches “${searchQuery}”. Try another word.`
            : 'This shop has no products yet.'}
        </StatusMessage>
      </>
    );
  }
  return (
    <>
      {title}
      <div
        className={`${styles.sections} ${query.isPlaceholderData ? stale.stale : ''}`}
        aria-busy={query.isPlaceholderData}
      >
        {shop.showTopProducts && !searchQuery && <TopProductsStrip items={query.data.top} />}
        <CategoryRows
          groups={query.data.groups}
          onChooseCategory={onChooseCategory}
          firstRowImages={shop.showTopProducts && !searchQuery ? 'eager' : 'high'}
        />
      </div>
    </>
  );
}
