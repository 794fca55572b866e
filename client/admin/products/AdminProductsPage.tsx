/**
 * A shop's products table ({admin route}/products): lazy-imported by the route table, behind the admin
 * login gate, so nothing of it loads for shop visitors.
 */
import type { ShopConfig } from '../../../shared/shops.js';
import { AdminGate } from '../session/AdminGate.js';
import { ProductsScreen } from './ProductsScreen.js';

export function AdminProductsPage({ shop }: { shop: ShopConfig }) {
  return (
    <AdminGate>
      <ProductsScreen key={shop.key} shop={shop} />
    </AdminGate>
  );
}

export default AdminProductsPage;
