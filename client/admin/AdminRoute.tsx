/**
 * Entry of the admin area (docs/product.md §2 "Admin login gate"): lazy-imported by the route table for /admin,
 * /ayzadmin, /pcadmin and /smartadmin, so nothing under client/admin loads for shop visitors.
 */
import type { ShopConfig } from '../../shared/shops.js';
import { AdminPanel } from './panel/AdminPanel.js';
import { AdminGate } from './session/AdminGate.js';

export function AdminRoute({ shop }: { shop: ShopConfig }) {
  return (
    <AdminGate>
      {/* A new key per shop: switching shops starts a fresh panel (tab, forms) for the new shop. */}
      <AdminPanel key={shop.key} shop={shop} />
    </AdminGate>
  );
}

export default AdminRoute;
