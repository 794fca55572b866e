/**
 * The Money screen ({admin route}/money, issue 28): the ledger of a period. Lazy-imported by the route
 * table, behind the admin login gate.
 */
import type { ShopConfig } from '../../../shared/shops.js';
import { AdminGate } from '../session/AdminGate.js';
import { MoneyScreen } from './MoneyScreen.js';

export function AdminMoneyPage({ shop }: { shop: ShopConfig }) {
  return (
    <AdminGate>
      <MoneyScreen shop={shop} />
    </AdminGate>
  );
}

export default AdminMoneyPage;
