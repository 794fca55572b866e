/** The payments module's front door: its routes and the one provider of this process. */
export { paymentRoutes } from './routes.js';
export { selectPaymentProvider } from './select-provider.js';
