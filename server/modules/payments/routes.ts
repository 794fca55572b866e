import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentIdParamsSchema, sandboxOrderSchema } from '../../../shared/schemas/buying.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { notFound } from '../../http/errors.js';
import { currentBuyer, requireBuyer } from '../buyers/require-buyer.js';
import * as payments from './service.js';

/**
 * NOWPayments' callback. No buyer or admin token: the provider proves itself by signing the body with
 * the IPN secret, checked before anything else is read.
 */
const ipnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, paymentProvider, config } = app.deps;
  const secret = paymentProvider.name === 'nowpayments' ? config.NOWPAYMENTS_IPN_SECRET : undefined;

  app.post('/api/payments/ipn', { schema: { response: { 200: okSchema } } }, async (request) => {
    if (!secret)
      throw notFound('Payment callbacks are off: this shop does not take payments through NOWPayments.');
    await payments.receiveIpn(db, secret, request.headers['x-nowpayments-sig'], request.body, request.log);
    return { ok: true as const };
  });
};

/** The sandbox payment page's calls (docs/architecture.md §7): the signed-in buyer's own orders only. */
const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, paymentProvider } = app.deps;
  const active = paymentProvider.name === 'sandbox';
  // First, so a shop taking real payments answers the same to everyone, signed in or not.
  app.addHook('onRequest', async () => {
    if (!active) throw notFound('The sandbox payment page is off: this shop takes real payments.');
  });
  requireBuyer(app);

  app.get(
    '/api/payments/sandbox/:payment_id',
    { schema: { params: paymentIdParamsSchema, response: { 200: sandboxOrderSchema } } },
    async (request) => payments.getSandboxOrder(db, currentBuyer(request), request.params.payment_id),
  );

  app.post(
    '/api/payments/sandbox/:payment_id/pay',
    { schema: { params: paymentIdParamsSchema, response: { 200: sandboxOrderSchema } } },
    async (request) => payments.paySandboxOrder(db, currentBuyer(request), request.params.payment_id),
  );
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ipnRoutes);
  await app.register(sandboxRoutes);
};
