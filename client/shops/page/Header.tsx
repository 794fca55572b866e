import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ShopConfig } from '../../../shared/shops.js';
import { BRAND_NAME } from '../../ui/brand.js';
import { Icon } from '../../ui/Icon.js';
import { ThemeToggle } from '../../ui/ThemeToggle.js';
import { ShopNav } from './ShopNav.js';
import { SIDEBAR_ID } from './Sidebar.js';
import styles from './Header.module.css';

interface HeaderProps {
  shop: ShopConfig;
  /** The shop's header-actions slot (shopExtensions.ts), shown before the theme toggle. */
  actions?: ReactNode;
  sidebarOpen: boolean;
  onOpenMenu: () => void;
}

/** Menu button, logo, the shop links, the shop's own actions and the theme toggle. */
export function Header({ shop, actions, sidebarOpen, onOpenMenu }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.iconButton}
          onClick={onOpenMenu}
          aria-label="Open menu"
          aria-expanded={sidebarOpen}
          aria-controls={SIDEBAR_ID}
        >
          <Icon name="menu" />
        </button>
        <Link to={shop.route} className={styles.logo} aria-label={`${BRAND_NAME} home`}>
          <span className={styles.logoMark} aria-hidden="true">
            A
          </span>
          <span className={styles.logoText}>{BRAND_NAME}</span>
        </Link>
        <ShopNav />
        <div className={styles.actions}>
          {actions}
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
