import { useEffect, useRef, type RefObject } from 'react';
import type { CatalogOverview } from '../../../shared/schemas/catalog.js';
import type { ShopConfig, SortMode } from '../../../shared/shops.js';
import { trapTab } from '../../ui/focusTrap.js';
import { Icon } from '../../ui/Icon.js';
import { scrollToTop } from '../../ui/useWindowScroll.js';
import { CategoryTree } from './CategoryTree.js';
import { isSortActive, type ShopViewState } from './shopViewState.js';
import { ShopNav } from './ShopNav.js';
import { SortSection } from './SortSection.js';
import type { ShopViewActions } from './usePersistentShopState.js';
import styles from './Sidebar.module.css';

export const SIDEBAR_ID = 'shop-sidebar';

const NAV_CLASSES = { nav: styles.list, link: styles.option, active: styles.active };

interface SidebarProps {
  shop: ShopConfig;
  open: boolean;
  /** Move focus in when opened from the menu button (not when opened by hovering the edge). */
  focusOnOpen: boolean;
  onHoverEdge: () => void;
  onClose: () => void;
  /** Where focus goes back to when the menu, opened from it, closes. */
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  overview: CatalogOverview | undefined;
  view: ShopViewState;
  actions: ShopViewActions;
}

/** Sorts and the category tree; opens by the menu button or the left edge, closes on leave (docs/product.md §2). */
export function Sidebar({
  shop,
  open,
  focusOnOpen,
  onHoverEdge,
  onClose,
  menuButtonRef,
  overview,
  view,
  actions,
}: SidebarProps) {
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const menuButton = menuButtonRef.current;
    if (focusOnOpen) panel?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      // Opened from the menu button, the menu is modal for the keyboard: Tab stays inside it.
      else if (focusOnOpen && panel) trapTab(event, panel);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      const focus = document.activeElement;
      // Focus inside the closing panel (or dropped to the page) goes back to the menu button.
      if (focusOnOpen && (focus === document.body || panel?.contains(focus))) {
        menuButton?.focus({ preventScroll: true });
      }
    };
  }, [open, focusOnOpen, onClose, menuButtonRef]);

  // A sort is a setting, not a place: the menu stays open, with focus on the sort just chosen.
  const chooseSort = (mode: SortMode) => actions.chooseSort(mode);
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
        <section className={styles.section} aria-labelledby="sidebar-shops-title">
          <h2 id="sidebar-shops-title" className={styles.sectionTitle}>
            Shops
          </h2>
          <ShopNav label="Shops in the menu" classes={NAV_CLASSES} />
        </section>
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
