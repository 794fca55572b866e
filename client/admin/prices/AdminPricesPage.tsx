/**
 * The Price checks screen ({admin route}/prices, issue 29) of a shop that links out: lazy-imported by the
 * route table, behind the admin login gate; its chart library loads only when a history is shown.
 */
import type { ShopConfig } from '../../../shared/shops.js';
import { AdminGate } from '../session/AdminGate.js';
import { PriceChecksScreen } from './PriceChecksScreen.js';

export function AdminPricesPage({ shop }: { shop: ShopConfig }) {
  return (
    <AdminGate>
      <PriceChecksScreen shop={shop} />
    </AdminGate>
  );
}

export default AdminPricesPage;
