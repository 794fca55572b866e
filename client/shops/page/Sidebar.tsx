import { useEffect, useRef } from 'react';
import type { CatalogOverview } from '../../../shared/schemas/catalog.js';
import type { ShopConfig, SortMode } from '../../../shared/shops.js';
import { Icon } from '../../ui/Icon.js';
import { scrollToTop } from '../../ui/useWindowScroll.js';
import { CategoryTree } from './CategoryTree.js';
import { isSortActive, type ShopViewState } from './shopViewState.js';
import { SortSection } from './SortSection.js';
import type { ShopViewActions } from './usePersistentShopState.js';
import styles from './Sidebar.module.css';

export const SIDEBAR_ID = 'shop-sidebar';

interface SidebarProps {
  shop: ShopConfig;
  open: boolean;
  /** Move focus in when opened from the menu button (not when opened by hovering the edge). */
  focusOnOpen: boolean;
  onHoverEdge: () => void;
  onClose: () => void;
  overview: CatalogOverview | undefined;
  view: ShopViewState;
  actions: ShopViewActions;
}

/** Sorts and the category tree; opens by the menu button or the left edge, closes on leave (SPEC §2). */
export function Sidebar({
  shop,
  open,
  focusOnOpen,
  onHoverEdge,
  onClose,
  overview,
  view,
  actions,
}: SidebarProps) {
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen) panelRef.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, focusOnOpen, onClose]);

  const chooseSort = (mode: SortMode) => {
    actions.chooseSort(mode);
    onClose();
  };
  const chooseCategory = (category: string | null) => {
    actions.chooseCategory(category);
    onClose();
    scrollToTop();
  };

  return (
    <>
      <div className={styles.edge} onMouseEnter={onHoverEdge} aria-hidden="true" />
      <div
        className={`${styles.overlay} ${open ? styles.overlayOpen : ''}`}
        onClick={onClose}
        aria-hidden="true"
      />
      <aside
        id={SIDEBAR_ID}
        ref={panelRef}
        className={`${styles.panel} ${open ? styles.panelOpen : ''}`}
        aria-label={`${shop.name} menu`}
        inert={!open}
        onMouseLeave={onClose}
      >
        <div className={styles.panelHeader}>
          <p className={styles.panelTitle}>{shop.name}</p>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close menu">
            <Icon name="close" />
          </button>
        </div>
        <SortSection sorts={shop.sorts} isActive={(mode) => isSortActive(view, mode)} onChoose={chooseSort} />
        {overview && (
          <CategoryTree
            categories={overview.categories}
            totals={shop.showCategoryTotals ? overview.totals : undefined}
            selected={view.selectedCategory}
            onChoose={chooseCategory}
          />
        )}
      </aside>
    </>
  );
}
