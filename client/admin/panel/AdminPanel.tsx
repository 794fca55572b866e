import { useId, useState } from 'react';
import type { ShopConfig } from '../../../shared/shops.js';
import { AddProductTab } from '../tabs/AddProductTab.js';
import { DeleteProductTab } from '../tabs/DeleteProductTab.js';
import { EditProductTab } from '../tabs/EditProductTab.js';
import { AdminHeader } from './AdminHeader.js';
import { AdminTabs } from './AdminTabs.js';
import type { AdminTabId } from './adminTabs.js';
import styles from './AdminPanel.module.css';

/**
 * The one admin screen for every shop (docs/product.md §2 "Admin screens"): what it shows comes from the shop's
 * registry entry. Each tab mounts when opened, so entering Add fetches a fresh next id.
 */
export function AdminPanel({ shop }: { shop: ShopConfig }) {
  const idPrefix = useId().replaceAll(':', '');
  const [tab, setTab] = useState<AdminTabId>('add');

  return (
    <main className={styles.page}>
      <AdminHeader shop={shop} />
      <AdminTabs active={tab} onChange={setTab} idPrefix={idPrefix} />
      <div
        id={`${idPrefix}-panel`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-tab-${tab}`}
        className={styles.panel}
      >
        {tab === 'add' && <AddProductTab shop={shop} />}
        {tab === 'delete' && <DeleteProductTab shop={shop} />}
        {tab === 'edit' && <EditProductTab shop={shop} />}
      </div>
    </main>
  );
}
