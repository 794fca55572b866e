/**
 * The open-box outbox ({admin route}/outbox): every e-mail the shop queued, lazy-imported by the route
 * table, behind the admin login gate.
 */
import type { ShopConfig } from '../../../shared/shops.js';
import { AdminGate } from '../session/AdminGate.js';
import { OutboxScreen } from './OutboxScreen.js';

export function AdminOutboxPage({ shop }: { shop: ShopConfig }) {
  return (
    <AdminGate>
      <OutboxScreen shop={shop} />
    </AdminGate>
  );
}

export default AdminOutboxPage;
