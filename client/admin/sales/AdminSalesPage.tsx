/**
 * The open-box sales dashboard ({admin route}/sales): lazy-imported by the route table, behind the admin
 * login gate; its chart library loads only on this screen.
 */
import type { ShopConfig } from '../../../shared/shops.js';
import { AdminGate } from '../session/AdminGate.js';
import { SalesScreen } from './SalesScreen.js';

export function AdminSalesPage({ shop }: { shop: ShopConfig }) {
  return (
    <AdminGate>
      <SalesScreen shop={shop} />
    </AdminGate>
  );
}

export default AdminSalesPage;
