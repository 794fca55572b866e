/**
 * The route table of docs/product.md §2. The four shop routes come from the registry and all render the one
 * ShopPage engine, with the extensions (header actions, offers) their registry flags call for; every
 * other screen is lazy-loaded so the shop bundle does not carry it.
 */
import { lazy } from 'react';
import { Route, Switch } from './app/router.js';
import { NAV_ORDER, SHOPS, type ShopConfig, type ShopKey } from '../shared/shops.js';
import { SiteLayout } from './app/SiteLayout.js';
import { openBoxExtensions } from './openbox/shopExtensions.js';
import { SessionGuard } from './session/SessionGuard.js';
import { ShopPage } from './shops/page/ShopPage.js';
import type { ShopExtensions } from './shops/page/shopExtensions.js';

const NotFoundPage = lazy(() => import('./app/NotFoundPage.js').then((m) => ({ default: m.NotFoundPage })));
const PaymentSuccessPage = lazy(() =>
  import('./openbox/PaymentSuccessPage.js').then((m) => ({ default: m.PaymentSuccessPage })),
);
const AdminRoute = lazy(() => import('./admin/AdminRoute.js'));
const AdminOrdersPage = lazy(() => import('./admin/orders/AdminOrdersPage.js'));
const AdminReturnsPage = lazy(() => import('./admin/orders/AdminReturnsPage.js'));
const AdminProductsPage = lazy(() => import('./admin/products/AdminProductsPage.js'));
const AdminSalesPage = lazy(() => import('./admin/sales/AdminSalesPage.js'));
const AdminOutboxPage = lazy(() => import('./admin/outbox/AdminOutboxPage.js'));
const AdminPricesPage = lazy(() => import('./admin/prices/AdminPricesPage.js'));
const AdminMoneyPage = lazy(() => import('./admin/money/AdminMoneyPage.js'));
const AdminActivityPage = lazy(() => import('./admin/activity/AdminActivityPage.js'));
const PaymentCancelPage = lazy(() =>
  import('./openbox/PaymentCancelPage.js').then((m) => ({ default: m.PaymentCancelPage })),
);
const AccountPage = lazy(() => import('./openbox/account/AccountPage.js'));
const SandboxPayPage = lazy(() => import('./openbox/pay/SandboxPayPage.js'));
const ChatsPage = lazy(() => import('./chat/ChatsPage.js'));
const ChatPage = lazy(() => import('./chat/ChatPage.js'));

// Made once per shop, so the engine's context keeps one extensions object across renders.
const EXTENSIONS = new Map<ShopKey, ShopExtensions | undefined>(
  NAV_ORDER.map((key) => [key, openBoxExtensions(SHOPS[key])]),
);

function ShopRoute({ shop }: { shop: ShopConfig }) {
  // `key` gives each shop its own state (search, category, page, sorts) when switching routes.
  const page = <ShopPage key={shop.key} shop={shop} extensions={EXTENSIONS.get(shop.key)} />;
  return shop.guarded ? <SessionGuard>{page}</SessionGuard> : page;
}

export function AppRoutes() {
  const shops = NAV_ORDER.map((key) => SHOPS[key]);
  return (
    <SiteLayout>
      <Switch>
        {shops.map((shop) => (
          <Route key={shop.key} path={shop.route}>
            <ShopRoute shop={shop} />
          </Route>
        ))}
        <Route path="/account">
          <SessionGuard requireSignIn>
            <AccountPage />
          </SessionGuard>
        </Route>
        <Route path="/chats">
          <SessionGuard requireSignIn>
            <ChatsPage />
          </SessionGuard>
        </Route>
        <Route path="/chat/:chatId">
          <SessionGuard requireSignIn>
            <ChatPage />
          </SessionGuard>
        </Route>
        <Route path="/pay/:paymentId">
          <SessionGuard requireSignIn>
            <SandboxPayPage />
          </SessionGuard>
        </Route>
        <Route path="/success">
          <PaymentSuccessPage />
        </Route>
        <Route path="/cancel">
          <PaymentCancelPage />
        </Route>
        <Route path="/orders/returns">
          <AdminReturnsPage />
        </Route>
        <Route path="/orders">
          <AdminOrdersPage />
        </Route>
        {shops.map((shop) => (
          <Route key={shop.adminRoute} path={shop.adminRoute}>
            <AdminRoute shop={shop} />
          </Route>
        ))}
        {shops.map((shop) => (
          <Route key={`${shop.adminRoute}/products`} path={`${shop.adminRoute}/products`}>
            <AdminProductsPage shop={shop} />
          </Route>
        ))}
        {shops
          .filter((shop) => shop.sells === 'on-site')
          .map((shop) => (
            <Route key={`${shop.adminRoute}/sales`} path={`${shop.adminRoute}/sales`}>
              <AdminSalesPage shop={shop} />
            </Route>
          ))}
        {shops
          .filter((shop) => shop.sells === 'links-out')
          .map((shop) => (
            <Route key={`${shop.adminRoute}/prices`} path={`${shop.adminRoute}/prices`}>
              <AdminPricesPage shop={shop} />
            </Route>
          ))}
        {shops
          .filter((shop) => shop.sells === 'on-site')
          .map((shop) => (
            <Route key={`${shop.adminRoute}/outbox`} path={`${shop.adminRoute}/outbox`}>
              <AdminOutboxPage shop={shop} />
            </Route>
          ))}
        {shops
          .filter((shop) => shop.sells === 'on-site')
          .map((shop) => (
            <Route key={`${shop.adminRoute}/money`} path={`${shop.adminRoute}/money`}>
              <AdminMoneyPage shop={shop} />
            </Route>
          ))}
        {shops.map((shop) => (
          <Route key={`${shop.adminRoute}/activity`} path={`${shop.adminRoute}/activity`}>
            <AdminActivityPage shop={shop} />
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </SiteLayout>
  );
}
