/**
 * The route table of SPEC §2. The four shop routes come from the registry and all render the one
 * ShopPage engine; every other screen is lazy-loaded so the shop bundle does not carry it.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { NAV_ORDER, SHOPS, type ShopConfig } from '../shared/shops.js';
import { SiteLayout } from './app/SiteLayout.js';
import { SessionGuard } from './session/SessionGuard.js';
import { ShopPage } from './shops/ShopPage.js';

const ComingSoonPage = lazy(() =>
  import('./app/ComingSoonPage.js').then((m) => ({ default: m.ComingSoonPage })),
);
const NotFoundPage = lazy(() => import('./app/NotFoundPage.js').then((m) => ({ default: m.NotFoundPage })));
const PaymentSuccessPage = lazy(() =>
  import('./openbox/PaymentSuccessPage.js').then((m) => ({ default: m.PaymentSuccessPage })),
);
const AdminRoute = lazy(() => import('./admin/AdminRoute.js'));
const PaymentCancelPage = lazy(() =>
  import('./openbox/PaymentCancelPage.js').then((m) => ({ default: m.PaymentCancelPage })),
);

function ShopRoute({ shop }: { shop: ShopConfig }) {
  // `key` gives each shop its own state (search, category, page, sorts) when switching routes.
  const page = <ShopPage key={shop.key} shop={shop} />;
  return shop.guarded ? <SessionGuard>{page}</SessionGuard> : page;
}

export function AppRoutes() {
  const shops = NAV_ORDER.map((key) => SHOPS[key]);
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {shops.map((shop) => (
          <Route key={shop.key} path={shop.route} element={<ShopRoute shop={shop} />} />
        ))}
        <Route
          path="/account"
          element={
            <SessionGuard>
              <ComingSoonPage title="My Account" />
            </SessionGuard>
          }
        />
        <Route path="/chats" element={<ComingSoonPage title="Your chats" />} />
        <Route path="/chat/:chatId" element={<ComingSoonPage title="Support Chat" backTo="/chats" />} />
        <Route path="/success" element={<PaymentSuccessPage />} />
        <Route path="/cancel" element={<PaymentCancelPage />} />
        <Route path="/orders" element={<ComingSoonPage title="Orders" backTo={SHOPS.ayz.adminRoute} />} />
        {shops.map((shop) => (
          <Route key={shop.adminRoute} path={shop.adminRoute} element={<AdminRoute shop={shop} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
