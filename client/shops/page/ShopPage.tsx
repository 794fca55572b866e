/**
 * The one shop engine: every shop route renders this with its registry entry. Differences between
 * shops come only from the entry's flags (sorts, showTopProducts, showCategoryTotals, sells…)
 * and from the extensions the route table plugs in (header actions, offers; see shopExtensions.ts).
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../app/router.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { sortModeFor } from '../../../shared/rules/sorting.js';
import { useCatalogOverviewQuery } from '../../endpoints/catalogOverview.js';
import { BRAND_NAME } from '../../ui/brand.js';
import { SkeletonGrid } from '../catalogue/SkeletonGrid.js';
import { ScrollToTopButton } from '../../ui/ScrollToTopButton.js';
import { scrollToTop } from '../../ui/useWindowScroll.js';
import { Header } from './Header.js';
import { OverviewView } from '../catalogue/OverviewView.js';
import { ProductModalHost } from '../product/ProductModalHost.js';
import { SearchBar } from './SearchBar.js';
import { SkipLink } from '../../ui/SkipLink.js';
import { ShopContext } from './ShopContext.js';
import { NO_EXTENSIONS, type ShopExtensions } from './shopExtensions.js';
import type { ShopViewState } from './shopViewState.js';
import { Sidebar } from './Sidebar.js';
import { parseProductId, PRODUCT_PARAM, useOpenProduct } from '../product/useProductDialog.js';
import { usePersistentShopState } from './usePersistentShopState.js';
import styles from './ShopPage.module.css';

/** The sort to ask the server for; undefined means the shop's default order. */
function sortParam(view: ShopViewState, shop: ShopConfig) {
  const mode = sortModeFor(view.sort, shop);
  return mode !== shop.defaultSort && shop.sorts.includes(mode) ? mode : undefined;
}

/** Where the skip link takes focus: the title and products under the search bar. */
const PRODUCTS_ID = 'products';

// A chosen category is the second view: its grid and pager load when first asked for.
const CategoryView = lazy(() =>
  import('../catalogue/CategoryView.js').then((m) => ({ default: m.CategoryView })),
);

type SidebarState = 'closed' | 'hover' | 'button';

interface ShopPageProps {
  shop: ShopConfig;
  /** Keep the same object between renders (the route table makes one per shop). */
  extensions?: ShopExtensions;
}

export function ShopPage({ shop, extensions = NO_EXTENSIONS }: ShopPageProps) {
  const [view, actions] = usePersistentShopState(shop.route);
  const [draft, setDraft] = useState(view.searchQuery);
  const [sidebar, setSidebar] = useState<SidebarState>('closed');
  const openProduct = useOpenProduct();
  // An open product's details name the page (React shows the latest <title> mounted, so the shop's steps aside).
  const [params] = useSearchParams();
  const productOpen = parseProductId(params.get(PRODUCT_PARAM)) !== null;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const sort = sortParam(view, shop);
  const overview = useCatalogOverviewQuery({ shop: shop.key, q: view.searchQuery, sort });

  const context = useMemo(() => ({ shop, openProduct, extensions }), [shop, openProduct, extensions]);
  const closeSidebar = useCallback(() => setSidebar('closed'), []);
  const hoverOpen = useCallback(
    () => setSidebar((current) => (current === 'closed' ? 'hover' : current)),
    [],
  );

  const reset = () => {
    actions.reset();
    setDraft('');
    scrollToTop();
  };
  const chooseCategory = (category: string) => {
    actions.chooseCategory(category);
    scrollToTop();
  };

  return (
    <ShopContext value={context}>
      {!productOpen && (
        <title>{view.selectedCategory ? `${view.selectedCategory} | ${BRAND_NAME}` : shop.seoTitle}</title>
      )}
      <SkipLink targetId={PRODUCTS_ID}>Skip to products</SkipLink>
      <Header
        shop={shop}
        menuButtonRef={menuButtonRef}
        actions={extensions.headerActions}
        sidebarOpen={sidebar !== 'closed'}
        onOpenMenu={() => setSidebar('button')}
      />
      <Sidebar
        shop={shop}
        open={sidebar !== 'closed'}
        focusOnOpen={sidebar === 'button'}
        onHoverEdge={hoverOpen}
        onClose={closeSidebar}
        menuButtonRef={menuButtonRef}
        overview={overview.data}
        view={view}
        actions={actions}
      />
      <main className={styles.main}>
        <SearchBar
          value={draft}
          onChange={setDraft}
          onSearch={() => actions.applySearch(draft)}
          onReset={reset}
        />
        <div id={PRODUCTS_ID} className={styles.products} tabIndex={-1}>
          {view.selectedCategory ? (
            <Suspense fallback={<SkeletonGrid />}>
              <CategoryView
                shop={shop}
                category={view.selectedCategory}
                searchQuery={view.searchQuery}
                sort={sort}
                page={view.currentPage}
                actions={actions}
              />
            </Suspense>
          ) : (
            <OverviewView
              shop={shop}
              query={overview}
              searchQuery={view.searchQuery}
              onChooseCategory={chooseCategory}
              onReset={reset}
            />
          )}
        </div>
      </main>
      <ProductModalHost shop={shop} />
      <ScrollToTopButton />
    </ShopContext>
  );
}
