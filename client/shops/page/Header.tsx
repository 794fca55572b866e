import type { ReactNode, RefObject } from 'react';
import { Link } from '../../app/router.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { BRAND_NAME } from '../../ui/brand.js';
import { Icon } from '../../ui/Icon.js';
import { ThemeToggle } from '../../ui/ThemeToggle.js';
import { useScrollingDown } from '../../ui/useWindowScroll.js';
import { ShopNav } from './ShopNav.js';
import { SIDEBAR_ID } from './Sidebar.js';
import styles from './Header.module.css';

interface HeaderProps {
  shop: ShopConfig;
  /** The shop's header-actions slot (shopExtensions.ts), shown before the theme toggle. */
  actions?: ReactNode;
  sidebarOpen: boolean;
  onOpenMenu: () => void;
  /** The sidebar gives focus back to this button when it closes. */
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

const NAV_CLASSES = { nav: styles.nav, link: styles.navLink, active: styles.navLinkActive };

/**
 * Menu button, logo, the shop links, the shop's own actions and the theme toggle. On a phone it is one
 * row: the shop links move into the menu (Sidebar), and the header slides away while the page scrolls
 * down and returns on the first scroll up (CSS keeps it while focus is inside it).
 */
export function Header({ shop, actions, sidebarOpen, onOpenMenu, menuButtonRef }: HeaderProps) {
  const scrollingDown = useScrollingDown(120);
  return (
    <header className={`${styles.header} ${scrollingDown && !sidebarOpen ? styles.tucked : ''}`}>
      <div className={styles.bar}>
        <button
          ref={menuButtonRef}
          type="button"
          className={styles.iconButton}
          onClick={onOpenMenu}
          aria-label="Open menu"
          aria-expanded={sidebarOpen}
          aria-controls={SIDEBAR_ID}
        >
          <Icon name="menu" />
        </button>
        {/* Named by its text alone, so what a speech user reads on screen is what the link answers to. */}
        <Link to={shop.route} className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true">
            A
          </span>
          <span className={styles.logoText}>{BRAND_NAME}</span>
        </Link>
        <ShopNav label="Shops" classes={NAV_CLASSES} />
        <div className={styles.actions}>
          {actions}
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
