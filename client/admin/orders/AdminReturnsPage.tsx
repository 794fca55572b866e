/** /orders/returns (issue 28): every return, behind the admin login gate, lazy-imported by the route table. */
import { AdminGate } from '../session/AdminGate.js';
import { ReturnsScreen } from './ReturnsScreen.js';

export function AdminReturnsPage() {
  return (
    <AdminGate>
      <ReturnsScreen />
    </AdminGate>
  );
}

export default AdminReturnsPage;
