import { useId, useState } from 'react';
import type { ShopConfig } from '../../../shared/shops.js';
import { Link, useSearchParams } from '../../app/router.js';
import controls from '../ui/Controls.module.css';
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
  // ?edit=ID (the products table's edit link) opens the Edit tab with that product loaded.
  const [params] = useSearchParams();
  const editId = /^\d{1,10}$/.test(params.get('edit') ?? '') ? (params.get('edit') ?? undefined) : undefined;
  const [tab, setTab] = useState<AdminTabId>(editId ? 'edit' : 'add');

  return (
    <main className={styles.page}>
      <AdminHeader shop={shop} />
      <div className={styles.toolRow}>
        <AdminTabs active={tab} onChange={setTab} idPrefix={idPrefix} />
        <nav className={styles.tools} aria-label="Catalogue tools">
          <Link
            className={`${controls.button} ${controls.secondary} ${controls.small}`}
            to={`${shop.adminRoute}/products`}
          >
            All products, CSV and bulk edit
          </Link>
          {shop.sells === 'on-site' && (
            <Link
              className={`${controls.button} ${controls.secondary} ${controls.small}`}
              to={`${shop.adminRoute}/sales`}
            >
              Sales
            </Link>
          )}
          {shop.sells === 'on-site' && (
            <Link
              className={`${controls.button} ${controls.secondary} ${controls.small}`}
              to={`${shop.adminRoute}/money`}
            >
              Money
            </Link>
          )}
          {shop.sells === 'on-site' && (
            <Link
              className={`${controls.button} ${controls.secondary} ${controls.small}`}
              to={`${shop.adminRoute}/outbox`}
            >
              Outbox
            </Link>
          )}
          {shop.sells === 'links-out' && (
            <Link
              className={`${controls.button} ${controls.secondary} ${controls.small}`}
              to={`${shop.adminRoute}/prices`}
            >
              Price checks
            </Link>
          )}
          <Link
            className={`${controls.button} ${controls.secondary} ${controls.small}`}
            to={`${shop.adminRoute}/activity`}
          >
            Activity
          </Link>
        </nav>
      </div>
      <div
        id={`${idPrefix}-panel`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-tab-${tab}`}
        className={styles.panel}
      >
        {tab === 'add' && <AddProductTab shop={shop} />}
        {tab === 'delete' && <DeleteProductTab shop={shop} />}
        {tab === 'edit' && <EditProductTab shop={shop} initialId={editId} />}
      </div>
    </main>
  );
}
