/**
 * The activity log ({admin route}/activity): every staff action, lazy-imported by the route table,
 * behind the admin login gate.
 */
import type { ShopConfig } from '../../../shared/shops.js';
import { AdminGate } from '../session/AdminGate.js';
import { ActivityScreen } from './ActivityScreen.js';

export function AdminActivityPage({ shop }: { shop: ShopConfig }) {
  return (
    <AdminGate>
      <ActivityScreen shop={shop} />
    </AdminGate>
  );
}

export default AdminActivityPage;
