/**
 * /orders (docs/product.md §2 "Admin orders page"): lazy-imported by the route table, behind the same login gate
 * as the admin panels, so nothing of it loads for shop visitors.
 */
import { AdminGate } from '../session/AdminGate.js';
import { OrdersScreen } from './OrdersScreen.js';

export function AdminOrdersPage() {
  return (
    <AdminGate>
      <OrdersScreen />
    </AdminGate>
  );
}

export default AdminOrdersPage;
