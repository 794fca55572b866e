/**
 * What other modules may use of orders. Orders depends on no payment provider: payments builds on the
 * invoice seam declared in checkout.ts and applies verified callbacks through payment-status.ts.
 */
export {
  createPurchase,
  INVOICE_TIMEOUT_MS,
  type Invoice,
  type InvoiceIssuer,
  type InvoiceRequest,
  PROVIDER_DOWN,
  type PurchaseOptions,
} from './checkout.js';
export { findPayment, getOrder, getPayment, invoiceTotalCents, type Payment } from './lookup.js';
export { countOrdersByStatus } from './repository.js';
export { recordMoneyException, restoreDeletedPayment } from './exceptions.js';
export {
  applyPaymentStatus,
  applyProviderStatus,
  type PaymentNews,
  type SettleOptions,
} from './payment-status.js';
export { dollars } from './presenter.js';
export { orderRoutes } from './routes.js';
export { scheduleUnpaidOrderSweep, sweepUnpaidOrders } from './sweep.js';
